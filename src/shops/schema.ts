/**
 * A shop's locale configuration (spec §3): the data that differs between the de, at and ro shops.
 * Kept in the repository as JSON, one file per shop, validated here.
 */
import { z } from 'zod';
import { Locale } from '../catalog/export-schema.ts';

const Link = z.object({ title: z.string().min(1), href: z.string().min(1) });
const Country = z.object({
  id: z.number().int().positive(),
  isoalpha2: z.string().length(2),
  /** Label of the tax shown next to prices, e.g. "Ust." or "TVA" (tax_tax_title). */
  taxTitle: z.string().min(1),
  /** A small flag image (SVG in public/chrome/): emoji flags are letter pairs on Windows and empty boxes without an emoji font. */
  flag: z.string().regex(/^\/[\w./-]+\.(svg|png|webp)$/, 'a flag image path such as /chrome/flag-de.svg'),
});

/** An https origin a Content-Security-Policy may name, e.g. https://js.stripe.com or https://*.google-analytics.com. */
export const CspOrigin = z.string().regex(/^https:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?$/, 'an https origin such as https://js.stripe.com (no path)');

/**
 * A third party the shop's pages use, with the origins each kind of request goes to. The
 * Content-Security-Policy (src/integrations/site-rules.ts) allows exactly these plus the rating
 * widget's and tag manager's own origins (from ratingBadgeUrl and tagManagerUrl).
 */
export const ThirdParty = z.object({
  /** media: images in editor texts hosted elsewhere than the shop. */
  purpose: z.enum(['rating', 'tagManager', 'supportChat', 'errorReporting', 'payment', 'media']),
  name: z.string().min(1),
  /** script-src: scripts the page loads from it (the tag manager's tags, a chat widget). */
  script: z.array(CspOrigin).default([]),
  /** connect-src: fetch/XHR/beacons/WebSocket (analytics hits, error reports, a chat's API). */
  connect: z.array(CspOrigin).default([]),
  /** img-src: images and tracking pixels. */
  img: z.array(CspOrigin).default([]),
  /** frame-src: frames on the shop's pages (a payment provider's card form, a chat window). */
  frame: z.array(CspOrigin).default([]),
  /** form-action: forms that post to it (a payment provider's page reached by a form post). */
  form: z.array(CspOrigin).default([]),
});
export type ThirdParty = z.infer<typeof ThirdParty>;

export const ShopConfig = z.object({
  code: z.enum(['de', 'at', 'ro']),
  /** lang_locale */
  locale: Locale,
  /** lang_code: the language of the texts. */
  language: z.enum(['de', 'ro']),
  /** BCP 47 tag for hreflang and number formats, e.g. de-DE. */
  hreflang: z.string().regex(/^[a-z]{2}-[A-Z]{2}$/),
  /** lang_url: the production origin of the shop. */
  origin: z.url(),
  storeName: z.string().min(1),
  /** country_id: the default delivery country, whose VAT the static prices carry. */
  countryId: z.number().int().positive(),
  /** The countries the shopper may pick in the country header; the first is the default. */
  countries: z.array(Country).min(1),
  currency: z.object({ code: z.string().length(3), symbol: z.string().min(1), format: z.string().default('%n %s') }),
  /** Routes of spec §2 mapped to Thelia content ids (mapped by configuration, not by slug). */
  contentPages: z.record(z.string().regex(/^\/[\w./-]*$/), z.number().int().positive()),
  /** /widerrufsformular redirects here. */
  withdrawalFormUrl: z.string().min(1),
  phone: z.object({ display: z.string(), tel: z.string(), countryPrefix: z.string(), regex: z.string(), required: z.boolean() }),
  vatMinLength: z.number().int().positive(),
  supportTime: z.string(),
  address: z.object({ street: z.string(), zip: z.string(), city: z.string(), country: z.string() }),
  email: z.email(),
  /** categories_0_vat: category ids sold without VAT in the flagged country. */
  zeroVatCategories: z.array(z.number().int().positive()).default([]),
  zeroVatTitle: z.string().default(''),
  priceRequestProductIds: z.array(z.number().int().positive()).default([]),
  configMinPrice: z.number().nonnegative().default(0),
  menuCategoryIds: z.array(z.number().int().positive()).default([]),
  leftMenuContentIds: z.array(z.number().int().positive()).default([]),
  rightMenuContentIds: z.array(z.number().int().positive()).default([]),
  linksLeftMenu: z.array(Link).default([]),
  linksRightMenu: z.array(Link).default([]),
  categoryIcons: z.record(z.string(), z.string()).default({}),
  header: z.object({ text: z.string(), textMore: z.string(), icon: z.string(), color: z.string() }).optional(),
  social: z.object({ facebook: z.url().optional(), instagram: z.url().optional(), youtube: z.url().optional(), tiktok: z.url().optional() }).default({}),
  rating: z
    .object({ provider: z.enum(['shopvote', 'trustedshops', 'none']), id: z.string().default(''), display: z.boolean().default(false) })
    .default({ provider: 'none', id: '', display: false }),
  whatsapp: z.object({ enabled: z.boolean(), number: z.string().default('') }).default({ enabled: false, number: '' }),
  googleBadge: z.boolean().default(false),
  displayAdvent: z.boolean().default(false),
  tagManagerId: z.string().default(''),
  /** The tag manager script, loaded only after consent; `{id}` is replaced by tagManagerId. */
  tagManagerUrl: z.string().default('https://www.googletagmanager.com/gtm.js?id={id}'),
  /** Thelia's back office (the admin bar's links), without a trailing slash; '' for none. */
  backOfficeUrl: z
    .string()
    .default('')
    .transform((url) => url.replace(/\/$/, '')),
  /** The advent flag: the seasonal banner below 1200 px links to /advent-calendar. */
  adventActive: z.boolean().default(false),
  /**
   * Error reporting (spec §9: traces 0.2, session replays 0.1, replays on error 1) with Sentry's
   * browser SDK: loaded after the page is idle, and only when a DSN is configured (here, or for a
   * build by SHOP_ERROR_DSN="shop=dsn;shop=dsn").
   */
  errorReporting: z.object({ dsn: z.string().default(''), environment: z.string().default('production') }).default({ dsn: '', environment: 'production' }),
  /** The support-chat script (spec §7): loaded after the page is idle, only when a key is configured; `{key}` in `src` is replaced. */
  supportChat: z.object({ key: z.string().default(''), src: z.string().default('') }).default({ key: '', src: '' }),
  /** The shop's own time zone (IANA): the advent calendar opens its doors by this clock. */
  timeZone: z.string().refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'an IANA time zone such as Europe/Berlin'),
  /** Sales bar setting and the module's activate flag (spec §3). */
  salesBar: z
    .object({
      moduleActive: z.boolean().default(false),
      active: z.boolean().default(false),
      message: z.string().default(''),
      link: z.string().default(''),
      linkText: z.string().default(''),
      dismissButton: z.boolean().default(true),
    })
    .default({ moduleActive: false, active: false, message: '', link: '', linkText: '', dismissButton: true }),
  /** Footer images (paths under public/ or absolute URLs). */
  paymentImages: z.array(z.object({ src: z.string().min(1), alt: z.string().min(1) })).default([]),
  deliveryImage: z.object({ src: z.string().min(1), alt: z.string().min(1) }).optional(),
  /** The e-mail address as a picture (mail picture), against harvesting. */
  mailPicture: z.string().default(''),
  /** Romanian partner links (ANPC and the like). */
  partnerLinks: z.array(z.object({ title: z.string().min(1), href: z.string().min(1), image: z.string().default('') })).default([]),
  /** The rating widget's badge data (JSON with ratingvalue, ratingcount, reviewpage); `{id}` and `{lang}` are replaced. */
  ratingBadgeUrl: z.string().default(''),
  /** Third parties beyond the rating widget's badge data and the tag manager's script (see ThirdParty). */
  thirdParties: z.array(ThirdParty).default([]),
  logo: z.object({ src: z.string().min(1), width: z.number().int().positive(), height: z.number().int().positive() }).default({ src: '/chrome/logo.svg', width: 160, height: 40 }),
});
export type ShopConfig = z.infer<typeof ShopConfig>;
export type ShopCode = ShopConfig['code'];
