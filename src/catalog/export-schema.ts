/**
 * The Thelia export format: the one contract between a catalog producer (the Thelia exporter,
 * the sample generator) and everything that reads a catalog (the static build, the shop API).
 *
 * Layout of an export folder (see docs/export-format.md for the prose version):
 *   manifest.json            Manifest
 *   currencies.json          Currency[]
 *   countries.json           Country[]
 *   tax-rules.json           TaxRule[]
 *   fulfilment-centers.json  FulfilmentCenter[]      (optional module data)
 *   categories.ndjson        one Category per line
 *   brands.ndjson            one Brand per line
 *   folders.ndjson           one Folder per line
 *   contents.ndjson          one Content per line
 *   products.ndjson          one Product per line (with its variants)
 *   redirects.ndjson         one Redirect per line
 *   media/                   image and document files referenced by `file`
 *
 * Money is always a decimal string ("12.500000"), never a float: Thelia stores DECIMAL(16,6)
 * and currency rates that only survive as decimals.
 */
import { z } from 'zod';

export const EXPORT_FORMAT = 'thelia-storefront-export';
export const EXPORT_FORMAT_VERSION = 1;

export const LOCALES = ['de_DE', 'de_AT', 'ro_RO'] as const;
export const Locale = z.enum(LOCALES);
export type Locale = z.infer<typeof Locale>;

const Id = z.number().int().positive();
/** A decimal number as text, up to 6 decimals: how Thelia stores prices and rates. */
export const Decimal = z.string().regex(/^-?\d{1,12}(\.\d{1,6})?$/, 'expected a decimal string such as "12.50"');
const NonNegativeDecimal = Decimal.refine((v) => !v.startsWith('-'), 'must not be negative');
const IsoDateTime = z.iso.datetime({ offset: true });

/** A friendly URL: a flat path relative to the shop root, as Thelia writes it (`classic-t-shirt.html`). */
export const Slug = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[^/?#\s][^?#\s]*$/, 'a friendly URL is a relative path without query, fragment or spaces')
  .refine((s) => !s.split('/').includes('..'), 'a friendly URL must not contain ".."');

/** Text per locale. Every locale of the manifest must be present (fallback already applied). */
const PerLocale = <T extends z.ZodType>(value: T) => z.partialRecord(Locale, value);
export const LocalizedString = PerLocale(z.string());
export const LocalizedUrl = PerLocale(Slug);

/** The i18n columns of Thelia's catalog tables, after the fallback to the default language. */
export const Texts = z.object({
  title: z.string().min(1, 'title must not be empty'),
  chapo: z.string().default(''),
  /** Editor HTML; sanitised by the build, never trusted. */
  description: z.string().default(''),
  postscriptum: z.string().default(''),
  metaTitle: z.string().default(''),
  metaDescription: z.string().default(''),
  metaKeywords: z.string().default(''),
});
export type Texts = z.infer<typeof Texts>;
export const LocalizedTexts = PerLocale(Texts);

/** A file below the export's `media/` folder, or an absolute URL on a CDN. */
const FileRef = z.union([
  z
    .string()
    .regex(/^media\/[^\s]+$/, 'a local file path starts with "media/"')
    .refine((s) => !s.split('/').includes('..'), 'a file path must not contain ".."'),
  z.url({ protocol: /^https?$/ }),
]);

export const Image = z.object({
  id: Id,
  file: FileRef,
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  position: z.number().int().default(0),
  alt: LocalizedString.default({}),
});
export type Image = z.infer<typeof Image>;

export const Document = z.object({
  id: Id,
  file: FileRef,
  mime: z.string().default('application/pdf'),
  bytes: z.number().int().nonnegative().optional(),
  position: z.number().int().default(0),
  title: LocalizedString,
});
export type Document = z.infer<typeof Document>;

// --- catalog-wide reference data -------------------------------------------------------------

export const Currency = z.object({
  id: Id,
  code: z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 code such as EUR'),
  symbol: z.string().min(1),
  /** Relative to the default currency, as a decimal string. */
  rate: NonNegativeDecimal,
  isDefault: z.boolean(),
  /** Thelia's format: %n is the number, %s the symbol. */
  format: z.string().default('%n %s'),
});
export type Currency = z.infer<typeof Currency>;

export const Country = z.object({
  id: Id,
  isoalpha2: z.string().regex(/^[A-Z]{2}$/),
  isoalpha3: z.string().regex(/^[A-Z]{3}$/),
  title: LocalizedString,
  needZipCode: z.boolean().default(true),
  /** Thelia's zip_code_format, e.g. NNNNN. */
  zipCodeFormat: z.string().nullable().default(null),
  states: z.array(z.object({ id: Id, isocode: z.string(), title: LocalizedString })).default([]),
});
export type Country = z.infer<typeof Country>;

export const Tax = z.discriminatedUnion('type', [
  z.object({ type: z.literal('percent'), position: z.number().int(), percent: NonNegativeDecimal }),
  z.object({ type: z.literal('amount'), position: z.number().int(), amount: NonNegativeDecimal }),
]);
export type Tax = z.infer<typeof Tax>;

export const TaxRule = z.object({
  id: Id,
  isDefault: z.boolean().default(false),
  title: LocalizedString.default({}),
  /** Per country (and optionally state): the taxes in Thelia's position order. */
  countries: z.array(z.object({ countryId: Id, stateId: Id.nullable().default(null), taxes: z.array(Tax) })),
});
export type TaxRule = z.infer<typeof TaxRule>;

export const FulfilmentCenter = z.object({
  id: Id,
  name: z.string().min(1),
  countryId: Id,
  /** Extra working days this centre adds to delivery. */
  delayDays: z.number().int().nonnegative().default(0),
});
export type FulfilmentCenter = z.infer<typeof FulfilmentCenter>;

// --- catalog entities (NDJSON, one per line) -------------------------------------------------

export const Category = z.object({
  id: Id,
  /** 0 is the root. */
  parent: z.number().int().nonnegative(),
  visible: z.boolean(),
  position: z.number().int(),
  i18n: LocalizedTexts,
  url: LocalizedUrl,
  images: z.array(Image).default([]),
  documents: z.array(Document).default([]),
  /** Associated contents, in their order. */
  contents: z.array(Id).default([]),
});
export type Category = z.infer<typeof Category>;

export const Brand = z.object({
  id: Id,
  visible: z.boolean(),
  position: z.number().int(),
  i18n: LocalizedTexts,
  url: LocalizedUrl,
  logo: Image.nullable().default(null),
  images: z.array(Image).default([]),
});
export type Brand = z.infer<typeof Brand>;

export const Folder = z.object({
  id: Id,
  parent: z.number().int().nonnegative(),
  visible: z.boolean(),
  position: z.number().int(),
  i18n: LocalizedTexts,
  url: LocalizedUrl,
});
export type Folder = z.infer<typeof Folder>;

export const Content = z.object({
  id: Id,
  visible: z.boolean(),
  position: z.number().int(),
  /** Folders holding the content; exactly one is the default. */
  folders: z.array(z.object({ id: Id, default: z.boolean(), position: z.number().int() })).default([]),
  /** `postscriptum` is kept as is: the storefront reads listing JSON (brand_id, category_id) from it. */
  i18n: LocalizedTexts,
  url: LocalizedUrl,
  images: z.array(Image).default([]),
  documents: z.array(Document).default([]),
  createdAt: IsoDateTime.optional(),
});
export type Content = z.infer<typeof Content>;

/** The price of one variant in one currency, tax excluded. */
export const Price = z.object({
  price: NonNegativeDecimal,
  promoPrice: NonNegativeDecimal,
  /** A manufacturer's list price (RRP) from a module, tax excluded; struck through when higher. */
  listPrice: NonNegativeDecimal.optional(),
});
export type Price = z.infer<typeof Price>;

export const AttributeValue = z.object({
  attributeId: Id,
  /** The axis, e.g. colour or size. */
  kind: z.enum(['color', 'size', 'other']).default('other'),
  attribute: LocalizedString,
  valueId: Id,
  value: LocalizedString,
  /** A colour swatch kept by a module (Thelia's core has none). */
  hex: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .optional(),
  position: z.number().int().default(0),
});
export type AttributeValue = z.infer<typeof AttributeValue>;

export const Variant = z.object({
  id: Id,
  ref: z.string(),
  ean: z.string().nullable().default(null),
  isDefault: z.boolean(),
  /** Stock; Thelia stores a FLOAT, the exporter rounds it. */
  quantity: z.number().int(),
  weight: z.number().nonnegative().default(0),
  promo: z.boolean(),
  newness: z.boolean().default(false),
  /** Per currency code. */
  prices: z.record(z.string().regex(/^[A-Z]{3}$/), Price),
  attributes: z.array(AttributeValue).default([]),
  /** Ids of the product images that show this variant. */
  images: z.array(Id).default([]),
  /** Friendly URL of the variant page, where the shop has one. */
  url: LocalizedUrl.default({}),
  /** Module data: stock per fulfilment centre. */
  fulfilment: z.array(z.object({ centerId: Id, quantity: z.number().int() })).optional(),
  /** Module data: delivery delay of this variant, in working days (min..max). */
  deliveryDelay: z.object({ minDays: z.number().int().nonnegative(), maxDays: z.number().int().nonnegative() }).optional(),
});
export type Variant = z.infer<typeof Variant>;

export const FeatureValue = z.object({
  featureId: Id,
  position: z.number().int().default(0),
  title: LocalizedString,
  /** One or more values; a free-text value has no id. */
  values: z.array(z.object({ id: Id.nullable(), freeText: z.boolean().default(false), title: LocalizedString })).min(1),
});
export type FeatureValue = z.infer<typeof FeatureValue>;

export const Product = z.object({
  id: Id,
  ref: z.string().min(1),
  brandId: Id.nullable().default(null),
  taxRuleId: Id,
  virtual: z.boolean().default(false),
  /** Every category of the product with the manual order inside it; exactly one is the default. */
  categories: z.array(z.object({ id: Id, default: z.boolean(), position: z.number().int() })).min(1, 'a product needs a category'),
  i18n: LocalizedTexts,
  url: LocalizedUrl,
  variants: z.array(Variant).min(1, 'a product needs at least one variant'),
  features: z.array(FeatureValue).default([]),
  images: z.array(Image).default([]),
  documents: z.array(Document).default([]),
  /** Related products, in their order. */
  accessories: z.array(Id).default([]),
  /** Associated contents, in their order. */
  contents: z.array(Id).default([]),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
  /** Data from the shop's own Thelia modules; every part is optional. */
  module: z
    .object({
      /** Order quantities must be a multiple of this. */
      quantityStep: z.number().int().positive().optional(),
      /** Units sold (Thelia's sales_view_quantity), the default listing order. */
      salesCount: z.number().int().nonnegative().optional(),
      /** Search keywords per locale (product-associated-keywords). */
      keywords: PerLocale(z.array(z.string())).optional(),
      /** Ships by freight forwarder: needs an address with a phone. */
      freight: z.boolean().optional(),
      /** Country ids this product cannot be delivered to. */
      undeliverableCountries: z.array(Id).optional(),
      /** Approved reviews (the comment module): how many and their average rating (1-5); the product's structured data carries it. */
      rating: z.object({ count: z.number().int().positive(), average: z.number().min(1).max(5) }).optional(),
    })
    .default({}),
});
export type Product = z.infer<typeof Product>;

export const Redirect = z.object({
  /** The superseded friendly URL. */
  url: Slug,
  locale: Locale,
  view: z.enum(['product', 'variant', 'category', 'brand', 'folder', 'content']),
  viewId: Id,
  /** The URL that replaced it: the current one, or another superseded one (chains A->B->C). */
  to: Slug,
});
export type Redirect = z.infer<typeof Redirect>;

export const Manifest = z.object({
  format: z.literal(EXPORT_FORMAT, `not a ${EXPORT_FORMAT} folder`),
  version: z.number().int(),
  generatedAt: IsoDateTime,
  source: z.object({
    kind: z.enum(['thelia', 'sample']),
    /** e.g. "2.5.5" for Thelia, the generator's parameters for the sample. */
    description: z.string(),
    theliaVersion: z.string().optional(),
    seed: z.number().int().optional(),
  }),
  locales: z.array(Locale).min(1),
  defaultLocale: Locale,
  defaultCurrency: z.string().regex(/^[A-Z]{3}$/),
  /** Record counts per NDJSON file, so readers can show progress and detect truncation. */
  counts: z.record(z.string(), z.number().int().nonnegative()),
});
export type Manifest = z.infer<typeof Manifest>;

/** The NDJSON files and the schema of each line. */
export const STREAMS = {
  categories: { file: 'categories.ndjson', schema: Category },
  brands: { file: 'brands.ndjson', schema: Brand },
  folders: { file: 'folders.ndjson', schema: Folder },
  contents: { file: 'contents.ndjson', schema: Content },
  products: { file: 'products.ndjson', schema: Product },
  redirects: { file: 'redirects.ndjson', schema: Redirect },
} as const;
export type StreamName = keyof typeof STREAMS;
export type StreamRecord<N extends StreamName> = z.infer<(typeof STREAMS)[N]['schema']>;

/** The single-document JSON files and their schemas. */
export const DOCUMENTS = {
  currencies: { file: 'currencies.json', schema: z.array(Currency).min(1) },
  countries: { file: 'countries.json', schema: z.array(Country).min(1) },
  taxRules: { file: 'tax-rules.json', schema: z.array(TaxRule) },
  fulfilmentCenters: { file: 'fulfilment-centers.json', schema: z.array(FulfilmentCenter), optional: true },
} as const;
export type DocumentName = keyof typeof DOCUMENTS;
