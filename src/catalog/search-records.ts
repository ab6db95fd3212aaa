/**
 * The search index's records (issue 7), streamed from a shop's catalog index: one Pagefind custom
 * record per shown product and per content page. Products without a price are not in the catalog
 * index's product table (the index builder leaves them out) and are skipped here again.
 *
 * A product record's text: title, reference (and variant references, EANs), brand, category path,
 * associated keywords and feature values. Filters: `type` (product | content) and `category`
 * (every level of every category path, as "Parent › Child", so picking a parent includes its
 * subtree). Meta: what a result card shows that changes only with the product's text or image
 * (title, image, reference), and for a content its parent folder, which the results group by.
 *
 * A result's price and stock are not in its record (decision 0015): they change far more often than
 * the text, and Pagefind indexes every record again when one changes. They are in the search's
 * price sheets (searchPrices; src/catalog/search-prices.ts, written beside the index by
 * src/integrations/search-index.ts), keyed by the result's Pagefind id, which stays the same while the record does.
 */
import { DatabaseSync } from 'node:sqlite';
import { THUMB_WIDTH, responsive } from './images.ts';
import type { SearchPrice } from './search-prices.ts';
import type { Catalog, CategoryRow } from './catalog.ts';
import { type ContentModel, type FolderModel, type ProductCard, type ProductModel, defaultVariantOf } from './models.ts';

export interface SearchRecord {
  url: string;
  content: string;
  language: string;
  meta: Record<string, string>;
  filters: Record<string, string[]>;
}

/** Separator of the levels of a category filter value. */
export const CATEGORY_SEPARATOR = ' › ';

export interface RecordOptions {
  language: string;
  categories: CategoryRow[];
  brands: Map<number, string>;
  folders: FolderModel[];
}

/** The options of searchRecords, read from a shop's catalog index. */
export function recordOptionsOf(catalog: Catalog, language: string): RecordOptions {
  return {
    language,
    categories: catalog.categories(),
    brands: new Map(catalog.brands().map((b) => [b.id, b.title])),
    folders: catalog.folders(),
  };
}

/** Text of sanitised editor HTML, for indexing. */
export function htmlText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** "Werkzeug › Akkuschrauber" for a category and every ancestor level, root first. */
export function categoryPaths(categoryIds: number[], byId: Map<number, CategoryRow>): string[] {
  const out = new Set<string>();
  for (const id of categoryIds) {
    const trail: CategoryRow[] = [];
    for (let c = byId.get(id); c; c = byId.get(c.parent)) trail.unshift(c);
    if (!trail.length || trail.some((c) => !c.visible)) continue;
    for (let i = 1; i <= trail.length; i++)
      out.add(
        trail
          .slice(0, i)
          .map((c) => c.title)
          .join(CATEGORY_SEPARATOR),
      );
  }
  return [...out];
}

/** Whether a product has a search result: a price and a default variant (the shop shows it). */
const searchable = (p: ProductModel, card: ProductCard) => card.price > 0 && defaultVariantOf(p.variants) !== undefined;

export function productRecord(p: ProductModel, card: ProductCard, o: RecordOptions, byId: Map<number, CategoryRow>): SearchRecord | undefined {
  if (!searchable(p, card)) return undefined;
  const categories = categoryPaths(p.categoryIds, byId);
  const categoryWords = [...new Set(categories.flatMap((c) => c.split(CATEGORY_SEPARATOR)))];
  const refs = new Set([p.ref, ...p.variants.flatMap((v) => [v.ref, v.ean ?? ''])].filter(Boolean));
  const brand = p.brandId ? (o.brands.get(p.brandId) ?? '') : '';
  const content = [
    p.title,
    [...refs].join(' '),
    brand,
    categoryWords.join(' '),
    (p.module.keywords ?? []).join(' '),
    p.features.map((f) => `${f.title} ${f.values.join(' ')}`).join('. '),
  ]
    .filter(Boolean)
    .join('. ');
  return {
    url: card.url,
    content,
    language: o.language,
    meta: {
      title: p.title,
      // A result shows its image at 64 px: the thumbnail derivative (sharp up to DPR 2), not the original.
      ...(card.image ? { image: responsive(card.image, { maxWidth: THUMB_WIDTH, minWidth: THUMB_WIDTH }).src, image_alt: card.image.alt } : {}),
      ref: p.ref,
    },
    filters: { type: ['product'], ...(categories.length ? { category: categories } : {}) },
  };
}

/** The price sheet entry of a product that has a search result (productRecord), else undefined. */
export function productPrice(p: ProductModel, card: ProductCard): SearchPrice | undefined {
  if (!searchable(p, card)) return undefined;
  const quantity = p.variants.reduce((n, v) => n + Math.max(0, v.quantity), 0);
  return {
    price: String(card.price),
    ...(card.crossedOut ? { was: String(card.crossedOut) } : {}),
    prices: card.modes,
    stock: String(card.inStock ? Math.max(1, quantity) : 0),
  };
}

export function contentRecord(c: ContentModel, o: RecordOptions, folderTitles: Map<number, string>): SearchRecord {
  const folder = c.defaultFolderId ? (folderTitles.get(c.defaultFolderId) ?? '') : '';
  return {
    url: c.url,
    content: [c.title, c.chapo, htmlText(c.descriptionHtml)].filter(Boolean).join('. '),
    language: o.language,
    meta: { title: c.title, folder },
    filters: { type: ['content'] },
  };
}

/** A product's price sheet entry, by the URL of its search record. */
export interface PriceEntry {
  url: string;
  price: SearchPrice;
}

/** A search record as the search index's hash is taken over it (its JSON text), its URL, and a product's price sheet entry. */
export interface RecordText {
  url: string;
  json: string;
  price?: SearchPrice;
}

/** What a product gives the search, with its fingerprint then (product.fp): its record and price sheet entry, or nothing (no result). */
export interface ProductEntry {
  fp: string;
  result?: RecordText & { price: SearchPrice };
}

/**
 * The entries of the build before (`previous`, made with the same RecordOptions and code) and
 * this build's (`next`, filled by searchRecordTexts): a product whose fingerprint is unchanged is
 * not read from the catalog index again. Its fingerprint holds the hash of its record and its
 * card, all that productRecord and productPrice read of it.
 */
export interface EntryMemo {
  previous: ReadonlyMap<number, ProductEntry>;
  next: Map<number, ProductEntry>;
}

/**
 * Every record of a shop, with a product's price sheet entry, read row by row (node:sqlite's
 * iterate): memory stays flat whatever the catalog's size. Contents only when they have a page (a
 * route).
 */
export function* searchEntries(dbFile: string, o: RecordOptions): Generator<{ record: SearchRecord; price?: SearchPrice }> {
  const db = new DatabaseSync(dbFile, { readOnly: true });
  try {
    const byId = new Map(o.categories.map((c) => [c.id, c]));
    for (const { p, card } of productRows(db)) {
      const record = productRecord(p, card, o, byId);
      if (record) yield { record, price: productPrice(p, card) };
    }
    yield* contentRecords(db, o);
  } finally {
    db.close();
  }
}

/**
 * searchEntries as the texts the search index's hash is taken over, the products of unchanged
 * fingerprint from `memo` (their records neither made nor written out again).
 */
export function* searchRecordTexts(dbFile: string, o: RecordOptions, memo: EntryMemo): Generator<RecordText> {
  const db = new DatabaseSync(dbFile, { readOnly: true });
  try {
    const byId = new Map(o.categories.map((c) => [c.id, c]));
    const load = db.prepare('SELECT card, data FROM product WHERE id = ?');
    for (const { id, fp } of db.prepare('SELECT id, fp FROM product WHERE price > 0 ORDER BY id').iterate() as Iterable<{ id: number; fp: string }>) {
      let entry = memo.previous.get(id);
      if (entry?.fp !== fp) {
        const row = load.get(id) as { card: string; data: string };
        const p = JSON.parse(row.data) as ProductModel;
        const card = JSON.parse(row.card) as ProductCard;
        const record = productRecord(p, card, o, byId);
        const price = productPrice(p, card);
        entry = { fp, ...(record && price ? { result: { url: record.url, json: JSON.stringify(record), price } } : {}) };
      }
      memo.next.set(id, entry);
      if (entry.result) yield entry.result;
    }
    for (const { record } of contentRecords(db, o)) yield { url: record.url, json: JSON.stringify(record) };
  } finally {
    db.close();
  }
}

/** The records of the contents that have a page (a route), in their order. */
function* contentRecords(db: DatabaseSync, o: RecordOptions): Generator<{ record: SearchRecord }> {
  const folderTitles = new Map(o.folders.map((f) => [f.id, f.title]));
  const sql = "SELECT c.data FROM content c WHERE EXISTS (SELECT 1 FROM route r WHERE r.kind = 'content' AND r.id = c.id) ORDER BY c.position, c.id";
  for (const row of db.prepare(sql).iterate() as Iterable<{ data: string }>) {
    yield { record: contentRecord(JSON.parse(row.data) as ContentModel, o, folderTitles) };
  }
}

/** Every record of a shop (searchEntries without the prices). */
export function* searchRecords(dbFile: string, o: RecordOptions): Generator<SearchRecord> {
  for (const { record } of searchEntries(dbFile, o)) yield record;
}

/** Every product of the catalog index that may have a search result, row by row. */
function* productRows(db: DatabaseSync): Generator<{ p: ProductModel; card: ProductCard }> {
  for (const row of db.prepare('SELECT card, data FROM product WHERE price > 0 ORDER BY id').iterate() as Iterable<{ card: string; data: string }>) {
    yield { p: JSON.parse(row.data) as ProductModel, card: JSON.parse(row.card) as ProductCard };
  }
}

/** The price sheet entry of every product with a search result, by the URL of its record. */
export function* searchPrices(dbFile: string): Generator<PriceEntry> {
  const db = new DatabaseSync(dbFile, { readOnly: true });
  try {
    for (const { p, card } of productRows(db)) {
      const price = productPrice(p, card);
      if (price) yield { url: card.url, price };
    }
  } finally {
    db.close();
  }
}
