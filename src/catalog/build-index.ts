/**
 * Builds a shop's catalog index: the export, streamed and validated record by record, localised
 * to the shop's locale, priced for its default country and written to an SQLite file that the
 * pages read. Memory stays flat whatever the catalog size: records go to disk as they arrive,
 * and only ids, URLs and the (small) category, brand and content sets stay in memory.
 *
 * Faults: see read-export.ts for the fatal ones. Here, a record that cannot be shown correctly is
 * skipped and reported (unknown tax rule or default category, no price in the shop currency, a
 * URL another record already has); a dangling reference (brand, accessory, content, extra
 * category) is dropped from the record and reported. The index is written to a temporary file
 * and renamed into place, so a failed run leaves the previous index.
 *
 * An editor's export that changes only some products' lines patches the previous index instead
 * (index-patch.ts, decision 0018); anything else imports every record (`importAll`), taking the
 * parses of unchanged lines from the previous index's memo (index-memo.ts, decision 0017).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { DOCUMENTS, STREAMS, type Locale } from './export-schema.ts';
import { openExport, type CatalogExport, type ExportLine, type Fault } from './read-export.ts';
import { IndexMemo, indexCodeVersion } from './index-memo.ts';
import { faultsIn, patchBase, patchPrevious, readPrevious, type MadeIndex } from './index-patch.ts';
import { danglingAccessory, localiser, PRODUCT_COLUMNS, productRow, productValues, type ProductContext } from './product-row.ts';
import { positiveId } from '../api/contract/id.ts';
import { buildTree } from './tree.ts';
import { collapseRedirects, pathOf } from './urls.ts';
import { KEYS_SCHEMA, MEDIA_SCHEMA, MediaHashes, computePageKeys, diffIndexes, readMedia, type Changes } from './page-keys.ts';
import type { ShopConfig } from '../shops/schema.ts';
import type { BrandModel, CategoryModel, ContentModel, FolderModel } from './models.ts';

/** Bump when the index layout or what goes into it changes: forces a rebuild. */
const INDEX_VERSION = 9;

const SCHEMA = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE fault (severity TEXT, file TEXT, line INTEGER, record TEXT, field TEXT, reason TEXT);
CREATE TABLE route (path TEXT PRIMARY KEY, kind TEXT NOT NULL, id INTEGER NOT NULL, product_id INTEGER, key TEXT);
CREATE TABLE redirect (path TEXT PRIMARY KEY, target TEXT NOT NULL);
CREATE TABLE category (id INTEGER PRIMARY KEY, parent INTEGER, visible INTEGER, position INTEGER, depth INTEGER, own_count INTEGER, count INTEGER, data TEXT);
CREATE TABLE brand (id INTEGER PRIMARY KEY, position INTEGER, title TEXT, data TEXT);
CREATE TABLE folder (id INTEGER PRIMARY KEY, parent INTEGER, visible INTEGER, position INTEGER, data TEXT);
CREATE TABLE content (id INTEGER PRIMARY KEY, folder_id INTEGER, position INTEGER, created_at TEXT, data TEXT);
-- The record (data) last: reading a column after it would read its overflow pages.
CREATE TABLE product (id INTEGER PRIMARY KEY, ref TEXT, brand_id INTEGER, default_category INTEGER, title TEXT,
  sellable INTEGER, sales INTEGER, created_at TEXT, price INTEGER, card TEXT, facets TEXT, page_refs TEXT, data_hash TEXT, fp TEXT, data TEXT);
CREATE TABLE product_category (category_id INTEGER, product_id INTEGER, position INTEGER, PRIMARY KEY (category_id, product_id));
CREATE TABLE product_link (product_id INTEGER, kind TEXT, target_id INTEGER, position INTEGER);
-- Every non-blank line of products.ndjson in order: its number in the file, the id of the product it gave (none: it was left out) and its hash.
CREATE TABLE product_line (n INTEGER PRIMARY KEY, line INTEGER NOT NULL, id INTEGER, hash TEXT NOT NULL);
`;

export interface IndexOptions {
  exportDir: string;
  shop: ShopConfig;
  dbFile: string;
  /** Rebuild even if the export has not changed. */
  force?: boolean;
}

export interface IndexResult {
  dbFile: string;
  rebuilt: boolean;
  faults: Fault[];
  stats: Record<string, number>;
  /** What changed since the previous index (for the build log); nothing when the index was reused. */
  changes: Changes;
}

const NO_CHANGES = (pages: number, listings: number): Changes => ({
  previous: true,
  products: { changed: 0, added: 0, removed: 0 },
  categories: { changed: 0, added: 0, removed: 0 },
  pages: { changed: 0, unchanged: pages, removed: 0 },
  listings: { changed: 0, unchanged: listings },
});

async function signature(exportDir: string, shop: ShopConfig): Promise<string> {
  const hash = createHash('sha256');
  hash.update(`${INDEX_VERSION}\n${JSON.stringify(shop)}\n`);
  hash.update(await readFile(join(exportDir, 'manifest.json')));
  for (const file of [...Object.values(STREAMS), ...Object.values(DOCUMENTS)].map((s) => s.file)) {
    const path = join(exportDir, file);
    if (existsSync(path)) {
      const s = statSync(path);
      hash.update(`${file}:${s.size}:${s.mtimeMs}\n`);
    }
  }
  return hash.digest('hex');
}

function readMeta(dbFile: string, key: string): string | undefined {
  return readPrevious(
    dbFile,
    (db) => (db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined)?.value,
    () => undefined,
  );
}

/** The signature of the export and settings an index was built from (undefined without an index). */
export const indexSignature = (dbFile: string): string | undefined => readMeta(dbFile, 'signature');

function readFaults(dbFile: string): Fault[] {
  const db = new DatabaseSync(dbFile, { readOnly: true });
  try {
    return faultsIn(db);
  } finally {
    db.close();
  }
}

export async function buildCatalogIndex({ exportDir, shop, dbFile, force }: IndexOptions): Promise<IndexResult> {
  const ex = await openExport(exportDir);
  const sig = await signature(exportDir, shop);
  if (!force && readMeta(dbFile, 'signature') === sig) {
    const db = new DatabaseSync(dbFile, { readOnly: true });
    const stats = JSON.parse((db.prepare("SELECT value FROM meta WHERE key = 'stats'").get() as { value: string }).value);
    const count = (table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
    const changes = NO_CHANGES(count('route'), count('listing_key'));
    db.close();
    return { dbFile, rebuilt: false, faults: readFaults(dbFile), stats, changes };
  }
  if (!ex.manifest.locales.includes(shop.locale)) {
    throw new Error(`The export has no texts for ${shop.locale} (it holds ${ex.manifest.locales.join(', ')}); the ${shop.code} shop cannot be built from it.`);
  }

  mkdirSync(dirname(dbFile), { recursive: true });
  const version = indexCodeVersion(INDEX_VERSION);
  const tmp = `${dbFile}.tmp-${process.pid}`;
  rmSync(tmp, { force: true });
  // An editor's export changes a few products' lines: the previous index with their rows replaced
  // (index-patch.ts), when that equals an index made from every record; else every record, parsed
  // and cleaned only where the previous index's memo has no parse (index-memo.ts).
  const base = patchBase(ex, shop, version);
  let made: MadeIndex | undefined = force ? undefined : await patchPrevious({ ex, shop, dbFile, tmp, base });
  if (!made) {
    const memo = force
      ? new IndexMemo()
      : readPrevious(
          dbFile,
          (old) => IndexMemo.read(old, version),
          () => new IndexMemo(),
        );
    const db = new DatabaseSync(tmp);
    // A page cache of up to 256 MB: the products' one transaction keeps the pages it changes until
    // its commit instead of writing and reading them back (at 100,000 products, the routes' index).
    db.exec('PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -262144;');
    db.exec(SCHEMA);
    made = { db, memo, ...(await importAll(ex, shop, db, memo)) };
  }
  const { db, memo, faults, stats } = made;

  // --- the pages' cache keys (page-keys.ts), and what changed since the previous index ---------
  db.exec(MEDIA_SCHEMA);
  db.exec(KEYS_SCHEMA);
  // A patched index holds the previous index's keys and image hashes: they are made again, of what it shows now.
  db.exec('DELETE FROM media; DELETE FROM listing_key;');
  // No usable previous index: every image is hashed.
  const media = new MediaHashes(
    exportDir,
    readPrevious(dbFile, readMedia, () => new Map()),
  );
  computePageKeys(db, shop, { taxRules: ex.taxRules, countries: ex.countries, currencies: ex.currencies }, media);
  stats.imagesHashed = media.hashed;
  const changes = diffIndexes(db, dbFile);
  const setMeta = db.prepare('INSERT OR REPLACE INTO meta VALUES (?, ?)');
  setMeta.run('signature', sig);
  setMeta.run('patchBase', base);
  setMeta.run('stats', JSON.stringify(stats));
  setMeta.run('manifest', JSON.stringify(ex.manifest));
  setMeta.run('exportDir', exportDir);
  setMeta.run('taxRules', JSON.stringify(ex.taxRules));
  setMeta.run('currencies', JSON.stringify(ex.currencies));
  setMeta.run('countries', JSON.stringify(ex.countries));
  setMeta.run('changes', JSON.stringify(changes));
  memo.save(db, version);
  db.close();
  renameSync(tmp, dbFile);
  return { dbFile, rebuilt: true, faults, stats, changes };
}

/**
 * Makes the index in `db` (empty, with SCHEMA) from every record of the export: categories,
 * brands, folders and contents, then the products, the accessories, the tree's counts and the
 * redirects, in the export's order (a URL two records claim belongs to the first).
 */
async function importAll(ex: CatalogExport, shop: ShopConfig, db: DatabaseSync, memo: IndexMemo): Promise<{ faults: Fault[]; stats: Record<string, number> }> {
  const faults: Fault[] = [];
  const stats: Record<string, number> = {};
  const bump = (key: string) => (stats[key] = (stats[key] ?? 0) + 1);
  const fault = (f: Fault) => {
    faults.push(f);
    insertFault.run(f.severity, f.file, f.line ?? null, f.id === undefined ? null : String(f.id), f.field ?? null, f.reason);
  };
  const insertFault = db.prepare('INSERT INTO fault VALUES (?, ?, ?, ?, ?, ?)');
  const insertRoute = db.prepare('INSERT INTO route (path, kind, id, product_id) VALUES (?, ?, ?, ?)');
  const routeExists = db.prepare('SELECT kind, id FROM route WHERE path = ?');

  const L: Locale = shop.locale;
  const local = localiser(L, memo);
  const { texts, image, documentOf } = local;
  /** Claims a page path; reports and returns false when another record has it already. */
  const claim = (slug: string, kind: string, id: number, file: string, line: number | undefined, productId: number | null = null) => {
    const path = pathOf(slug);
    const owner = routeExists.get(path) as { kind: string; id: number } | undefined;
    if (owner) {
      fault({ severity: 'skip', file, line, id, field: `url.${L}`, reason: `"${slug}" is already the URL of ${owner.kind} ${owner.id}` });
      return false;
    }
    insertRoute.run(path, kind, id, productId);
    return true;
  };
  const onFault = (f: Fault) => fault(f);
  const batch =
    <T>(fn: () => Promise<T>) =>
    async () => {
      db.exec('BEGIN');
      try {
        const result = await fn();
        db.exec('COMMIT');
        return result;
      } catch (error) {
        db.exec('ROLLBACK');
        throw error;
      }
    };

  // --- categories, brands, folders, contents: small sets, ids kept for reference checks ----
  const categoryIds = new Set<number>();
  const categoryRows: { id: number; parent: number; visible: boolean; position: number }[] = [];
  await batch(async () => {
    const insert = db.prepare('INSERT INTO category (id, parent, visible, position, data) VALUES (?, ?, ?, ?, ?)');
    for await (const c of ex.stream('categories', onFault, memo)) {
      if (!claim(c.url[L]!, 'category', c.id, STREAMS.categories.file, undefined)) continue;
      const model: CategoryModel = {
        id: c.id,
        parent: c.parent,
        visible: c.visible,
        position: c.position,
        url: pathOf(c.url[L]!),
        urls: c.url,
        ...texts(c.i18n),
        images: c.images.map(image),
        contentIds: c.contents,
      };
      insert.run(c.id, c.parent, c.visible ? 1 : 0, c.position, JSON.stringify(model));
      categoryIds.add(c.id);
      categoryRows.push({ id: c.id, parent: c.parent, visible: c.visible, position: c.position });
      bump('categories');
    }
  })();

  const brandIds = new Set<number>();
  await batch(async () => {
    const insert = db.prepare('INSERT INTO brand VALUES (?, ?, ?, ?)');
    for await (const b of ex.stream('brands', onFault, memo)) {
      if (!b.visible) continue;
      if (!claim(b.url[L]!, 'brand', b.id, STREAMS.brands.file, undefined)) continue;
      const model: BrandModel = { id: b.id, position: b.position, url: pathOf(b.url[L]!), urls: b.url, ...texts(b.i18n), logo: b.logo ? image(b.logo) : null };
      insert.run(b.id, b.position, model.title, JSON.stringify(model));
      brandIds.add(b.id);
      bump('brands');
    }
  })();

  await batch(async () => {
    const insert = db.prepare('INSERT INTO folder VALUES (?, ?, ?, ?, ?)');
    for await (const f of ex.stream('folders', onFault, memo)) {
      if (!claim(f.url[L]!, 'folder', f.id, STREAMS.folders.file, undefined)) continue;
      const model: FolderModel = { id: f.id, parent: f.parent, visible: f.visible, position: f.position, url: pathOf(f.url[L]!), urls: f.url, ...texts(f.i18n) };
      insert.run(f.id, f.parent, f.visible ? 1 : 0, f.position, JSON.stringify(model));
      bump('folders');
    }
  })();

  const contentIds = new Set<number>();
  await batch(async () => {
    const insert = db.prepare('INSERT INTO content VALUES (?, ?, ?, ?, ?)');
    for await (const c of ex.stream('contents', onFault, memo)) {
      if (!c.visible) continue;
      if (!claim(c.url[L]!, 'content', c.id, STREAMS.contents.file, undefined)) continue;
      const t = texts(c.i18n);
      const defaultFolder = c.folders.find((f) => f.default)?.id ?? c.folders[0]?.id ?? null;
      const model: ContentModel = {
        id: c.id,
        position: c.position,
        url: pathOf(c.url[L]!),
        urls: c.url,
        ...t,
        defaultFolderId: defaultFolder,
        images: c.images.map(image),
        documents: c.documents.map(documentOf),
        listing: parseListing(t.postscriptum),
        createdAt: c.createdAt,
      };
      insert.run(c.id, defaultFolder, c.position, c.createdAt ?? null, JSON.stringify(model));
      contentIds.add(c.id);
      bump('contents');
    }
  })();

  // --- products -----------------------------------------------------------------------------------
  const insertProduct = db.prepare(`INSERT INTO product (id, ${PRODUCT_COLUMNS.join(', ')}) VALUES (?${', ?'.repeat(PRODUCT_COLUMNS.length)})`);
  const insertPC = db.prepare('INSERT OR IGNORE INTO product_category VALUES (?, ?, ?)');
  const insertLink = db.prepare('INSERT INTO product_link VALUES (?, ?, ?, ?)');
  const insertLine = db.prepare('INSERT INTO product_line VALUES (?, ?, ?, ?)');
  const context: ProductContext = {
    shop,
    taxRules: new Map(ex.taxRules.map((r) => [r.id, r])),
    categoryIds,
    brandIds,
    contentIds,
    local,
    claim: (slug, kind, id, productId) => claim(slug, kind, id, STREAMS.products.file, undefined, productId),
    fault,
  };
  let lines = 0;
  const onLine = (line: ExportLine, id: number | undefined) => insertLine.run(++lines, line.no, id ?? null, line.hash);
  // One transaction: a commit writes every page it changed, and each batch of products changed pages
  // all over the routes' path index (at 100,000 products, 200 commits wrote it again and again).
  db.exec('BEGIN');
  for await (const p of ex.stream('products', onFault, memo, onLine)) {
    const row = productRow(p, context, () => bump('productsNotSellable'));
    if (!row) continue;
    insertProduct.run(row.id, ...productValues(row));
    for (const c of row.links) insertPC.run(c.id, row.id, c.position);
    row.accessories.forEach((id, i) => insertLink.run(row.id, 'accessory', id, i));
    bump('products');
    stats.variantPages = (stats.variantPages ?? 0) + row.variantPages;
  }
  db.exec('COMMIT');

  // Accessories can only be checked once every product is in.
  const dangling = db
    .prepare("SELECT l.product_id, l.target_id FROM product_link l LEFT JOIN product p ON p.id = l.target_id WHERE l.kind = 'accessory' AND p.id IS NULL")
    .all() as { product_id: number; target_id: number }[];
  for (const d of dangling) fault(danglingAccessory(d.product_id, d.target_id));
  db.exec("DELETE FROM product_link WHERE kind = 'accessory' AND target_id NOT IN (SELECT id FROM product)");

  // --- the tree with counts of sellable products ---------------------------------------------
  const perProduct = function* () {
    let current = -1;
    let ids: number[] = [];
    for (const row of db.prepare('SELECT product_id, category_id FROM product_category ORDER BY product_id').iterate() as Iterable<{ product_id: number; category_id: number }>) {
      if (row.product_id !== current && ids.length) {
        yield ids;
        ids = [];
      }
      current = row.product_id;
      ids.push(row.category_id);
    }
    if (ids.length) yield ids;
  };
  const tree = buildTree(categoryRows, perProduct());
  const updateCategory = db.prepare('UPDATE category SET depth = ?, own_count = ?, count = ? WHERE id = ?');
  db.exec('BEGIN');
  for (const node of tree.byId.values()) updateCategory.run(node.depth, node.ownCount, node.count, node.id);
  for (const id of tree.orphans) {
    fault({
      severity: 'skip',
      file: STREAMS.categories.file,
      id,
      field: 'parent',
      reason: 'its parent is not in the export (or the parents form a loop); the category is left out of the tree',
    });
    db.prepare('UPDATE category SET depth = -1, own_count = 0, count = 0 WHERE id = ?').run(id);
  }
  db.exec('COMMIT');

  // --- redirects: only this shop's locale, chains collapsed -----------------------------------
  const isLive = db.prepare('SELECT 1 FROM route WHERE path = ?');
  const rules: { url: string; to: string }[] = [];
  for await (const r of ex.stream('redirects', onFault)) if (r.locale === L) rules.push({ url: r.url, to: r.to });
  const collapsed = collapseRedirects(
    rules.map((r) => ({ url: pathOf(r.url), to: pathOf(r.to) })),
    (path) => isLive.get(path) !== undefined,
  );
  collapsed.faults.forEach(fault);
  const insertRedirect = db.prepare('INSERT INTO redirect VALUES (?, ?)');
  db.exec('BEGIN');
  for (const [from, to] of collapsed.rules) insertRedirect.run(from, to);
  db.exec('COMMIT');
  stats.redirects = collapsed.rules.size;
  stats.recordsReused = memo.reused.record;
  stats.htmlReused = memo.reused.html;
  stats.faults = faults.length;

  db.exec('CREATE INDEX product_sales ON product (sales DESC)');
  // Pages look records up by kind and id, and a product's accessories: no scan per page.
  db.exec('CREATE INDEX route_kind_id ON route (kind, id)');
  db.exec('CREATE INDEX product_link_product ON product_link (product_id, kind)');

  return { faults, stats };
}

/** A content's postscriptum is listing JSON when it names brand_id and/or category_id. */
export function parseListing(postscriptum: string): ContentModel['listing'] {
  const text = postscriptum.trim();
  if (!text.startsWith('{')) return null;
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    const listing = { brandId: positiveId(value.brand_id), categoryId: positiveId(value.category_id) };
    return listing.brandId !== null || listing.categoryId !== null ? listing : null;
  } catch {
    return null;
  }
}
