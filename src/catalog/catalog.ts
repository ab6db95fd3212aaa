/**
 * Read access to a shop's catalog index, for pages at build time. One connection per process,
 * opened read-only; every query is a prepared statement.
 */
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Country, Currency, Manifest, TaxRule } from './export-schema.ts';
import type { BrandModel, CategoryModel, ContentModel, FolderModel, ProductCard, ProductFacets, ProductModel, Route } from './models.ts';

export interface CategoryRow {
  id: number;
  parent: number;
  visible: boolean;
  position: number;
  depth: number;
  ownCount: number;
  count: number;
  title: string;
  url: string;
}

export class Catalog {
  readonly #db: DatabaseSync;
  readonly #statements = new Map<string, StatementSync>();

  constructor(dbFile: string) {
    this.#db = new DatabaseSync(dbFile, { readOnly: true });
  }

  #q(sql: string): StatementSync {
    let s = this.#statements.get(sql);
    if (!s) this.#statements.set(sql, (s = this.#db.prepare(sql)));
    return s;
  }

  #data<T>(table: string, id: number): T | undefined {
    const row = this.#q(`SELECT data FROM ${table} WHERE id = ?`).get(id) as { data: string } | undefined;
    return row ? (JSON.parse(row.data) as T) : undefined;
  }

  #meta<T>(key: string): T {
    return JSON.parse((this.#q('SELECT value FROM meta WHERE key = ?').get(key) as { value: string }).value) as T;
  }

  #routes?: readonly Route[];
  /** Every page's route, read once: the three route files of the build each ask for them. */
  routes(): readonly Route[] {
    return (this.#routes ??= (
      this.#q('SELECT path, kind, id, product_id, key FROM route ORDER BY path').all() as {
        path: string;
        kind: Route['kind'];
        id: number;
        product_id: number | null;
        key: string | null;
      }[]
    ).map((r) => ({ path: r.path, kind: r.kind, id: r.id, ...(r.product_id ? { productId: r.product_id } : {}), ...(r.key ? { key: r.key } : {}) })));
  }

  /** How many pages the routes of these kinds are (a count, without reading the routes). */
  countRoutes(kinds: readonly Route['kind'][]): number {
    return (this.#q(`SELECT COUNT(*) AS n FROM route WHERE kind IN (${kinds.map(() => '?').join(', ')})`).get(...kinds) as { n: number }).n;
  }

  #listingKeys?: Map<string, string>;
  /** A listing's cache key (page-keys.ts), by its listing key (`c12`, `b3`, `n5`, `g-new`). */
  listingCacheKey(key: string): string | undefined {
    this.#listingKeys ??= new Map((this.#q('SELECT key, hash FROM listing_key').all() as { key: string; hash: string }[]).map((r) => [r.key, r.hash]));
    return this.#listingKeys.get(key);
  }

  #keys?: Map<string, string>;
  /** The cache key of a record's page (page-keys.ts). */
  pageKeyOf(kind: Route['kind'], id: number): string | undefined {
    this.#keys ??= new Map(
      (this.#q('SELECT kind, id, key FROM route WHERE key IS NOT NULL').all() as { kind: string; id: number; key: string }[]).map((r) => [`${r.kind}:${r.id}`, r.key]),
    );
    return this.#keys.get(`${kind}:${id}`);
  }

  redirects(): { from: string; to: string }[] {
    return this.#q('SELECT path AS "from", target AS "to" FROM redirect ORDER BY path').all() as { from: string; to: string }[];
  }

  /** /product/{id} targets: every shown product and its current URL. */
  productUrls(): { id: number; url: string }[] {
    return this.#q("SELECT id, path AS url FROM route WHERE kind = 'product' ORDER BY id").all() as { id: number; url: string }[];
  }

  readonly #small = new Map<string, unknown>();
  /** Categories, brands, folders and contents are few and read by every page (menus): kept once read. Treat as read-only. */
  #cached<T>(table: string, id: number): T | undefined {
    const key = `${table}:${id}`;
    if (!this.#small.has(key)) this.#small.set(key, this.#data<T>(table, id));
    return this.#small.get(key) as T | undefined;
  }

  product = (id: number) => this.#data<ProductModel>('product', id);
  category = (id: number) => this.#cached<CategoryModel>('category', id);
  brand = (id: number) => this.#cached<BrandModel>('brand', id);
  folder = (id: number) => this.#cached<FolderModel>('folder', id);
  content = (id: number) => this.#cached<ContentModel>('content', id);

  #categories?: CategoryRow[];
  #categoryById?: Map<number, CategoryRow>;

  /** Every category in the tree (depth, position order), with counts; read once per process. */
  categories(): CategoryRow[] {
    return (this.#categories ??= this.#readCategories());
  }

  categoryRow(id: number): CategoryRow | undefined {
    return (this.#categoryById ??= new Map(this.categories().map((c) => [c.id, c]))).get(id);
  }

  /** The categories from the root down to this one. */
  categoryTrail(id: number): CategoryRow[] {
    const trail: CategoryRow[] = [];
    for (let c = this.categoryRow(id); c; c = this.categoryRow(c.parent)) trail.unshift(c);
    return trail;
  }

  #readCategories(): CategoryRow[] {
    return (
      this.#q('SELECT id, parent, visible, position, depth, own_count, count, data FROM category WHERE depth >= 0 ORDER BY depth, position, id').all() as Record<
        string,
        number | string
      >[]
    ).map((r) => {
      const data = JSON.parse(String(r.data)) as CategoryModel;
      return {
        id: Number(r.id),
        parent: Number(r.parent),
        visible: r.visible === 1,
        position: Number(r.position),
        depth: Number(r.depth),
        ownCount: Number(r.own_count),
        count: Number(r.count),
        title: data.title,
        url: data.url,
      };
    });
  }

  brands(): BrandModel[] {
    return (this.#q('SELECT data FROM brand ORDER BY position, title').all() as { data: string }[]).map((r) => JSON.parse(r.data) as BrandModel);
  }

  contentsInFolder(folderId: number): ContentModel[] {
    return (this.#q('SELECT data FROM content WHERE folder_id = ? ORDER BY position, id').all(folderId) as { data: string }[]).map((r) => JSON.parse(r.data) as ContentModel);
  }

  /** Product cards in any of the categories, best sellers first. */
  cardsInCategories(categoryIds: number[], limit: number, offset = 0): { cards: ProductCard[]; total: number } {
    const ids = JSON.stringify(categoryIds);
    const where = 'WHERE p.id IN (SELECT product_id FROM product_category WHERE category_id IN (SELECT value FROM json_each(?)))';
    const total = (this.#q(`SELECT COUNT(*) AS n FROM product p ${where}`).get(ids) as { n: number }).n;
    const rows = this.#q(`SELECT card FROM product p ${where} ORDER BY sales DESC, id LIMIT ? OFFSET ?`).all(ids, limit, offset) as { card: string }[];
    return { cards: rows.map((r) => JSON.parse(r.card) as ProductCard), total };
  }

  cardsOfBrand(brandId: number, limit: number, offset = 0, categoryIds?: number[]): { cards: ProductCard[]; total: number } {
    const inCategories = categoryIds ? 'AND id IN (SELECT product_id FROM product_category WHERE category_id IN (SELECT value FROM json_each(?)))' : '';
    const params = categoryIds ? [brandId, JSON.stringify(categoryIds)] : [brandId];
    const total = (this.#q(`SELECT COUNT(*) AS n FROM product WHERE brand_id = ? ${inCategories}`).get(...params) as { n: number }).n;
    const rows = this.#q(`SELECT card FROM product WHERE brand_id = ? ${inCategories} ORDER BY sales DESC, id LIMIT ? OFFSET ?`).all(...params, limit, offset) as {
      card: string;
    }[];
    return { cards: rows.map((r) => JSON.parse(r.card) as ProductCard), total };
  }

  cards(ids: number[]): ProductCard[] {
    const rows = this.#q('SELECT id, card FROM product WHERE id IN (SELECT value FROM json_each(?))').all(JSON.stringify(ids)) as { id: number; card: string }[];
    const byId = new Map(rows.map((r) => [r.id, JSON.parse(r.card) as ProductCard]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  accessoryIds(productId: number): number[] {
    return (this.#q("SELECT target_id FROM product_link WHERE product_id = ? AND kind = 'accessory' ORDER BY position").all(productId) as { target_id: number }[]).map(
      (r) => r.target_id,
    );
  }

  bestsellers(limit: number): ProductCard[] {
    return (this.#q('SELECT card FROM product ORDER BY sales DESC, id LIMIT ?').all(limit) as { card: string }[]).map((r) => JSON.parse(r.card) as ProductCard);
  }

  /** Every shown product with what listings sort and filter on: one scan, for the listing builder. */
  listingProducts(): { card: ProductCard; sales: number; createdAt: string; facets: ProductFacets }[] {
    return (this.#q('SELECT card, sales, created_at, facets FROM product ORDER BY id').all() as { card: string; sales: number; created_at: string; facets: string }[]).map((r) => ({
      card: JSON.parse(r.card) as ProductCard,
      sales: r.sales,
      createdAt: r.created_at,
      facets: JSON.parse(r.facets) as ProductFacets,
    }));
  }

  /** Every product-category link (one scan). */
  productCategoryLinks(): { categoryId: number; productId: number }[] {
    return this.#q('SELECT category_id AS categoryId, product_id AS productId FROM product_category').all() as { categoryId: number; productId: number }[];
  }

  /** Contents by id, in the order given (unknown ids left out). */
  contents(ids: number[]): ContentModel[] {
    return ids.flatMap((id) => this.content(id) ?? []);
  }

  /** Folders, for the sitemap and content pages. */
  folders(): FolderModel[] {
    return (this.#q('SELECT data FROM folder ORDER BY position, id').all() as { data: string }[]).map((r) => JSON.parse(r.data) as FolderModel);
  }

  #paths?: Map<string, string>;
  /** The path of a record of a kind, when it has a page (all paths read once: pages ask often). */
  pathOf(kind: Route['kind'], id: number): string | undefined {
    this.#paths ??= new Map((this.#q('SELECT kind, id, path FROM route').all() as { kind: string; id: number; path: string }[]).map((r) => [`${r.kind}:${r.id}`, r.path]));
    return this.#paths.get(`${kind}:${id}`);
  }

  /** The export images the catalog shows, with their content hashes (page-keys.ts). */
  media(): { src: string; hash: string | null; width: number }[] {
    return this.#q('SELECT src, hash, width FROM media ORDER BY src').all() as { src: string; hash: string | null; width: number }[];
  }

  #taxRules?: TaxRule[];
  taxRules = () => (this.#taxRules ??= this.#meta<TaxRule[]>('taxRules'));
  countries = () => this.#meta<Country[]>('countries');
  currencies = () => this.#meta<Currency[]>('currencies');
  manifest = () => this.#meta<Manifest>('manifest');
  stats = () => this.#meta<Record<string, number>>('stats');
}

const open = new Map<string, Catalog>();

/**
 * The index file of a shop, below CATALOG_DIR (default .cache/catalog/) of the current folder; a
 * parent of the build passes its child's settings and folder.
 */
export const catalogFile = (shop: string, dir = process.env.CATALOG_DIR, from = process.cwd()) => resolve(from, dir || '.cache/catalog', `${shop}.sqlite`);

const shared = new Map<string, { id: string; catalog: Catalog }>();

/**
 * One Catalog per index file for as long as the file is the same (its inode and mtime: a new index
 * is a new file renamed into place): the build's integrations read the index after the pages, and
 * each asked for every route again (26,000 rows at 10,000 products, about 60 ms each time).
 */
export function sharedCatalog(file: string): Catalog {
  const st = statSync(file);
  const id = `${st.ino}:${st.mtimeMs}`;
  const known = shared.get(file);
  if (known?.id === id) return known.catalog;
  const catalog = new Catalog(file);
  shared.set(file, { id, catalog });
  return catalog;
}

export function getCatalog(shop: string): Catalog {
  const file = catalogFile(shop);
  let catalog = open.get(file);
  if (!catalog) open.set(file, (catalog = new Catalog(file)));
  return catalog;
}
