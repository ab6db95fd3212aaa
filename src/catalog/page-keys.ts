/**
 * Cache keys of the catalog pages, for Astro's incremental build (`experimental.incrementalBuild`:
 * a page returned by getStaticPaths with a `cacheKey` is copied from the previous build when the
 * key and the code it depends on are unchanged). A page's key is a fingerprint of exactly the data
 * it renders, read from the index the page reads, so a change to that data always changes the key:
 *
 * - every page: the shop's configuration, tax rules, countries, currencies, and the chrome's
 *   content links (titles and URLs of the contents the header and footer link);
 * - a product and its variant pages: the product's record, its breadcrumb (titles, URLs and
 *   visibility of its default category's trail), its brand, its accessories' cards, its related
 *   contents, and the bytes of every image it shows;
 * - a listing (category, brand, listing content, grid type; its page and its JSON file): every
 *   product it lists (card, sales, creation date, facets, category links, card image bytes), the
 *   category tree's shape (which categories lie below which), the subcategories it offers (title,
 *   URL, count) and the titles of the brands it filters by; plus the record of the category, brand
 *   or content and the breadcrumb's trail;
 * - folders and contents without a listing: every folder and content record (they are few).
 *
 * Image bytes: an export image is fingerprinted by its content (the page's srcset names the
 * derivatives by content hash); the hash is reused from the previous index while the file's size
 * and mtime are unchanged.
 */
import { createHash, type Hash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { GRID_TYPES, listingKey, type ListingRef } from './listing.ts';
import { isExportMedia, stampOf } from './images.ts';
import { parseAdvent } from './advent.ts';
import type { BrandModel, CategoryModel, ContentModel, ImageModel, ProductCard, ProductModel } from './models.ts';
import type { ShopConfig } from '../shops/schema.ts';

/** Bump when what a page renders changes in a way its data does not show (it is in every key). */
export const KEYS_VERSION = 1;

export const MEDIA_SCHEMA = 'CREATE TABLE IF NOT EXISTS media (src TEXT PRIMARY KEY, size INTEGER, mtime REAL, hash TEXT, width INTEGER)';
export const KEYS_SCHEMA = 'CREATE TABLE IF NOT EXISTS listing_key (key TEXT PRIMARY KEY, hash TEXT NOT NULL)';

const digest = (h: Hash) => h.digest('base64url').slice(0, 22);
const hashOf = (...parts: (string | number | null | undefined)[]) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(`${p ?? ''}\u0000`);
  return digest(h);
};

/** The fingerprint of a text (a product's record: product.data_hash). */
export const fingerprint = (text: string): string => hashOf(text);

/**
 * A product's fingerprint for the change report (product.fp): its record's hash, card, facets,
 * sales and categories (ids in order, each once). Written with the product: an UPDATE afterwards
 * rewrites each whole row, its record included (the index's largest writes).
 */
export const productFingerprint = (dataHash: string, card: string, facets: string, sales: number, categoryIds: readonly number[]): string =>
  hashOf(dataHash, card, facets, sales, [...new Set(categoryIds)].sort((a, b) => a - b).join(','));

export interface MediaRow {
  src: string;
  size: number;
  mtime: number;
  hash: string | null;
  width: number;
}

/** Content hashes of the export's image files, reusing the previous index's while size and mtime hold. */
export class MediaHashes {
  readonly rows = new Map<string, MediaRow>();
  readonly #previous: Map<string, MediaRow>;
  readonly #exportDir: string;
  hashed = 0;

  constructor(exportDir: string, previous: Map<string, MediaRow>) {
    this.#exportDir = exportDir;
    this.#previous = previous;
  }

  /** The fingerprint of an image as pages show it: its source, size, alt text and file bytes. */
  of(image: ImageModel | null | undefined): string {
    if (!image) return '-';
    return `${image.src}|${image.width}x${image.height}|${image.alt}|${this.#hash(image)}`;
  }

  #hash(image: ImageModel): string {
    if (!isExportMedia(image.src)) return 'remote';
    let row = this.rows.get(image.src);
    if (!row) {
      const before = this.#previous.get(image.src);
      const known = before?.hash ? { size: before.size, mtime: before.mtime, hash: before.hash } : null;
      const stamp = stampOf(join(this.#exportDir, image.src), known);
      if (!stamp) row = { src: image.src, size: -1, mtime: 0, hash: null, width: image.width };
      else {
        row = { src: image.src, ...stamp, width: image.width };
        if (stamp !== known) this.hashed++;
      }
      this.rows.set(image.src, row);
    } else if (image.width > row.width) row.width = image.width;
    return row.hash ?? 'missing';
  }
}

export function readMedia(db: DatabaseSync): Map<string, MediaRow> {
  try {
    return new Map((db.prepare('SELECT src, size, mtime, hash, width FROM media').all() as unknown as MediaRow[]).map((r) => [r.src, r]));
  } catch {
    return new Map();
  }
}

/** What a product's page shows of other records, beside its own (product.page_refs): read without its whole record. */
export interface PageRefs {
  contentIds: ProductModel['contentIds'];
  images: ProductModel['images'];
}

interface ProductRow {
  id: number;
  brandId: number | null;
  /** fingerprint of what a listing shows of the product */
  listed: string;
  within: number[];
  sales: number;
  promo: boolean;
  crossedOut: boolean;
  newness: boolean;
}

/**
 * Computes and stores every page's key (route.key) and every listing's (listing_key); each
 * product's fingerprint for the change report (product.fp) is written with it (productFingerprint).
 */
export function computePageKeys(db: DatabaseSync, shop: ShopConfig, meta: { taxRules: unknown; countries: unknown; currencies: unknown }, media: MediaHashes): void {
  const all = <T>(sql: string, ...params: (string | number | null)[]) => db.prepare(sql).all(...params) as unknown as T[];

  // --- what every page shows ----------------------------------------------------------------
  const contents = new Map(all<{ id: number; data: string }>('SELECT id, data FROM content').map((r) => [r.id, r.data]));
  const chromeIds = [...new Set([...shop.rightMenuContentIds, ...Object.values(shop.contentPages)])].sort((a, b) => a - b);
  const chrome = chromeIds.map((id) => {
    const c = contents.get(id);
    if (!c) return `${id}:-`;
    const model = JSON.parse(c) as ContentModel;
    return `${id}:${model.title}:${model.url}`;
  });
  const global = hashOf(
    `v${KEYS_VERSION}`,
    JSON.stringify(shop),
    JSON.stringify(meta.taxRules),
    JSON.stringify(meta.countries),
    JSON.stringify(meta.currencies),
    chrome.join('\n'),
  );

  // --- the category tree ----------------------------------------------------------------------
  const categories = all<{ id: number; parent: number; visible: number; position: number; depth: number; count: number; data: string }>(
    'SELECT id, parent, visible, position, depth, count, data FROM category',
  );
  const inTree = new Map(categories.filter((c) => c.depth >= 0).map((c) => [c.id, c]));
  const categoryModel = new Map(categories.map((c) => [c.id, JSON.parse(c.data) as CategoryModel]));
  const shape = hashOf(...[...inTree.values()].sort((a, b) => a.id - b.id).map((c) => `${c.id}<${c.parent}`));
  /** Breadcrumb rows: what Breadcrumb shows of each category of a trail. */
  const trailOf = (id: number) => {
    const out: string[] = [];
    for (let c = inTree.get(id); c; c = inTree.get(c.parent)) {
      const m = categoryModel.get(c.id)!;
      out.unshift(`${c.id}:${c.visible}:${m.title}:${m.url}`);
    }
    return out.join('|');
  };
  const ancestors = new Map<number, number[]>();
  const ancestorsOf = (id: number) => {
    let a = ancestors.get(id);
    if (!a) {
      a = [];
      for (let c = inTree.get(id); c; c = inTree.get(c.parent)) a.push(c.id);
      ancestors.set(id, a);
    }
    return a;
  };
  /** A listing's subcategories: the children with products, as the listing and the category page show them. */
  const childrenOf = (id: number) =>
    [...inTree.values()]
      .filter((c) => c.parent === id && c.visible === 1 && c.count > 0)
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .map((c) => `${c.id}:${categoryModel.get(c.id)!.title}:${categoryModel.get(c.id)!.url}:${c.count}`)
      .join('|');
  const roots = childrenOf(0);
  const brands = new Map(all<{ id: number; title: string; data: string }>('SELECT id, title, data FROM brand').map((b) => [b.id, b]));

  // --- products: their fingerprints, and the listings they are in -----------------------------
  const links = new Map<number, number[]>();
  for (const l of all<{ product_id: number; category_id: number }>('SELECT product_id, category_id FROM product_category ORDER BY product_id, category_id')) {
    let list = links.get(l.product_id);
    if (!list) links.set(l.product_id, (list = []));
    list.push(l.category_id);
  }
  const accessoryIds = new Map<number, number[]>();
  for (const l of all<{ product_id: number; target_id: number }>("SELECT product_id, target_id FROM product_link WHERE kind = 'accessory' ORDER BY product_id, position")) {
    let list = accessoryIds.get(l.product_id);
    if (!list) accessoryIds.set(l.product_id, (list = []));
    list.push(l.target_id);
  }
  const rows: ProductRow[] = [];
  const cardFp = new Map<number, string>();
  /** What a product page's key needs of the product, read once without its record. */
  const shown = new Map<number, { dataHash: string; defaultCategoryId: number; brandId: number | null; contents: string; images: string }>();
  for (const p of db.prepare('SELECT id, brand_id, default_category, sales, created_at, card, facets, data_hash, page_refs FROM product ORDER BY id').iterate() as Iterable<{
    id: number;
    brand_id: number | null;
    default_category: number;
    data_hash: string;
    page_refs: string;
    sales: number;
    created_at: string;
    card: string;
    facets: string;
  }>) {
    const card = JSON.parse(p.card) as ProductCard;
    const facets = JSON.parse(p.facets) as { promo: boolean; newness: boolean };
    const own = links.get(p.id) ?? [];
    const within = [...new Set(own.flatMap(ancestorsOf))].sort((a, b) => a - b);
    const cardPrint = hashOf(p.card, media.of(card.image));
    cardFp.set(p.id, cardPrint);
    rows.push({
      id: p.id,
      brandId: p.brand_id,
      sales: p.sales,
      promo: facets.promo,
      newness: facets.newness,
      crossedOut: card.crossedOut !== null,
      within,
      listed: hashOf(cardPrint, p.sales, p.created_at, p.facets, own.join(',')),
    });
    const refs = JSON.parse(p.page_refs) as PageRefs;
    shown.set(p.id, {
      dataHash: p.data_hash,
      defaultCategoryId: p.default_category,
      brandId: p.brand_id,
      contents: refs.contentIds.map((c) => contents.get(c) ?? '-').join('|'),
      images: refs.images.map((i) => media.of(i)).join('|'),
    });
  }

  // Listings: one hasher each, fed in product id order.
  const listings = new Map<string, { hash: Hash; brands: Set<number> }>();
  const feed = (key: string, row: ProductRow) => {
    let l = listings.get(key);
    if (!l) listings.set(key, (l = { hash: createHash('sha256'), brands: new Set() }));
    l.hash.update(`${row.listed}\n`);
    if (row.brandId !== null) l.brands.add(row.brandId);
  };
  const contentListings = [...contents.entries()]
    .map(([id, data]) => ({ id, listing: (JSON.parse(data) as ContentModel).listing }))
    .filter((c): c is { id: number; listing: NonNullable<ContentModel['listing']> } => c.listing !== null);
  const allProducts = createHash('sha256');
  for (const r of rows) {
    allProducts.update(`${r.id}:${r.listed}\n`);
    for (const c of r.within) feed(listingKey({ kind: 'category', id: c }), r);
    if (r.brandId !== null) feed(listingKey({ kind: 'brand', id: r.brandId }), r);
    for (const c of contentListings) {
      if ((c.listing.brandId === null || r.brandId === c.listing.brandId) && (c.listing.categoryId === null || r.within.includes(c.listing.categoryId))) {
        feed(listingKey({ kind: 'content', id: c.id, ...c.listing }), r);
      }
    }
  }
  const everyProduct = digest(allProducts);
  const brandTitles = (ids: Set<number>) =>
    [...ids]
      .sort((a, b) => a - b)
      .map((id) => `${id}:${brands.get(id)?.title ?? ''}`)
      .join('|');
  const listingHash = (ref: ListingRef, subs: string) => {
    const l = listings.get(listingKey(ref));
    return hashOf(global, shape, subs, l ? digest(l.hash.copy()) : 'empty', l ? brandTitles(l.brands) : '');
  };

  const insertListing = db.prepare('INSERT OR REPLACE INTO listing_key VALUES (?, ?)');
  const setKey = db.prepare('UPDATE route SET key = ? WHERE path = ?');
  const listingKeys = new Map<string, string>();
  const storeListing = (ref: ListingRef, subs: string) => {
    const key = listingKey(ref);
    const hash = listingHash(ref, subs);
    listingKeys.set(key, hash);
    insertListing.run(key, hash);
    return hash;
  };
  // The grid types list (nearly) every product: keyed by all of them.
  for (const type of GRID_TYPES) {
    const hash = hashOf(global, shape, roots, everyProduct, brandTitles(new Set(brands.keys())), type);
    listingKeys.set(listingKey({ kind: 'grid', type }), hash);
    insertListing.run(listingKey({ kind: 'grid', type }), hash);
  }

  const productKeys = new Map<number, string>();
  const productKey = (id: number) => {
    let key = productKeys.get(id);
    if (key) return key;
    const p = shown.get(id);
    if (!p) return 'missing';
    const accessories = (accessoryIds.get(id) ?? []).map((a) => cardFp.get(a) ?? '-');
    const brand = p.brandId === null ? '-' : (brands.get(p.brandId)?.data ?? '-');
    key = hashOf(global, 'product', p.dataHash, trailOf(p.defaultCategoryId), brand, accessories.join('|'), p.contents, p.images);
    productKeys.set(id, key);
    return key;
  };
  const folders = all<{ data: string }>('SELECT data FROM folder ORDER BY id')
    .map((f) => f.data)
    .join('\n');
  const contentImages = (c: ContentModel) => c.images.map((i) => media.of(i)).join('|');
  const editorial = hashOf(
    global,
    'editorial',
    folders,
    [...contents.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([, d]) => `${d}${contentImages(JSON.parse(d) as ContentModel)}`)
      .join('\n'),
  );

  db.exec('BEGIN');
  for (const r of all<{ path: string; kind: string; id: number; product_id: number | null; key: string | null }>('SELECT path, kind, id, product_id, key FROM route')) {
    let key: string;
    switch (r.kind) {
      case 'product':
        key = productKey(r.id);
        break;
      case 'variant':
        key = productKey(r.product_id!);
        break;
      case 'category': {
        const c = categoryModel.get(r.id)!;
        const subs = childrenOf(r.id);
        key = hashOf(c.parent, JSON.stringify(c), media.of(c.images[0]), trailOf(c.parent), storeListing({ kind: 'category', id: r.id }, subs));
        break;
      }
      case 'brand': {
        const b = JSON.parse(brands.get(r.id)!.data) as BrandModel;
        key = hashOf(brands.get(r.id)!.data, media.of(b.logo), storeListing({ kind: 'brand', id: r.id }, roots));
        break;
      }
      case 'content': {
        const c = JSON.parse(contents.get(r.id)!) as ContentModel;
        const listing = c.listing ? storeListing({ kind: 'content', id: r.id, ...c.listing }, c.listing.categoryId === null ? roots : childrenOf(c.listing.categoryId)) : '';
        // The advent calendar (issue 15) shows its doors' products as cards: their cards are part of the page.
        const advent = parseAdvent(c.postscriptum ?? '');
        const doors = advent ? [...advent.doors.values()].map((d) => (d.kind === 'product' ? (cardFp.get(d.productId) ?? '-') : '')).join('|') : '';
        key = hashOf(editorial, listing, doors);
        break;
      }
      default:
        key = editorial;
    }
    // A patched index (index-patch.ts) holds the previous keys: only those that changed are written.
    const pageKey = `${r.kind}:${key}`;
    if (pageKey !== r.key) setKey.run(pageKey, r.path);
  }
  db.exec('COMMIT');

  db.exec(MEDIA_SCHEMA);
  const insertMedia = db.prepare('INSERT OR REPLACE INTO media VALUES (?, ?, ?, ?, ?)');
  db.exec('BEGIN');
  for (const m of media.rows.values()) insertMedia.run(m.src, m.size, m.mtime, m.hash, m.width);
  db.exec('COMMIT');
}

/** What changed between two indexes of a shop, for the build log. */
export interface Changes {
  previous: boolean;
  products: { changed: number; added: number; removed: number };
  categories: { changed: number; added: number; removed: number };
  pages: { changed: number; unchanged: number; removed: number };
  listings: { changed: number; unchanged: number };
}

export function diffIndexes(db: DatabaseSync, previousFile: string | undefined): Changes {
  const changes: Changes = {
    previous: false,
    products: { changed: 0, added: 0, removed: 0 },
    categories: { changed: 0, added: 0, removed: 0 },
    pages: { changed: 0, unchanged: 0, removed: 0 },
    listings: { changed: 0, unchanged: 0 },
  };
  /** Per kind: its table, its key column and what counts as its value (of a row alias). */
  const kinds = {
    products: { table: 'product', key: 'id', value: (a: string) => `${a}.fp` },
    categories: { table: 'category', key: 'id', value: (a: string) => `${a}.data || ':' || ${a}.parent || ':' || ${a}.depth || ':' || ${a}.count` },
    pages: { table: 'route', key: 'path', value: (a: string) => `${a}.key` },
    listings: { table: 'listing_key', key: 'key', value: (a: string) => `${a}.hash` },
  };
  const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
  // Compared in SQLite, the previous index attached: at 100,000 products, reading 260,000 routes of
  // each index into maps took 1.7 s.
  let attached = false;
  try {
    if (previousFile && existsSync(previousFile)) {
      db.prepare('ATTACH DATABASE ? AS previous').run(previousFile);
      attached = true;
    }
  } catch {
    attached = false;
  }
  try {
    for (const [name, { table, key, value }] of Object.entries(kinds) as [keyof typeof kinds, (typeof kinds)[keyof typeof kinds]][]) {
      const into = changes[name] as unknown as Record<string, number>;
      const split = 'added' in into;
      const now = count(`SELECT COUNT(*) AS n FROM main.${table}`);
      let compared: { changed: number; added: number; removed: number } | undefined;
      if (attached) {
        try {
          compared = {
            changed: count(`SELECT COUNT(*) AS n FROM main.${table} n JOIN previous.${table} p ON p.${key} = n.${key} WHERE (${value('n')}) IS NOT (${value('p')})`),
            added: count(`SELECT COUNT(*) AS n FROM main.${table} n WHERE NOT EXISTS (SELECT 1 FROM previous.${table} p WHERE p.${key} = n.${key})`),
            removed: count(`SELECT COUNT(*) AS n FROM previous.${table} p WHERE NOT EXISTS (SELECT 1 FROM main.${table} n WHERE n.${key} = p.${key})`),
          };
          changes.previous = true;
        } catch {
          // An index of an older layout: everything counts as new.
        }
      }
      const c = compared ?? { changed: 0, added: now, removed: 0 };
      if (split) Object.assign(into, { changed: c.changed, added: c.added, removed: c.removed });
      else {
        into.changed = c.changed + c.added;
        into.unchanged = now - c.changed - c.added;
        if ('removed' in into) into.removed = c.removed;
      }
    }
  } finally {
    if (attached) db.exec('DETACH DATABASE previous');
  }
  return changes;
}

const n = (x: number) => x.toLocaleString('en');
const plural = (x: number, one: string, many = `${one}s`) => `${n(x)} ${x === 1 ? one : many}`;

/** "3 products, 1 category changed: 41 pages to render, 26,378 unchanged" */
export function describeChanges(c: Changes): string {
  if (!c.previous) return `no previous index to compare with: ${plural(c.pages.changed, 'page')} to render`;
  const parts: string[] = [];
  const what = (x: { changed: number; added: number; removed: number }, one: string) => {
    const bits = [x.changed && `${n(x.changed)} changed`, x.added && `${n(x.added)} added`, x.removed && `${n(x.removed)} removed`].filter(Boolean);
    if (bits.length) parts.push(`${plural(x.changed + x.added + x.removed, one, one === 'category' ? 'categories' : `${one}s`)} (${bits.join(', ')})`);
  };
  what(c.products, 'product');
  what(c.categories, 'category');
  const head = parts.length ? parts.join(', ') : 'no product or category changed';
  return `${head}: ${plural(c.pages.changed, 'catalog page')} and ${plural(c.listings.changed, 'listing')} to render, ${n(c.pages.unchanged)} pages unchanged, ${n(c.pages.removed)} removed`;
}
