/**
 * Listings at build time: which products a category, brand, listing content or grid type shows,
 * with what the engine (listing-engine.ts) sorts and filters on. The catalog is read once per
 * process (one scan of products, one of category links); each listing is then a pass over those
 * rows in memory, memoised, and shared by the listing's page (its first page as HTML) and its
 * JSON file.
 */
import type { Catalog, CategoryRow } from './catalog.ts';
import { responsive } from './images.ts';
import type { ListingData, ListingItem } from './listing-engine.ts';
import type { ProductCard, ProductFacets } from './models.ts';

export const GRID_TYPES = ['bestsellers', 'new', 'promotions'] as const;
export type GridType = (typeof GRID_TYPES)[number];

export type ListingRef =
  | { kind: 'category'; id: number }
  | { kind: 'brand'; id: number }
  | { kind: 'content'; id: number; brandId: number | null; categoryId: number | null }
  | { kind: 'grid'; type: GridType };

const KEY_PREFIX = { category: 'c', brand: 'b', content: 'n' } as const;
export const listingKey = (ref: ListingRef): string => (ref.kind === 'grid' ? `g-${ref.type}` : `${KEY_PREFIX[ref.kind]}${ref.id}`);
export const listingJsonPath = (key: string) => `/listing-data/${key}.json`;

/** Card images are at most 240 CSS pixels wide: 480 covers a DPR of 2. */
const CARD_IMAGE_MAX = 480;
/** A feature becomes a filter when 2-15 values cover at least a quarter of the listing. */
const FEATURE_MAX_VALUES = 15;
const FEATURE_MIN_SHARE = 0.25;
const FEATURE_MAX_FILTERS = 5;

interface Row {
  card: ProductCard;
  sales: number;
  days: number;
  facets: ProductFacets;
  /** the product's categories and all their ancestors */
  within: Set<number>;
}

export class Listings {
  readonly #catalog: Catalog;
  #rows?: Row[];
  readonly #memo = new Map<string, ListingData>();

  constructor(catalog: Catalog) {
    this.#catalog = catalog;
  }

  #load(): Row[] {
    if (this.#rows) return this.#rows;
    const catalog = this.#catalog;
    const ancestors = new Map<number, number[]>();
    const ancestorsOf = (id: number) => {
      let a = ancestors.get(id);
      if (!a) ancestors.set(id, (a = catalog.categoryTrail(id).map((c) => c.id)));
      return a;
    };
    const within = new Map<number, Set<number>>();
    for (const { categoryId, productId } of catalog.productCategoryLinks()) {
      let set = within.get(productId);
      if (!set) within.set(productId, (set = new Set()));
      for (const id of ancestorsOf(categoryId)) set.add(id);
    }
    return (this.#rows = catalog.listingProducts().map((p) => ({
      card: p.card,
      sales: p.sales,
      days: Math.floor(Date.parse(p.createdAt) / 86_400_000) || 0,
      facets: p.facets,
      within: within.get(p.card.id) ?? new Set(),
    })));
  }

  #children(id: number): CategoryRow[] {
    return this.#catalog.categories().filter((c) => c.parent === id && c.visible && c.count > 0);
  }

  /** The listing's data: its products in the default order, with facets. */
  data(ref: ListingRef): ListingData {
    const key = listingKey(ref);
    let data = this.#memo.get(key);
    if (!data) this.#memo.set(key, (data = this.#build(ref, key)));
    return data;
  }

  #build(ref: ListingRef, key: string): ListingData {
    const rows = this.#load();
    let chosen: Row[];
    let subs: CategoryRow[];
    const roots = () => this.#catalog.categories().filter((c) => c.depth === 0 && c.visible && c.count > 0);
    switch (ref.kind) {
      case 'category':
        chosen = rows.filter((r) => r.within.has(ref.id));
        subs = this.#children(ref.id);
        break;
      case 'brand':
        chosen = rows.filter((r) => r.card.brandId === ref.id);
        subs = roots();
        break;
      case 'content':
        chosen = rows.filter((r) => (ref.brandId === null || r.card.brandId === ref.brandId) && (ref.categoryId === null || r.within.has(ref.categoryId)));
        subs = ref.categoryId === null ? roots() : this.#children(ref.categoryId);
        break;
      case 'grid': {
        subs = roots();
        if (ref.type === 'bestsellers') chosen = rows.filter((r) => r.sales > 0);
        else if (ref.type === 'promotions') chosen = rows.filter((r) => r.facets.promo || r.card.crossedOut !== null);
        else {
          chosen = rows.filter((r) => r.facets.newness);
          if (!chosen.length) {
            // No product flagged new: the newest sixtieth of the catalog, at least 24.
            const newest = [...rows].sort((a, b) => b.days - a.days);
            chosen = newest.slice(0, Math.max(24, Math.ceil(rows.length / 60)));
          }
        }
      }
    }
    chosen = [...chosen].sort((a, b) => b.sales - a.sales || a.card.id - b.card.id);

    const brandTitles = new Map<number, string>();
    const brandIds = new Set(chosen.map((r) => r.card.brandId).filter((b): b is number => b !== null));
    for (const b of this.#catalog.brands()) if (brandIds.has(b.id)) brandTitles.set(b.id, b.title);

    // Features worth filtering on in this listing.
    const featureValues = new Map<number, { title: string; values: Map<string, number>; products: number }>();
    for (const r of chosen) {
      const seen = new Set<number>();
      for (const [fid, title, value] of r.facets.features) {
        let f = featureValues.get(fid);
        if (!f) featureValues.set(fid, (f = { title, values: new Map(), products: 0 }));
        f.values.set(value, (f.values.get(value) ?? 0) + 1);
        if (!seen.has(fid)) f.products++, seen.add(fid);
      }
    }
    const feats = [...featureValues.entries()]
      .filter(([, f]) => f.values.size >= 2 && f.values.size <= FEATURE_MAX_VALUES && f.products >= chosen.length * FEATURE_MIN_SHARE)
      .sort((a, b) => b[1].products - a[1].products || a[0] - b[0])
      .slice(0, FEATURE_MAX_FILTERS);
    const fv: [number, string][] = [];
    const fvIndex = new Map<string, number>();
    feats.forEach(([fid, f], fi) => {
      for (const value of [...f.values.keys()].sort(new Intl.Collator(undefined, { numeric: true }).compare)) {
        fvIndex.set(`${fid}\u0000${value}`, fv.length);
        fv.push([fi, value]);
      }
    });

    const imgs: ListingData['imgs'] = [];
    const imgIndex = new Map<string, number>();
    const subIds = subs.map((s) => s.id);
    const items: ListingItem[] = chosen.map((r) => {
      const c = r.card;
      let i = -1;
      if (c.image) {
        const k = `${c.image.src}\u0000${c.image.alt}`;
        i = imgIndex.get(k) ?? -1;
        if (i < 0) {
          const img = responsive(c.image, { maxWidth: CARD_IMAGE_MAX });
          i = imgs.length;
          imgs.push([img.src, img.srcset, img.width, img.height, img.alt || c.title]);
          imgIndex.set(k, i);
        }
      }
      return {
        id: c.id,
        t: c.title,
        u: c.url,
        i,
        p: c.price,
        x: c.crossedOut ?? 0,
        s: r.sales,
        c: r.days,
        a: c.inStock ? 1 : 0,
        b: c.brandId ?? 0,
        k: subIds.filter((id) => r.within.has(id)),
        f: r.facets.features.map(([fid, , value]) => fvIndex.get(`${fid}\u0000${value}`)).filter((v): v is number => v !== undefined),
        g: (r.facets.promo ? 1 : 0) | (r.facets.newness ? 2 : 0),
        v: c.pse,
        q: c.step,
        m: c.modes,
      };
    });
    return {
      v: 1,
      key,
      items,
      brands: [...brandTitles.entries()].sort((a, b) => a[1].localeCompare(b[1])),
      subs: subs.map((s) => [s.id, s.title]),
      feats: feats.map(([fid, f]) => [fid, f.title]),
      fv,
      imgs,
    };
  }

  /** Top products of a grid type, for the home page's selections. */
  selection(type: GridType, limit: number): ListingData {
    const data = this.data({ kind: 'grid', type });
    return { ...data, items: data.items.slice(0, limit) };
  }
}

/** Cards (accessories, home selections from other sources) in the engine's form. */
export function cardsData(cards: ProductCard[]): Pick<ListingData, 'items' | 'imgs'> {
  const imgs: ListingData['imgs'] = [];
  const items: ListingItem[] = cards.map((c) => {
    let i = -1;
    if (c.image) {
      const img = responsive(c.image, { maxWidth: CARD_IMAGE_MAX });
      i = imgs.push([img.src, img.srcset, img.width, img.height, img.alt || c.title]) - 1;
    }
    return {
      id: c.id,
      t: c.title,
      u: c.url,
      i,
      p: c.price,
      x: c.crossedOut ?? 0,
      s: 0,
      c: 0,
      a: c.inStock ? 1 : 0,
      b: c.brandId ?? 0,
      k: [],
      f: [],
      g: 0,
      m: c.modes,
      v: c.pse,
      q: c.step,
    };
  });
  return { items, imgs };
}

const all = new WeakMap<Catalog, Listings>();
export const listingsOf = (catalog: Catalog): Listings => {
  let l = all.get(catalog);
  if (!l) all.set(catalog, (l = new Listings(catalog)));
  return l;
};
