/**
 * What the catalog index makes of one export record for the shop's locale: the texts, images and
 * documents of any record (`localiser`), and a product's row with its category links, accessories
 * and page claims (`productRow`). One rule for both ways an index is made: the full import
 * (build-index.ts) and the patch of the previous index (index-patch.ts).
 */
import type { Document, Image, Locale, Product, TaxRule, Texts } from './export-schema.ts';
import type { Fault } from './read-export.ts';
import type { DocumentModel, ImageModel, ProductCard, ProductFacets, ProductModel, TextsModel, VariantModel } from './models.ts';
import { defaultVariantOf } from './models.ts';
import { encodeModes, isSellable, modeCountries, modeTaxes, priceCents, shownPrice, taxesFor } from './prices.ts';
import { sanitizeEditorHtml } from './sanitize.ts';
import { pathOf } from './urls.ts';
import { fingerprint, productFingerprint, type PageRefs } from './page-keys.ts';
import type { IndexMemo } from './index-memo.ts';
import type { ShopConfig } from '../shops/schema.ts';
import { STREAMS } from './export-schema.ts';

const src = (file: string) => (/^https?:/.test(file) ? file : `/${file}`);

/** A record's texts, images and documents in locale `L`; editor HTML cleaned once per distinct HTML (the memo). */
export function localiser(L: Locale, memo: IndexMemo) {
  const texts = (i18n: Partial<Record<Locale, Texts>>): TextsModel => {
    const t = i18n[L]!;
    return {
      title: t.title,
      chapo: t.chapo,
      descriptionHtml: memo.html(t.description, () => sanitizeEditorHtml(t.description)),
      postscriptum: t.postscriptum,
      metaTitle: t.metaTitle,
      metaDescription: t.metaDescription,
    };
  };
  const image = (i: Image): ImageModel => ({ src: src(i.file), width: i.width, height: i.height, alt: i.alt[L] ?? '' });
  const documentOf = (d: Document): DocumentModel => ({ href: src(d.file), title: d.title[L] ?? d.file, mime: d.mime, bytes: d.bytes });
  return { texts, image, documentOf };
}

/** What a product's row is made with besides its record: the shop and the other records it may name. */
export interface ProductContext {
  shop: ShopConfig;
  taxRules: ReadonlyMap<number, TaxRule>;
  /** Categories, brands (visible) and contents in the index. */
  categoryIds: ReadonlySet<number>;
  brandIds: ReadonlySet<number>;
  contentIds: ReadonlySet<number>;
  local: ReturnType<typeof localiser>;
  /** Claims a page path for a record; false (and reported) when another record has it. */
  claim: (slug: string, kind: 'product' | 'variant', id: number, productId: number | null) => boolean;
  fault: (fault: Fault) => void;
}

/** The fault of a product whose accessory `targetId` is not in the index (found once every product is in). */
export const danglingAccessory = (productId: number, targetId: number): Fault => ({
  severity: 'skip',
  file: STREAMS.products.file,
  id: productId,
  field: 'accessories',
  reason: `product ${targetId} is not shown (missing, hidden or without price); the link is dropped`,
});

/** A product's row of the index (`product`), with what goes into the tables beside it. */
export interface ProductRow {
  id: number;
  ref: string;
  brandId: number | null;
  defaultCategory: number;
  title: string;
  sales: number;
  createdAt: string | null;
  price: number;
  card: string;
  data: string;
  facets: string;
  pageRefs: string;
  dataHash: string;
  fp: string;
  /** The categories it is listed in (`product_category`), in the export's order. */
  links: { id: number; position: number }[];
  /** Accessory product ids in order (`product_link`), dangling ones included: dropped once every product is in. */
  accessories: number[];
  variantPages: number;
}

/**
 * A product's row, or undefined when it is left out: a fault (unknown tax rule or default
 * category, no price in the shop's currency, a URL another record has) or not sellable (`unsellable`
 * is told). Faults of parts that are dropped (a category, a brand, a content) go to `fault` too.
 */
export function productRow(p: Product, ctx: ProductContext, unsellable: () => void): ProductRow | undefined {
  const { shop, local, fault } = ctx;
  const L = shop.locale;
  const file = STREAMS.products.file;
  const currency = shop.currency.code;
  const rule = ctx.taxRules.get(p.taxRuleId);
  if (!rule) {
    fault({ severity: 'skip', file, id: p.id, field: 'taxRuleId', reason: `tax rule ${p.taxRuleId} is not in tax-rules.json` });
    return undefined;
  }
  const defaultLink = p.categories.find((c) => c.default) ?? p.categories[0]!;
  if (!ctx.categoryIds.has(defaultLink.id)) {
    fault({ severity: 'skip', file, id: p.id, field: 'categories', reason: `default category ${defaultLink.id} is not in the export` });
    return undefined;
  }
  const unpriced = p.variants.find((v) => !v.prices[currency]);
  if (unpriced) {
    fault({ severity: 'skip', file, id: p.id, field: `variants.${unpriced.id}.prices`, reason: `no price in ${currency}, the shop's currency` });
    return undefined;
  }
  const links = p.categories.filter((c) => {
    if (ctx.categoryIds.has(c.id)) return true;
    fault({ severity: 'skip', file, id: p.id, field: 'categories', reason: `category ${c.id} is not in the export; the link is dropped` });
    return false;
  });
  let brandId = p.brandId;
  if (brandId !== null && !ctx.brandIds.has(brandId)) {
    fault({ severity: 'skip', file, id: p.id, field: 'brandId', reason: `brand ${brandId} is not in the export (or hidden); shown without brand` });
    brandId = null;
  }
  const zeroRated = links.some((c) => shop.zeroVatCategories.includes(c.id));
  const taxes = zeroRated ? [] : taxesFor(rule, shop.countryId);
  const variants: VariantModel[] = p.variants.map((v) => {
    const net = v.prices[currency]!;
    return {
      id: v.id,
      ref: v.ref,
      ean: v.ean,
      isDefault: v.isDefault,
      quantity: v.quantity,
      promo: v.promo,
      newness: v.newness,
      weight: v.weight,
      url: v.url[L] ? pathOf(v.url[L]!) : null,
      urls: v.url,
      attributes: v.attributes.map((a) => ({ attributeId: a.attributeId, kind: a.kind, name: a.attribute[L] ?? '', valueId: a.valueId, value: a.value[L] ?? '', hex: a.hex })),
      prices: {
        net,
        gross: {
          price: priceCents(net.price, { taxes }),
          promoPrice: priceCents(net.promoPrice, { taxes }),
          listPrice: net.listPrice === undefined ? undefined : priceCents(net.listPrice, { taxes }),
        },
      },
      imageIds: v.images,
      deliveryDelay: v.deliveryDelay,
      fulfilment: v.fulfilment,
    };
  });
  const main = defaultVariantOf(variants)!;
  const sellable = isSellable(main.prices.gross, main.promo);
  if (!sellable) {
    unsellable();
    return undefined;
  }
  if (!ctx.claim(p.url[L]!, 'product', p.id, null)) return undefined;
  for (const v of variants) {
    if (v.url && !ctx.claim(v.url.slice(1), 'variant', v.id, p.id)) v.url = null;
  }
  const model: ProductModel = {
    id: p.id,
    ref: p.ref,
    url: pathOf(p.url[L]!),
    urls: p.url,
    brandId,
    taxRuleId: p.taxRuleId,
    defaultCategoryId: defaultLink.id,
    categoryIds: links.map((c) => c.id),
    sellable,
    ...local.texts(p.i18n),
    variants,
    features: p.features.map((f) => ({ featureId: f.featureId, title: f.title[L] ?? '', values: f.values.map((v) => v.title[L] ?? '').filter(Boolean) })),
    images: p.images.map((i) => ({ id: i.id, ...local.image(i) })),
    documents: p.documents.map(local.documentOf),
    accessoryIds: p.accessories,
    contentIds: p.contents.filter((id) => ctx.contentIds.has(id)),
    createdAt: p.createdAt,
    module: { ...p.module, keywords: p.module.keywords?.[L] },
  };
  for (const id of p.contents) {
    if (!ctx.contentIds.has(id)) fault({ severity: 'skip', file, id: p.id, field: 'contents', reason: `content ${id} is not in the export; the link is dropped` });
  }
  const shown = shownPrice(main.prices.gross, main.promo);
  const card: ProductCard = {
    id: p.id,
    title: model.title,
    url: model.url,
    brandId,
    image: model.images[0] ? local.image(p.images[0]!) : null,
    price: shown.price,
    crossedOut: shown.crossedOut,
    inStock: variants.some((v) => v.quantity > 0),
    ...(variants.length === 1 ? { pse: variants[0]!.id } : {}),
    ...((p.module.quantityStep ?? 1) > 1 ? { step: p.module.quantityStep } : {}),
    modes: encodeModes(main.prices.net, main.promo, modeTaxes(rule, modeCountries(shop), zeroRated ? shop.countryId : null)),
  };
  const facets: ProductFacets = {
    promo: main.promo,
    newness: main.newness,
    features: model.features.flatMap((f) => f.values.map((v) => [f.featureId, f.title, v] as [number, string, string])),
  };
  const data = JSON.stringify(model);
  const dataHash = fingerprint(data);
  const cardJson = JSON.stringify(card);
  const facetsJson = JSON.stringify(facets);
  const sales = p.module.salesCount ?? 0;
  return {
    id: p.id,
    ref: p.ref,
    brandId,
    defaultCategory: defaultLink.id,
    title: model.title,
    sales,
    createdAt: p.createdAt,
    price: shown.price,
    card: cardJson,
    data,
    facets: facetsJson,
    pageRefs: JSON.stringify({ contentIds: model.contentIds, images: model.images } satisfies PageRefs),
    dataHash,
    fp: productFingerprint(
      dataHash,
      cardJson,
      facetsJson,
      sales,
      links.map((c) => c.id),
    ),
    links: links.map((c) => ({ id: c.id, position: c.position })),
    accessories: p.accessories,
    variantPages: variants.filter((v) => v.url).length,
  };
}

/** The product table's columns a row fills, in the order `productValues` gives them. */
export const PRODUCT_COLUMNS = [
  'ref',
  'brand_id',
  'default_category',
  'title',
  'sellable',
  'sales',
  'created_at',
  'price',
  'card',
  'facets',
  'page_refs',
  'data_hash',
  'fp',
  'data',
] as const;

/** A row's values for PRODUCT_COLUMNS (a product in the index is sellable: 1). */
export const productValues = (r: ProductRow) =>
  [r.ref, r.brandId, r.defaultCategory, r.title, 1, r.sales, r.createdAt, r.price, r.card, r.facets, r.pageRefs, r.dataHash, r.fp, r.data] as const;
