/**
 * Ids and values of the sample catalog that tests and the shop configuration rely on.
 * They hold for every catalog of at least `minProducts` products and every seed: the special
 * products are the first ones (ids 1-19), tier 1 categories have fixed ids (taxonomy.ts), the
 * content pages have fixed ids. Checked by tests/sample/sample.test.ts.
 */
import type { Locale } from '../../src/catalog/export-schema.ts';

export interface SampleFixtures {
  minProducts: number;
  /** Products 1..specialProducts are built by hand; the rest are random. */
  specialProducts: number;
  defaultLocale: Locale;
  locales: readonly Locale[];
  /** generatedAt of seed 1; seed s adds ((s - 1) mod 365) days. */
  generatedAtSeed1: string;

  simpleProductId: number;
  variantProductId: number;
  colourOnlyProductId: number;
  sizeOnlyProductId: number;
  promoProductId: number;
  zeroPriceProductId: number;
  lowStockProductId: number;
  outOfStockProductId: number;
  freightProductId: number;
  undeliverableProductId: number;
  undeliverableCountryIds: readonly number[];
  quantityStepProductId: number;
  quantityStep: number;
  reducedTaxProductId: number;
  ecoFeeProductId: number;
  longDeliveryProductId: number;
  newProductId: number;
  bestsellerProductId: number;
  /** promo = false but a stale, lower promoPrice left over from an ended promotion. */
  inactivePromoProductId: number;

  hostileHtml: { productId: number; categoryId: number; contentId: number };
  redirectChain: { productId: number; locale: Locale; urls: readonly [string, string, string] };
  redirectSamples: {
    category: { id: number; locale: Locale; from: string; to: string };
    brand: { id: number; locale: Locale; from: string; to: string };
    content: { id: number; locale: Locale; from: string; to: string };
    folder: { id: number; locale: Locale; from: string; to: string };
  };

  rootCategoryIds: readonly number[];
  deepestCategoryId: number;
  deepestCategoryPath: readonly number[];
  emptyCategoryId: number;
  emptySubtreeRootId: number;
  hiddenCategoryId: number;

  brandCount: number;
  listingContentId: number;
  listing: { brandId: number; categoryId: number };
  hiddenContentId: number;
  folders: { info: number; blog: number; guides: number };
  blogPostIds: { first: number; last: number };
  contentPages: {
    about: number;
    contact: number;
    faq: number;
    press: number;
    imprint: number;
    withdrawal: number;
    pay: number;
    delivery: number;
    dataProtection: number;
    terms: number;
    shippingCosts: number;
    warranty: number;
    userManual: number;
    listing: number;
    adventCalendar: number;
  };
  countries: { DE: number; AT: number; RO: number; CH: number };
  currencies: { EUR: number; RON: number; ronRate: string };
  taxRules: { standard: number; reduced: number; ecoFee: number };
  fulfilmentCenterIds: readonly number[];
  /** The advent calendar's 24 doors (content adventCalendar's postscriptum): a product or a coupon of the shop API's seed. */
  advent: { year: number | null; doors: readonly ({ day: number; productId: number } | { day: number; coupon: string; text: [de: string, ro: string] })[] };
}

export const SAMPLE_FIXTURES = {
  minProducts: 50,
  specialProducts: 19,
  defaultLocale: 'de_DE',
  locales: ['de_DE', 'de_AT', 'ro_RO'],
  generatedAtSeed1: '2026-01-01T00:00:00.000Z',

  simpleProductId: 1,
  variantProductId: 2,
  promoProductId: 3,
  zeroPriceProductId: 4,
  lowStockProductId: 5,
  outOfStockProductId: 6,
  freightProductId: 7,
  undeliverableProductId: 8,
  undeliverableCountryIds: [146],
  quantityStepProductId: 9,
  quantityStep: 10,
  // 10 is hostileHtml.productId, 11 is redirectChain.productId
  colourOnlyProductId: 12,
  sizeOnlyProductId: 13,
  reducedTaxProductId: 14,
  ecoFeeProductId: 15,
  longDeliveryProductId: 16,
  newProductId: 17,
  bestsellerProductId: 18,
  inactivePromoProductId: 19,

  hostileHtml: { productId: 10, categoryId: 24, contentId: 21 },
  redirectChain: {
    productId: 11,
    locale: 'de_DE',
    urls: ['gartenschlauch-25-m-11.html', 'gartenschlauch-set-25-m-11.html', 'gartenschlauch-set-25-m-premium-11.html'],
  },
  redirectSamples: {
    category: { id: 34, locale: 'de_DE', from: 'akkuschrauber.html', to: 'akku-bohrschrauber.html' },
    brand: { id: 2, locale: 'de_DE', from: 'stahlkante-werkzeuge.html', to: 'stahlkante.html' },
    content: { id: 10, locale: 'de_DE', from: 'allgemeine-geschaeftsbedingungen.html', to: 'agb.html' },
    folder: { id: 2, locale: 'de_DE', from: 'news.html', to: 'blog.html' },
  },

  rootCategoryIds: [1, 2, 3, 4, 5, 6],
  /** Werkzeug (1) > Elektrowerkzeuge (7) > Bohren & Schrauben (20) > Akku-Bohrschrauber (34). */
  deepestCategoryId: 34,
  deepestCategoryPath: [1, 7, 20, 34],
  /** Mähroboter: a visible level-4 leaf without products, under Rasenmäher which has some. */
  emptyCategoryId: 38,
  /** Saisonartikel: a whole subtree (Weihnachten > Weihnachtsdeko > Lichterketten) without products. */
  emptySubtreeRootId: 6,
  /** Auslaufmodelle: visible = false; some products list it as an extra category. */
  hiddenCategoryId: 10,

  brandCount: 24,
  listingContentId: 14,
  listing: { brandId: 1, categoryId: 34 },
  hiddenContentId: 16,
  folders: { info: 1, blog: 2, guides: 3 },
  blogPostIds: { first: 20, last: 39 },
  contentPages: {
    about: 1,
    contact: 2,
    faq: 3,
    press: 4,
    imprint: 5,
    withdrawal: 6,
    pay: 7,
    delivery: 8,
    dataProtection: 9,
    terms: 10,
    shippingCosts: 11,
    warranty: 12,
    userManual: 13,
    listing: 14,
    adventCalendar: 15,
  },
  countries: { DE: 5, AT: 13, RO: 146, CH: 168 },
  currencies: { EUR: 1, RON: 6, ronRate: '4.970000' },
  taxRules: { standard: 1, reduced: 2, ecoFee: 3 },
  fulfilmentCenterIds: [1, 2, 3],
  advent: {
    year: null,
    doors: [
      { day: 1, productId: 1 },
      { day: 2, productId: 2 },
      { day: 3, productId: 3 },
      { day: 4, productId: 5 },
      { day: 5, productId: 7 },
      { day: 6, coupon: 'WELCOME10', text: ['10 % auf Ihre Bestellung ab 20 €', '10 % la comanda dumneavoastră de la 20 €'] },
      { day: 7, productId: 9 },
      { day: 8, productId: 12 },
      { day: 9, productId: 13 },
      { day: 10, productId: 14 },
      { day: 11, productId: 15 },
      { day: 12, productId: 16 },
      { day: 13, coupon: 'MINUS5', text: ['5 € Rabatt ab 30 € Bestellwert', '5 € reducere la comenzi de la 30 €'] },
      { day: 14, productId: 17 },
      { day: 15, productId: 18 },
      { day: 16, productId: 19 },
      { day: 17, productId: 20 },
      { day: 18, productId: 21 },
      { day: 19, productId: 22 },
      { day: 20, coupon: 'WELCOME10', text: ['10 % auf Ihre Bestellung ab 20 €', '10 % la comanda dumneavoastră de la 20 €'] },
      { day: 21, productId: 23 },
      { day: 22, productId: 24 },
      { day: 23, productId: 25 },
      { day: 24, productId: 26 },
    ],
  },
} as const satisfies SampleFixtures;
