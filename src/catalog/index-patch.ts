/**
 * The catalog index patched from the previous one (decision 0018). An editor's export differs from
 * the one before in a few products' lines. When nothing else differs, the index made from every
 * record would differ from the previous index only in those products' rows: this makes it by
 * copying the previous index and replacing them, instead of writing 10,000 products again.
 *
 * Only where that is the same as the full import (build-index.ts, `importAll`), which is the rule:
 * - the code is the same, and so are the shop, the manifest (but for when it was made) and every
 *   export file but products.ndjson (`patchBase`, kept in the index's meta);
 * - products.ndjson has the same lines at the same numbers, but for the changed ones
 *   (`product_line`: each line's number, hash and the product it gave);
 * - each changed line gives a product the previous index holds, with the same id, still sellable,
 *   at the same page paths (product and variants), in the same categories, with the same
 *   accessories in the index and the same faults (a dropped category, brand or content, an
 *   accessory not shown) as the fault table holds for it.
 * Then everything else the full import makes is as before: which record owns which URL, the
 * faults, the accessories kept, the tree's counts, the redirects. The row (record, card, price,
 * texts, images, brand, contents, sales, category positions) is made by the same `productRow`.
 * Anything else (a new or removed product, a URL or category change, a fault, another code
 * version, no previous index): undefined, and the caller imports every record. The pages' keys,
 * image hashes and the change report are made afterwards in both cases.
 */
import { hash } from 'node:crypto';
import { copyFileSync, createReadStream, existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { DOCUMENTS, STREAMS } from './export-schema.ts';
import { type CatalogExport, type ExportLine, type Fault, lineHash } from './read-export.ts';
import { IndexMemo } from './index-memo.ts';
import { danglingAccessory, localiser, PRODUCT_COLUMNS, productRow, productValues } from './product-row.ts';
import { pathOf } from './urls.ts';
import type { ShopConfig } from '../shops/schema.ts';

/** An index being made in its temporary file, with what it found. */
export interface MadeIndex {
  db: DatabaseSync;
  memo: IndexMemo;
  faults: Fault[];
  stats: Record<string, number>;
}

/** What `read` finds in the index at `dbFile` (the previous one, while a new one is made), or `none()` when there is none or it cannot be read. */
export function readPrevious<T>(dbFile: string, read: (db: DatabaseSync) => T, none: () => T): T {
  if (!existsSync(dbFile)) return none();
  try {
    const db = new DatabaseSync(dbFile, { readOnly: true });
    try {
      return read(db);
    } finally {
      db.close();
    }
  } catch {
    return none();
  }
}

/** A line `productLines` cannot tell apart as the export reader would (a carriage return inside it). */
const UNSURE = Symbol('unsure');
const LF = 0x0a;
const CR = 0x0d;
const OPEN_BRACE = 0x7b;

/**
 * The non-blank lines of an export file as bytes, numbered as the export reader numbers them
 * (read-export.ts, `lines`), without decoding them: at 100,000 products, decoding 600 MB into
 * strings only to hash them took longer than the hashing. A line with a carriage return but at its
 * end (where the reader's line splitting would differ) gives UNSURE.
 */
async function* productLines(path: string): AsyncGenerator<{ no: number; bytes: Buffer } | typeof UNSURE> {
  let no = 0;
  let rest: Buffer | undefined;
  const line = (bytes: Buffer): { no: number; bytes: Buffer } | typeof UNSURE | undefined => {
    no++;
    let end = bytes.length;
    if (end && bytes[end - 1] === CR) end--;
    const cr = bytes.indexOf(CR);
    if (cr !== -1 && cr < end) return UNSURE;
    const text = bytes.subarray(0, end);
    // A record's line starts with its brace; any other is decoded to tell whether it is blank as the reader does.
    if (text[0] !== OPEN_BRACE && !text.toString('utf8').trim()) return undefined;
    return { no, bytes: text };
  };
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    let start = 0;
    let nl = chunk.indexOf(LF);
    if (rest && nl !== -1) {
      const found = line(Buffer.concat([rest, chunk.subarray(0, nl)]));
      if (found) yield found;
      rest = undefined;
      start = nl + 1;
      nl = chunk.indexOf(LF, start);
    }
    while (nl !== -1 && !rest) {
      const found = line(chunk.subarray(start, nl));
      if (found) yield found;
      start = nl + 1;
      nl = chunk.indexOf(LF, start);
    }
    rest = rest ? Buffer.concat([rest, chunk]) : chunk.subarray(start);
  }
  if (rest?.length) {
    const found = line(rest);
    if (found) yield found;
  }
}

/** What an index is made from besides products.ndjson: the code, the shop, the manifest but its date, and every other export file. */
export function patchBase(ex: CatalogExport, shop: ShopConfig, codeVersion: string): string {
  const { generatedAt: _, ...manifest } = ex.manifest;
  const parts = [codeVersion, JSON.stringify(shop), JSON.stringify(manifest)];
  for (const { file } of [...Object.values(STREAMS), ...Object.values(DOCUMENTS)]) {
    if (file === STREAMS.products.file) continue;
    const path = join(ex.dir, file);
    parts.push(file, existsSync(path) ? readFileSync(path, 'utf8') : 'missing');
  }
  return hash('sha256', parts.join('\u0000'), 'base64url');
}

interface PreviousLine {
  line: number;
  id: number | null;
  hash: string;
}

/** Why the previous index cannot be patched: the caller imports every record. */
class NotPatchable extends Error {}

/**
 * The previous index at `dbFile`, copied to `tmp` with the changed products' rows replaced, or
 * undefined (`tmp` removed) when that would not be the index made from every record (see above).
 */
export async function patchPrevious({
  ex,
  shop,
  dbFile,
  tmp,
  base,
}: {
  ex: CatalogExport;
  shop: ShopConfig;
  dbFile: string;
  tmp: string;
  base: string;
}): Promise<MadeIndex | undefined> {
  const previous = readPrevious(
    dbFile,
    (db) => {
      const meta = (key: string) => (db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined)?.value;
      if (meta('patchBase') !== base) return undefined;
      return {
        stats: JSON.parse(meta('stats') ?? '{}') as Record<string, number>,
        lines: db.prepare('SELECT line, id, hash FROM product_line ORDER BY n').all() as unknown as PreviousLine[],
      };
    },
    () => undefined,
  );
  if (!previous) return undefined;
  const changed: { n: number; line: ExportLine }[] = [];
  let n = 0;
  for await (const line of productLines(join(ex.dir, STREAMS.products.file))) {
    const before = previous.lines[n];
    if (line === UNSURE || !before || before.line !== line.no) return undefined;
    const h = lineHash(line.bytes);
    if (h !== before.hash) changed.push({ n, line: { no: line.no, text: line.bytes.toString('utf8'), hash: h } });
    n++;
  }
  if (n !== previous.lines.length) return undefined;

  copyFileSync(dbFile, tmp);
  const db = new DatabaseSync(tmp);
  try {
    db.exec('PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;');
    const memo = new IndexMemo();
    const ids = (sql: string) => new Set((db.prepare(sql).all() as { id: number }[]).map((r) => r.id));
    const fail: (why: string) => never = (why) => {
      throw new NotPatchable(why);
    };
    const onFault = (f: Fault) => fail(f.reason);
    const local = localiser(shop.locale, memo);
    const productIds = ids('SELECT id FROM product');
    const context = {
      shop,
      taxRules: new Map(ex.taxRules.map((r) => [r.id, r])),
      categoryIds: ids('SELECT id FROM category'),
      brandIds: ids('SELECT id FROM brand'),
      contentIds: ids('SELECT id FROM content'),
      local,
    };
    const faultsOf = db.prepare('SELECT field, reason FROM fault WHERE file = ? AND record = ? AND line IS NULL ORDER BY rowid');
    const routesOf = db.prepare("SELECT path, kind, id, product_id FROM route WHERE (kind = 'product' AND id = ?) OR (kind = 'variant' AND product_id = ?)");
    const linksOf = db.prepare('SELECT category_id, position FROM product_category WHERE product_id = ?');
    const accessoriesOf = db.prepare("SELECT target_id, position FROM product_link WHERE product_id = ? AND kind = 'accessory' ORDER BY rowid");
    const updateProduct = db.prepare(`UPDATE product SET ${PRODUCT_COLUMNS.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`);
    const updatePosition = db.prepare('UPDATE product_category SET position = ? WHERE category_id = ? AND product_id = ?');
    const updateLine = db.prepare('UPDATE product_line SET hash = ? WHERE n = ?');
    /** A product's faults as the fault table holds them (its accessories' last: they are found once every product is in). */
    const shape = (list: { field?: string | null; reason: string }[]) => JSON.stringify(list.map((f) => [f.field ?? null, f.reason]));
    db.exec('BEGIN');
    for (const c of changed) {
      const id = previous.lines[c.n]!.id;
      const p = ex.record('products', c.line, onFault, memo);
      if (!p || id === null || p.id !== id || !productIds.has(id)) fail(`line ${c.line.no} was or is another product's, or none`);
      const routes = new Map((routesOf.all(id, id) as { path: string; kind: string; id: number; product_id: number | null }[]).map((r) => [r.path, r]));
      let claimed = 0;
      // The product's faults (a category, brand or content dropped) must be the ones the fault
      // table holds for it: that table is kept as it is.
      const faults: Fault[] = [];
      const row = productRow(
        p,
        {
          ...context,
          fault: (f) => faults.push(f),
          claim: (slug, kind, recordId, productId) => {
            const path = pathOf(slug);
            const route = routes.get(path);
            if (route?.kind === kind && route.id === recordId && route.product_id === productId) {
              claimed++;
              return true;
            }
            return fail(`product ${id}'s pages moved`);
          },
        },
        () => fail(`product ${id} is no longer sellable`),
      );
      if (!row || claimed !== routes.size) fail(`product ${id}'s pages changed`);
      // Its accessories: those in the index, at their places, and a fault for each that is not.
      const accessories = row.accessories.map((target, position) => ({ target_id: target, position })).filter((a) => productIds.has(a.target_id));
      if (JSON.stringify(accessoriesOf.all(id)) !== JSON.stringify(accessories)) fail(`product ${id}'s accessories changed`);
      const expected = [...faults, ...row.accessories.filter((a) => !productIds.has(a)).map((a) => danglingAccessory(id, a))];
      const found = faultsOf.all(STREAMS.products.file, String(id)) as { field: string | null; reason: string }[];
      if (shape(found) !== shape(expected)) fail(`product ${id}'s faults changed`);
      const before = new Map((linksOf.all(id) as { category_id: number; position: number }[]).map((l) => [l.category_id, l.position]));
      // As the full import inserts them: the first link to a category counts.
      const now = new Map<number, number>();
      for (const l of row.links) if (!now.has(l.id)) now.set(l.id, l.position);
      if (now.size !== before.size || [...now.keys()].some((k) => !before.has(k))) fail(`product ${id}'s categories changed`);
      updateProduct.run(...productValues(row), id);
      for (const [category, position] of now) if (before.get(category) !== position) updatePosition.run(position, category, id);
      updateLine.run(c.line.hash, c.n + 1);
    }
    db.exec('COMMIT');
    const faults = faultsIn(db);
    const { recordsReused: _r, htmlReused: _h, ...stats } = previous.stats;
    return { db, memo, faults, stats: { ...stats, productsPatched: changed.length, linesUnchanged: n - changed.length } };
  } catch (error) {
    db.close();
    rmSync(tmp, { force: true });
    if (error instanceof NotPatchable) return undefined;
    throw error;
  }
}

/** The faults an index's fault table records. */
export function faultsIn(db: DatabaseSync): Fault[] {
  return (db.prepare('SELECT * FROM fault').all() as Record<string, string | number | null>[]).map((r) => ({
    severity: r.severity as Fault['severity'],
    file: String(r.file),
    line: (r.line as number | null) ?? undefined,
    id: (r.record as string | null) ?? undefined,
    field: (r.field as string | null) ?? undefined,
    reason: String(r.reason),
  }));
}
