/**
 * Search-engine data of the catalog pages: JSON-LD (Product with offers, BreadcrumbList,
 * Organization), meta texts with fallbacks, and the sitemap files.
 */
import type { ShopConfig } from '../shops/schema.ts';
import type { ProductModel, VariantModel } from './models.ts';
import { editorHtmlToText } from './sanitize.ts';

/** JSON for a <script type="application/ld+json">: `<` escaped so no content can end the script. */
export function jsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export const absolute = (path: string, origin: string) => new URL(path, origin).href;

/** A meta description: Thelia's, else the chapo, else the description's text, cut at a word near 160. */
export function metaDescription(...candidates: (string | undefined | null)[]): string {
  for (const c of candidates) {
    const text = c ? editorHtmlToText(c) : '';
    if (text) return clip(text, 160);
  }
  return '';
}

export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

export function breadcrumbJsonLd(items: { title: string; url?: string }[], origin: string, currentUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.title,
      item: absolute(item.url ?? currentUrl, origin),
    })),
  };
}

export function organizationJsonLd(shop: ShopConfig, origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: shop.storeName,
    url: absolute('/', origin),
    email: shop.email,
    telephone: shop.phone.tel,
    address: {
      '@type': 'PostalAddress',
      streetAddress: shop.address.street,
      postalCode: shop.address.zip,
      addressLocality: shop.address.city,
      addressCountry: shop.countries[0]!.isoalpha2,
    },
    sameAs: Object.values(shop.social).filter(Boolean),
  };
}

export interface OfferInput {
  variant: VariantModel;
  /** shown price in cents */
  price: number;
  url: string;
}

export function productJsonLd(
  product: ProductModel,
  { brand, images, offers, currency, origin, categoryTitle }: { brand?: string; images: string[]; offers: OfferInput[]; currency: string; origin: string; categoryTitle?: string },
) {
  const offer = (o: OfferInput) => ({
    '@type': 'Offer',
    sku: o.variant.ref,
    ...(o.variant.ean ? { gtin13: o.variant.ean } : {}),
    price: (o.price / 100).toFixed(2),
    priceCurrency: currency,
    availability: o.variant.quantity > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    itemCondition: 'https://schema.org/NewCondition',
    url: absolute(o.url, origin),
  });
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    sku: product.ref,
    description: metaDescription(product.metaDescription, product.chapo, product.descriptionHtml) || product.title,
    image: images.map((src) => absolute(src, origin)),
    ...(brand ? { brand: { '@type': 'Brand', name: brand } } : {}),
    ...(categoryTitle ? { category: categoryTitle } : {}),
    offers: offers.length === 1 ? offer(offers[0]!) : offers.map(offer),
    // Approved reviews only (the export's module.rating): Google shows no stars for fewer than one.
    ...(product.module.rating && product.module.rating.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.module.rating.average.toFixed(1),
            reviewCount: product.module.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

// --- sitemaps ---------------------------------------------------------------------------------

export const SITEMAP_CHUNK = 10_000;

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface SitemapEntry {
  loc: string;
  /** hreflang -> absolute URL */
  alternates?: [string, string][];
}

export function sitemapXml(entries: SitemapEntry[]): string {
  const rows = entries.map(
    (e) =>
      `<url><loc>${xmlEscape(e.loc)}</loc>${(e.alternates ?? []).map(([lang, href]) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${xmlEscape(href)}"/>`).join('')}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${rows.join('\n')}\n</urlset>\n`;
}

/**
 * The sitemap files of a shop: one `sitemap.xml` while it fits one file, else `sitemap.xml` as an
 * index of `sitemap-1.xml`, `sitemap-2.xml`, ... of `chunk` URLs each.
 */
export function sitemapFiles(entries: SitemapEntry[], origin: string, chunk = SITEMAP_CHUNK): Map<string, string> {
  const files = new Map<string, string>();
  if (entries.length <= chunk) {
    files.set('sitemap.xml', sitemapXml(entries));
    return files;
  }
  const names: string[] = [];
  for (let i = 0; i < entries.length; i += chunk) {
    const name = `sitemap-${names.length + 1}.xml`;
    names.push(name);
    files.set(name, sitemapXml(entries.slice(i, i + chunk)));
  }
  files.set(
    'sitemap.xml',
    `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${names.map((n) => `<sitemap><loc>${xmlEscape(absolute(`/${n}`, origin))}</loc></sitemap>`).join('\n')}\n</sitemapindex>\n`,
  );
  return files;
}

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Disallow: /cart',
    'Disallow: /checkout',
    'Disallow: /account',
    'Disallow: /login-register',
    'Disallow: /order-placed',
    'Disallow: /order-failed',
    'Disallow: /guest/',
    'Disallow: /search/',
    'Disallow: /listing-data/',
    '',
    `Sitemap: ${absolute('/sitemap.xml', origin)}`,
    '',
  ].join('\n');
}
