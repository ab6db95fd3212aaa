/**
 * Products: one record per call, a pure function of (seed, catalog size, product id), so the
 * generator can stream any number of them without keeping earlier ones. Products 1-19 are the
 * special cases named in SAMPLE_FIXTURES; the rest are random.
 */
import type { z } from 'zod';
import type { Locale, Product, Redirect } from '../../src/catalog/export-schema.ts';
import { SAMPLE_FIXTURES } from './fixtures.ts';
import type { DocumentKey, PoolDocument } from './documents.ts';
import { HOSTILE_HTML } from './hostile.ts';
import type { ImagePool } from './images.ts';
import { centsToMicros, convert, formatDecimal, netFromGross, parseDecimal, percentOf } from './money.ts';
import { Rng, STREAM_TAG } from './prng.ts';
import { COUNTRY, ECO_FEE, RON_RATE } from './reference.ts';
import { escapeHtml, slugify } from './slug.ts';
import type { CategoryNode } from './taxonomy.ts';
import {
  ATTRIBUTES,
  austrian,
  BRANDS,
  CLOSINGS,
  COLOURS,
  FEATURES,
  INTROS,
  LABELS,
  LENGTHS,
  MATERIALS,
  ORIGINS,
  PALETTES,
  PRODUCT_TYPES,
  SERIES,
  SHOP_NAME,
  SIZE_SETS,
  sizeValueId,
  USAGES,
  WARRANTIES,
  type Colour,
  type Group,
  type Pair,
  type ProductType,
  type SizeSet,
} from './words.ts';

type ProductIn = z.input<typeof Product>;
type VariantIn = ProductIn['variants'][number];
type RedirectIn = z.input<typeof Redirect>;
type Localized = { de_DE: string; de_AT: string; ro_RO: string };

const FX = SAMPLE_FIXTURES;
const DAY_MS = 86_400_000;
/** Variant ids: (productId - 1) * VARIANT_SLOTS + k + 1. */
const VARIANT_SLOTS = 20;

export interface ProductContext {
  seed: number;
  products: number;
  generatedAt: Date;
  categories: ReadonlyMap<string, CategoryNode>;
  hiddenCategoryId: number;
  images: ImagePool;
  documents: Record<DocumentKey, PoolDocument>;
}

/** Precomputed per catalog: which types and categories are in play. */
export interface ProductPlan {
  ctx: ProductContext;
  types: readonly ProductType[];
  typeByKey: ReadonlyMap<string, ProductType>;
  /** Active leaf categories with products, per root category id: for cross-listing. */
  leavesByRoot: ReadonlyMap<number, readonly CategoryNode[]>;
  brandsByGroup: Record<Group, number[]>;
  /** Next position per category id (the only state that grows with the catalog: one number per category). */
  positions: Map<number, number>;
}

export function planProducts(ctx: ProductContext): ProductPlan {
  const types = PRODUCT_TYPES.filter((t) => ctx.categories.has(t.category));
  const rootOf = (node: CategoryNode): number => {
    let n = node;
    while (n.parent) n = ctx.categories.get(n.parent)!;
    return n.id;
  };
  const leavesByRoot = new Map<number, CategoryNode[]>();
  for (const key of new Set(types.map((t) => t.category))) {
    const node = ctx.categories.get(key)!;
    const root = rootOf(node);
    leavesByRoot.set(root, [...(leavesByRoot.get(root) ?? []), node]);
  }
  const brandsByGroup = { tool: [], garden: [], build: [], wear: [], home: [] } as Record<Group, number[]>;
  BRANDS.forEach((b, i) => b.groups.forEach((g) => brandsByGroup[g].push(i + 1)));
  return { ctx, types, typeByKey: new Map(types.map((t) => [t.key, t])), leavesByRoot, brandsByGroup, positions: new Map() };
}

// --- the plan of one product ------------------------------------------------------------------

type VariantMode = 'none' | 'color' | 'size' | 'color+size' | 'length';
type DelayMode = 'auto' | 'none' | 'long';

interface Draft {
  id: number;
  type: ProductType;
  spec: Pair;
  series: Pair | null;
  brandId: number | null;
  brandInTitle: boolean;
  title?: Pair;
  mode: VariantMode;
  colours: Colour[];
  sizes: string[];
  sizeSet: SizeSet;
  lengths: (typeof LENGTHS)[number][];
  grossCents: number;
  taxRule: 1 | 2 | 3;
  promoDiscount: number | null;
  /** How promoPrice looks when promo is false. */
  idlePromo: 'equal' | 'zero' | 'stale';
  listPricePercent: number | null;
  zeroPrice: boolean;
  /** Explicit quantity per variant index, or a generator. */
  quantity: (index: number, rng: Rng) => number;
  fulfilment: boolean;
  delay: DelayMode;
  freight: boolean;
  undeliverable: number[] | null;
  quantityStep: number | null;
  salesCount: number;
  ageDays: number;
  imageCount: number;
  documents: DocumentKey[];
  accessories: number[];
  contents: number[];
  extraCategories: number[];
  hostile: boolean;
  chain: readonly [Pair, Pair] | null;
  withEan: boolean;
}

function randomQuantity(rng: Rng): number {
  const r = rng.float();
  if (r < 0.08) return 0;
  if (r < 0.18) return rng.int(1, 9);
  return Math.round(10 + rng.float() ** 2 * 490);
}

function snap99(cents: number): number {
  return Math.max(99, Math.floor(cents / 100) * 100 + 99);
}

function randomDraft(plan: ProductPlan, id: number, rng: Rng, forced?: ProductType): Draft {
  const { ctx } = plan;
  const type = forced ?? rng.pick(plan.types);
  const mode: VariantMode = type.variants ?? 'none';
  const palette = PALETTES[type.palette ?? 'work'].map((key) => COLOURS.find((c) => c.key === key)!);
  const sizeSet = type.sizes ?? 'clothing';
  const brands = plan.brandsByGroup[type.group];
  const docs: DocumentKey[] = [];
  if (rng.chance(0.55)) {
    if (type.group === 'tool' || type.specFeature) docs.push('datasheet', 'manual');
    else if (type.group === 'build') docs.push(type.hazard ? 'safety' : 'datasheet');
    else if (type.group === 'wear') docs.push('care');
    else docs.push('manual');
    if (rng.chance(0.2)) docs.push('warranty');
  }
  const extra: number[] = [];
  const defaultNode = ctx.categories.get(type.category)!;
  let root = defaultNode;
  while (root.parent) root = ctx.categories.get(root.parent)!;
  if (rng.chance(0.2)) {
    const other = rng.pick(plan.leavesByRoot.get(root.id) ?? []);
    if (other && other.id !== defaultNode.id) extra.push(other.id);
  }
  if (type.group === 'tool' && rng.chance(0.03)) extra.push(ctx.hiddenCategoryId);
  const accessories: number[] = [];
  if (rng.chance(0.5)) {
    for (let k = rng.int(1, 3); k > 0; k--) {
      const other = rng.int(1, ctx.products);
      if (other !== id && !accessories.includes(other)) accessories.push(other);
    }
  }
  const contents: number[] = [];
  if (rng.chance(0.15)) contents.push(rng.int(FX.blogPostIds.first, FX.blogPostIds.last));
  if (type.group === 'tool' && rng.chance(0.1)) contents.push(rng.pick([FX.contentPages.warranty, FX.contentPages.userManual]));
  const undeliverable = type.hazard && rng.chance(0.4) ? rng.pick([[COUNTRY.RO], [COUNTRY.CH], [COUNTRY.AT, COUNTRY.RO]]) : null;
  const r = rng.float();
  return {
    id,
    type,
    spec: rng.pick(type.specs),
    series: rng.chance(0.6) ? rng.pick(SERIES) : null,
    brandId: rng.chance(0.95) ? rng.pick(brands) : null,
    brandInTitle: rng.chance(0.3),
    mode,
    colours: mode === 'color' || mode === 'color+size' ? rng.sample(palette, rng.int(2, mode === 'color' ? 4 : 3)) : [],
    sizes: mode === 'size' || mode === 'color+size' ? rng.run(SIZE_SETS[sizeSet], 3, mode === 'size' ? 7 : 5) : [],
    sizeSet,
    lengths: mode === 'length' ? rng.sample(LENGTHS, rng.int(2, 3)) : [],
    grossCents: snap99(rng.int(type.price[0] * 100, type.price[1] * 100)),
    taxRule: type.taxRule ?? 1,
    promoDiscount: rng.chance(0.15) ? rng.pick([10, 15, 20, 25, 30]) : null,
    idlePromo: r < 0.85 ? 'equal' : r < 0.99 ? 'zero' : 'stale',
    listPricePercent: rng.chance(0.2) ? rng.int(110, 145) : null,
    zeroPrice: false,
    quantity: (_i, g) => randomQuantity(g),
    fulfilment: rng.chance(0.3),
    delay: rng.chance(0.1) ? 'none' : 'auto',
    freight: type.freight !== undefined && rng.chance(type.freight),
    undeliverable,
    quantityStep: type.quantitySteps ? rng.pick(type.quantitySteps) : null,
    salesCount: Math.floor(rng.float() ** 3 * 5000),
    ageDays: rng.int(0, 729),
    imageCount: rng.chance(0.03) ? 0 : rng.int(1, 4),
    documents: docs,
    accessories,
    contents,
    extraCategories: extra,
    hostile: false,
    chain: null,
    withEan: rng.chance(0.9),
  };
}

const fixed = (values: number[]) => (i: number) => values[i % values.length]!;

/** The hand-made products 1..19; each changes a random draft into the promised case. */
function specialDraft(plan: ProductPlan, id: number, rng: Rng): Draft {
  const type = (key: string) => {
    const found = plan.typeByKey.get(key);
    if (!found) throw new Error(`special product ${id}: type ${key} is not active`);
    return found;
  };
  const spec = (t: ProductType, de: string) => t.specs.find((s) => s[0] === de) ?? t.specs[0]!;
  const series = (de: string) => SERIES.find((s) => s[0] === de)!;
  const colours = (...keys: string[]) => keys.map((k) => COLOURS.find((c) => c.key === k)!);
  const base = (key: string, specDe: string, seriesDe: string | null, overrides: Partial<Draft>): Draft => {
    const t = type(key);
    const d = randomDraft(plan, id, rng, t);
    const special: Partial<Draft> = {
      spec: spec(t, specDe),
      series: seriesDe ? series(seriesDe) : null,
      brandInTitle: false,
      promoDiscount: null,
      idlePromo: 'equal',
      listPricePercent: null,
      quantity: () => 25,
      fulfilment: false,
      delay: 'auto',
      freight: false,
      undeliverable: null,
      quantityStep: t.quantitySteps ? t.quantitySteps[0]! : null,
      salesCount: 100 + id,
      ageDays: 200 + id * 7,
      imageCount: 2,
      accessories: [],
      contents: [],
      extraCategories: [],
      withEan: true,
    };
    return { ...d, ...special, ...overrides, accessories: (overrides.accessories ?? []).filter((a) => a <= plan.ctx.products && a !== id) };
  };

  switch (id) {
    case FX.simpleProductId:
      return base('akkuschrauber', '18 V', 'Compact', {
        brandId: FX.listing.brandId,
        mode: 'none',
        grossCents: 12999,
        quantity: () => 42,
        imageCount: 3,
        documents: ['datasheet', 'manual'],
        accessories: [FX.quantityStepProductId, FX.newProductId, FX.ecoFeeProductId],
        contents: [FX.contentPages.userManual, FX.blogPostIds.first + 1],
        salesCount: 1200,
      });
    case FX.variantProductId:
      return base('winterjacke', 'wattiert', null, {
        brandId: 7,
        colours: colours('black', 'navy', 'orange'),
        sizes: ['S', 'M', 'L', 'XL', 'XXL'],
        grossCents: 7999,
        // black S..XXL, navy S..XXL, orange S..XXL: navy S and orange XXL are sold out, black XXL is low.
        quantity: fixed([12, 18, 25, 9, 2, 0, 14, 22, 16, 5, 7, 11, 19, 8, 0]),
        fulfilment: true,
        imageCount: 3,
        documents: ['care'],
        accessories: [FX.sizeOnlyProductId, FX.longDeliveryProductId],
        salesCount: 800,
      });
    case FX.promoProductId:
      return base('schlagbohr', '750 W', 'Pro', {
        brandId: 2,
        grossCents: 8999,
        promoDiscount: 20,
        listPricePercent: 130,
        extraCategories: [plan.ctx.hiddenCategoryId],
        accessories: [FX.simpleProductId],
      });
    case FX.zeroPriceProductId:
      return base('zange', '180 mm', null, { brandId: 16, zeroPrice: true, grossCents: 0, quantity: () => 10 });
    case FX.lowStockProductId:
      return base('ledlampe', '9 W warmweiß', null, { brandId: 9, grossCents: 499, quantity: () => 3, quantityStep: null });
    case FX.outOfStockProductId:
      return base('stichsaege', '650 W', 'Plus', { brandId: 10, grossCents: 6999, quantity: () => 0, delay: 'long' });
    case FX.freightProductId:
      return base('benzinmaeher', '51 cm mit Mulchfunktion', 'Premium', { brandId: 13, grossCents: 54900, freight: true, delay: 'long', quantity: () => 6 });
    case FX.undeliverableProductId:
      return base('wandfarbe', '10 l', 'Premium', { brandId: 14, grossCents: 5999, undeliverable: [...FX.undeliverableCountryIds], documents: ['safety'] });
    case FX.quantityStepProductId:
      return base('holzschrauben', '4 x 40 mm, 200 Stück', null, { brandId: 6, grossCents: 899, quantityStep: FX.quantityStep, quantity: () => 480 });
    case FX.hostileHtml.productId:
      return base('seitenschneider', '160 mm', null, {
        brandId: 16,
        grossCents: 1999,
        hostile: true,
        title: ['Seitenschneider 160 mm "Elektriker" <VDE> & Co', 'Clește de tăiat lateral 160 mm "Electrician" <VDE> & Co'],
      });
    case FX.redirectChain.productId:
      return base('gartenschlauch', '1/2 Zoll', 'Premium', {
        brandId: 4,
        mode: 'none',
        grossCents: 3999,
        title: ['Gartenschlauch-Set 25 m Premium', 'Set furtun de grădină 25 m Premium'],
        chain: [
          ['Gartenschlauch 25 m', 'Furtun de grădină 25 m'],
          ['Gartenschlauch-Set 25 m', 'Set furtun de grădină 25 m'],
        ],
      });
    case FX.colourOnlyProductId:
      return base('schubkarre', '100 l', null, { brandId: 3, colours: colours('green', 'red', 'anthracite'), grossCents: 8999, quantity: fixed([14, 3, 0]), imageCount: 3 });
    case FX.sizeOnlyProductId:
      return base('montagehandschuhe', 'Grip', null, { brandId: 8, sizes: ['7', '8', '9', '10', '11'], grossCents: 599, quantity: fixed([40, 120, 150, 90, 0]) });
    case FX.reducedTaxProductId:
      return base('rasensamen', 'Sport & Spiel 1 kg', null, { brandId: 13, grossCents: 1499 });
    case FX.ecoFeeProductId:
      return base('rasenmaeher', '1600 W, 37 cm', 'Comfort', { brandId: 3, grossCents: 17999, documents: ['manual', 'warranty'] });
    case FX.longDeliveryProductId:
      return base('sicherheitsstiefel', 'Winter', null, {
        brandId: 8,
        sizes: ['40', '41', '42', '43', '44', '45'],
        grossCents: 11999,
        delay: 'long',
        quantity: fixed([0, 2, 0, 4, 0, 1]),
      });
    case FX.newProductId:
      return base('akkuschrauber', '18 V Brushless', 'Expert', { brandId: FX.listing.brandId, grossCents: 19999, ageDays: 3, accessories: [FX.simpleProductId] });
    case FX.bestsellerProductId:
      return base('zange', '200 mm', 'Classic', { brandId: 2, grossCents: 2499, salesCount: 99_999, quantity: () => 350 });
    case FX.inactivePromoProductId:
      return base('schlagbohr', '1050 W', 'Max', { brandId: 10, grossCents: 14999, idlePromo: 'stale' });
    default:
      throw new Error(`no special product ${id}`);
  }
}

// --- building the record ----------------------------------------------------------------------

const loc = (de: string, ro: string): Localized => ({ de_DE: de, de_AT: austrian(de), ro_RO: ro });

function netMicros(grossCents: number, taxRule: 1 | 2 | 3): bigint {
  const gross = centsToMicros(grossCents);
  if (taxRule === 2) return netFromGross(gross, 7);
  const net = netFromGross(gross, 19);
  // Rule 3 adds the eco fee before the percent: take it out so the German gross stays round.
  return taxRule === 3 ? net - parseDecimal(ECO_FEE) : net;
}

function ean13(variantId: number): string {
  const body = `42${String(variantId).padStart(10, '0')}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 ? 3 : 1);
  return body + ((10 - (sum % 10)) % 10);
}

function weightText(grams: number, decimalComma = true): string {
  const kg = (Math.round(grams / 10) / 100).toFixed(2).replace(/0$/, '').replace(/\.0$/, '');
  return `${decimalComma ? kg.replace('.', ',') : kg} kg`;
}

function titleSlug(title: string, id: number): string {
  const slug = slugify(title);
  // The id closes every product URL; a title ending in a number could make two URLs equal.
  if (/(^|-)\d+$/.test(slug)) throw new Error(`product ${id}: title "${title}" ends with a number, its URL would be ambiguous`);
  return `${slug}-${id}`;
}

export interface BuiltProduct {
  product: ProductIn;
  redirects: RedirectIn[];
}

export function buildProduct(plan: ProductPlan, id: number): BuiltProduct {
  const { ctx } = plan;
  const rng = Rng.for(ctx.seed, STREAM_TAG.product, id);
  const d = id <= FX.specialProducts ? specialDraft(plan, id, rng) : randomDraft(plan, id, rng);
  const t = d.type;
  const brand = d.brandId ? BRANDS[d.brandId - 1]! : null;
  const brandName = brand?.name ?? SHOP_NAME;

  // Texts
  const titleDe = d.title?.[0] ?? [d.brandInTitle ? brand?.name : null, t.name[0], d.spec[0], d.series?.[0]].filter(Boolean).join(' ');
  const titleRo = d.title?.[1] ?? [d.brandInTitle ? brand?.name : null, t.name[1], d.spec[1], d.series?.[1]].filter(Boolean).join(' ');
  const title = loc(titleDe, titleRo);
  const base = { de_DE: titleSlug(title.de_DE, id), de_AT: titleSlug(title.de_AT, id), ro_RO: titleSlug(title.ro_RO, id) };
  const url = { de_DE: `${base.de_DE}.html`, de_AT: `${base.de_AT}.html`, ro_RO: `${base.ro_RO}.html` };
  const bullets = rng.sample(t.bullets, Math.min(t.bullets.length, rng.int(3, 5)));
  const intro = rng.pick(INTROS[t.group]);
  const box = t.box ?? [[t.name[0]], [t.name[1]]];
  const describe = (lang: 0 | 1): string => {
    // Romanian writes common nouns in lower case inside a sentence ("cu jachetă de lucru ...").
    const inner = lang === 1 && intro[1].indexOf('{title}') > 0 && !d.brandInTitle;
    const name = lang ? (inner ? titleRo.charAt(0).toLowerCase() + titleRo.slice(1) : titleRo) : titleDe;
    const fill = (s: string) => escapeHtml(s.replace('{title}', name).replace('{brand}', brandName));
    const parts = [
      `<p>${fill(intro[lang])}</p>`,
      `<h3>${LABELS.highlights[lang]}</h3>`,
      `<ul>${bullets.map((b) => `<li>${escapeHtml(b[lang])}</li>`).join('')}</ul>`,
      `<h3>${LABELS.box[lang]}</h3>`,
      `<ul>${box[lang].map((b) => `<li>${escapeHtml(b)}</li>`).join('')}</ul>`,
      `<p><strong>${LABELS.note[lang]}:</strong> ${escapeHtml(CLOSINGS[t.group][lang])}</p>`,
    ];
    if (d.hostile) parts.push(HOSTILE_HTML);
    return parts.join('\n');
  };
  const descDe = describe(0);
  const descRo = describe(1);
  const chapoDe = `${bullets[0]![0]}. ${bullets[1]![0]}.`;
  const chapoRo = `${bullets[0]![1]}. ${bullets[1]![1]}.`;
  const kwDe = [...t.keywords[0], ...(brand ? [brand.name] : [])];
  const kwRo = [...t.keywords[1], ...(brand ? [brand.name] : [])];
  const texts = (ti: string, chapo: string, description: string, lang: 0 | 1, keywords: string[]) => ({
    title: ti,
    chapo,
    description,
    postscriptum: '',
    metaTitle: `${ti} | ${SHOP_NAME}`,
    metaDescription: `${ti} ${LABELS.buyNow[lang]}: ${bullets[0]![lang]}.`.slice(0, 160),
    metaKeywords: keywords.join(', '),
  });
  const i18n = {
    de_DE: texts(title.de_DE, chapoDe, descDe, 0, kwDe),
    de_AT: texts(title.de_AT, austrian(chapoDe), austrian(descDe), 0, kwDe.map(austrian)),
    ro_RO: texts(title.ro_RO, chapoRo, descRo, 1, kwRo),
  };

  // Dates
  const created = ctx.generatedAt.getTime() - d.ageDays * DAY_MS - rng.int(0, 86_399) * 1000;
  const updated = Math.min(ctx.generatedAt.getTime(), created + rng.int(0, 90) * DAY_MS);
  const newness = d.ageDays < 60;

  // Images
  const pool = ctx.images.byGroup[t.group];
  const firstImage = rng.int(0, pool.length - 1);
  const images = Array.from({ length: d.imageCount }, (_, k) => {
    const img = pool[(firstImage + k) % pool.length]!;
    const suffix = k === 0 ? ['', ''] : [` – ${LABELS.image[0]} ${k + 1}`, ` – ${LABELS.image[1]} ${k + 1}`];
    return { id: id * 10 + k, file: img.file, width: img.width, height: img.height, position: k + 1, alt: loc(titleDe + suffix[0], titleRo + suffix[1]) };
  });

  // Variants
  const axes: Array<{ colour?: Colour; size?: string; length?: (typeof LENGTHS)[number] }> =
    d.mode === 'color'
      ? d.colours.map((colour) => ({ colour }))
      : d.mode === 'size'
        ? d.sizes.map((size) => ({ size }))
        : d.mode === 'color+size'
          ? d.colours.flatMap((colour) => d.sizes.map((size) => ({ colour, size })))
          : d.mode === 'length'
            ? d.lengths.map((length) => ({ length }))
            : [{}];
  if (axes.length > VARIANT_SLOTS) throw new Error(`product ${id}: ${axes.length} variants, at most ${VARIANT_SLOTS}`);
  const ref = `WH-${String(id).padStart(6, '0')}`;
  const grams = rng.int(t.weight[0], t.weight[1]);
  const variants: VariantIn[] = axes.map((axis, k) => {
    const vid = (id - 1) * VARIANT_SLOTS + k + 1;
    let cents = d.grossCents;
    if (axis.size && (axis.size === 'XXL' || axis.size === '3XL')) cents = snap99(cents * 1.1);
    if (axis.length) cents = snap99((cents * Number.parseInt(axis.length.label, 10)) / 15);
    const net = d.zeroPrice ? 0n : netMicros(cents, d.taxRule);
    const promo = d.promoDiscount !== null && !d.zeroPrice;
    const promoNet = promo ? percentOf(net, 100 - d.promoDiscount!) : d.idlePromo === 'zero' ? 0n : d.idlePromo === 'stale' ? percentOf(net, 85) : net;
    const list = d.listPricePercent !== null && !d.zeroPrice ? percentOf(net, d.listPricePercent) : null;
    const price = (rate: string | null) => {
      const conv = (m: bigint) => formatDecimal(rate ? convert(m, rate) : m);
      return { price: conv(net), promoPrice: conv(promoNet), ...(list !== null ? { listPrice: conv(list) } : {}) };
    };
    const quantity = d.quantity(k, rng);
    const attributes = [];
    const slugParts: Array<[string, string]> = [];
    if (axis.colour) {
      const c = axis.colour;
      attributes.push({
        attributeId: ATTRIBUTES.colour.id,
        kind: 'color' as const,
        attribute: loc(ATTRIBUTES.colour.de, ATTRIBUTES.colour.ro),
        valueId: c.valueId,
        value: loc(c.de, c.ro),
        hex: c.hex,
        position: COLOURS.indexOf(c) + 1,
      });
      slugParts.push([slugify(c.de), slugify(c.ro)]);
    }
    if (axis.size) {
      attributes.push({
        attributeId: ATTRIBUTES.size.id,
        kind: 'size' as const,
        attribute: loc(ATTRIBUTES.size.de, ATTRIBUTES.size.ro),
        valueId: sizeValueId(d.sizeSet, axis.size),
        value: loc(axis.size, axis.size),
        position: (SIZE_SETS[d.sizeSet] as readonly string[]).indexOf(axis.size) + 1,
      });
      slugParts.push([slugify(axis.size), slugify(axis.size)]);
    }
    if (axis.length) {
      attributes.push({
        attributeId: ATTRIBUTES.length.id,
        kind: 'other' as const,
        attribute: loc(ATTRIBUTES.length.de, ATTRIBUTES.length.ro),
        valueId: axis.length.valueId,
        value: loc(axis.length.label, axis.length.label),
        position: LENGTHS.indexOf(axis.length) + 1,
      });
      slugParts.push([slugify(axis.length.label), slugify(axis.length.label)]);
    }
    const variantUrl = slugParts.length
      ? {
          de_DE: `${[base.de_DE, ...slugParts.map((p) => p[0])].join('-')}.html`,
          de_AT: `${[base.de_AT, ...slugParts.map((p) => p[0])].join('-')}.html`,
          ro_RO: `${[base.ro_RO, ...slugParts.map((p) => p[1])].join('-')}.html`,
        }
      : {};
    const variant: VariantIn = {
      id: vid,
      ref: slugParts.length ? `${ref}-${slugParts.map((p) => p[0].replace(/-/g, '').slice(0, 4).toUpperCase()).join('-')}` : ref,
      ean: d.withEan ? ean13(vid) : null,
      isDefault: false,
      quantity,
      weight: grams / 1000,
      promo,
      newness,
      prices: { EUR: price(null), RON: price(RON_RATE) },
      attributes,
      images: axis.colour && images.length ? [images[d.colours.indexOf(axis.colour) % images.length]!.id] : [],
      url: variantUrl,
    };
    if (d.fulfilment) {
      const a = Math.floor(quantity * (rng.int(30, 70) / 100));
      const b = Math.floor((quantity - a) * (rng.int(0, 100) / 100));
      variant.fulfilment = [
        { centerId: 1, quantity: a },
        { centerId: 2, quantity: b },
        { centerId: 3, quantity: quantity - a - b },
      ];
    }
    if (d.delay !== 'none') {
      variant.deliveryDelay =
        d.delay === 'long' || d.freight || quantity === 0 ? { minDays: 14, maxDays: 21 } : rng.chance(0.85) ? { minDays: 1, maxDays: 2 } : { minDays: 2, maxDays: 3 };
    }
    return variant;
  });
  const defaultVariant = variants.find((v) => v.quantity > 0) ?? variants[0]!;
  defaultVariant.isDefault = true;

  // Features
  const features: ProductIn['features'] = [];
  const feature = (f: { id: number; de: string; ro: string }, values: Array<{ id: number | null; de: string; ro: string }>) =>
    features.push({
      featureId: f.id,
      position: f.id,
      title: loc(f.de, f.ro),
      values: values.map((v) => ({ id: v.id, freeText: v.id === null, title: loc(v.de, v.ro) })),
    });
  feature(
    FEATURES.material,
    rng.sample(t.materials, rng.int(1, 2)).map((m) => MATERIALS[m]!),
  );
  if (t.specFeature) {
    const unit = t.specFeature === 'power' ? 'W' : 'V';
    const m = new RegExp(`(\\d+) ${unit}`).exec(d.spec[0]);
    if (m) feature(FEATURES[t.specFeature], [{ id: null, de: `${m[1]} ${unit}`, ro: `${m[1]} ${unit}` }]);
  }
  feature(FEATURES.weight, [{ id: null, de: weightText(grams), ro: weightText(grams) }]);
  feature(
    FEATURES.usage,
    rng.sample(t.usages, rng.int(1, 3)).map((u) => USAGES[u]!),
  );
  if (t.group === 'tool' || t.group === 'garden') feature(FEATURES.warranty, [rng.pick(WARRANTIES)]);
  if (t.norm) feature(FEATURES.norm, [{ id: null, de: t.norm, ro: t.norm }]);
  if (rng.chance(0.5)) feature(FEATURES.origin, [rng.pick(ORIGINS)]);

  // Documents
  const documents = d.documents.map((key, k) => {
    const doc = ctx.documents[key];
    return { id: id * 10 + k, file: doc.file, mime: 'application/pdf', bytes: doc.bytes, position: k + 1, title: loc(doc.title.de, doc.title.ro) };
  });

  // Categories
  const defaultCategory = ctx.categories.get(t.category)!.id;
  const categories = [defaultCategory, ...d.extraCategories].map((cid, k) => {
    const position = (plan.positions.get(cid) ?? 0) + 1;
    plan.positions.set(cid, position);
    return { id: cid, default: k === 0, position };
  });

  const module: ProductIn['module'] = {
    salesCount: d.salesCount,
    keywords: { de_DE: kwDe, de_AT: kwDe.map(austrian), ro_RO: kwRo },
  };
  if (d.quantityStep) module.quantityStep = d.quantityStep;
  if (d.freight) module.freight = true;
  if (d.undeliverable) module.undeliverableCountries = d.undeliverable;
  const rating = sampleRating(id);
  if (rating) module.rating = rating;

  const product: ProductIn = {
    id,
    ref,
    brandId: d.brandId,
    taxRuleId: d.taxRule,
    virtual: false,
    categories,
    i18n,
    url,
    variants,
    features,
    images,
    documents,
    accessories: d.accessories,
    contents: d.contents,
    createdAt: new Date(created).toISOString(),
    updatedAt: new Date(updated).toISOString(),
    module,
  };

  // Superseded URLs
  const redirects: RedirectIn[] = [];
  const locales: Locale[] = ['de_DE', 'de_AT', 'ro_RO'];
  if (d.chain) {
    for (const locale of locales) {
      const lang = locale === 'ro_RO' ? 1 : 0;
      const pick = (p: Pair) => (lang ? p[1] : locale === 'de_AT' ? austrian(p[0]) : p[0]);
      const a = `${titleSlug(pick(d.chain[0]), id)}.html`;
      const b = `${titleSlug(pick(d.chain[1]), id)}.html`;
      redirects.push({ url: a, locale, view: 'product', viewId: id, to: b }, { url: b, locale, view: 'product', viewId: id, to: url[locale] });
    }
  }
  if (id % 250 === 0 && !d.chain) {
    for (const locale of locales) {
      redirects.push({ url: `${locale === 'ro_RO' ? 'produs' : 'artikel'}-${id}.html`, locale, view: 'product', viewId: id, to: url[locale] });
    }
  }
  if (id === FX.variantProductId) {
    const v = variants[0]!;
    const vurl = v.url as Localized;
    for (const locale of locales) {
      redirects.push({ url: vurl[locale].replace(/\.html$/, '-alt.html'), locale, view: 'variant', viewId: v.id, to: vurl[locale] });
    }
  }
  return { product, redirects };
}

/** Approved reviews of a sample product (every third one), from its id alone so no other stream changes. */
export function sampleRating(id: number): { count: number; average: number } | undefined {
  if (id % 3 !== 0) return undefined;
  return { count: ((id * 7) % 40) + 1, average: 3 + ((id * 13) % 21) / 10 };
}
