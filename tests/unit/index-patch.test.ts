/**
 * Decision 0018: when an editor's export changes only some products' lines, the catalog index is
 * the previous one with those products' rows replaced (src/catalog/index-patch.ts). It must equal,
 * table by table, the index made from every record of the same export; where it cannot (a URL,
 * category or accessory changes, a product comes or goes, a fault), the index is made from every
 * record, and equals it too.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogIndex } from '../../src/catalog/build-index.ts';
import { getShop } from '../../src/shops/index.ts';
import { INDEX_TABLES, dumpIndex } from '../fixtures/index-dump.ts';
import { miniProduct, writeMiniExport } from '../fixtures/mini-export.ts';

/** Every table but the memo (a patched index adds to the previous one's: checked below), in rowid order. */
const dump = (dbFile: string) => dumpIndex(dbFile, { tables: INDEX_TABLES.filter((t) => t !== 'memo'), sorted: false });

const memoOf = (dbFile: string) => {
  const db = new DatabaseSync(dbFile, { readOnly: true });
  try {
    return new Set((db.prepare('SELECT kind, hash, value FROM memo').all() as object[]).map((r) => JSON.stringify(r)));
  } finally {
    db.close();
  }
};

type Product = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Rewrites products.ndjson: `edit` gets each record and returns its replacement (undefined: the line is removed). */
function editProducts(dir: string, edit: (p: Product) => Product | undefined, extra: Product[] = []) {
  const file = join(dir, 'products.ndjson');
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .flatMap((l) => {
      const before = JSON.parse(l) as Product;
      const after = edit(structuredClone(before));
      if (after === undefined) return [];
      return [JSON.stringify(after) === JSON.stringify(before) ? l : JSON.stringify(after)];
    });
  lines.push(...extra.map((p) => JSON.stringify(p)));
  writeFileSync(file, `${lines.join('\n')}\n`);
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  manifest.counts.products = lines.length;
  manifest.generatedAt = '2026-02-01T00:00:00Z';
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
}

const only =
  (id: number, change: (p: Product) => Product | undefined) =>
  (p: Product): Product | undefined =>
    p.id === id ? change(p) : p;

const price = (p: Product, value: string) => {
  for (const v of p.variants) v.prices.EUR = { ...v.prices.EUR, price: value, promoPrice: value };
  return p;
};

interface Case {
  name: string;
  edit: (p: Product) => Product | undefined;
  extra?: Product[];
  /** Other export files changed. */
  other?: (dir: string) => void;
  patched: boolean;
}

const CASES: Case[] = [
  { name: 'a price', edit: only(5, (p) => price(p, '12.500000')), patched: true },
  {
    name: 'a title, a description with HTML to clean, a stock and the sales',
    edit: only(6, (p) => {
      p.i18n.de_DE.title = 'Produkt sechs';
      p.i18n.de_DE.description = '<h1>Neu</h1><script>x()</script>';
      p.variants[0].quantity = 0;
      p.module.salesCount = 500;
      return p;
    }),
    patched: true,
  },
  {
    name: 'the brand dropped, a content linked, a category position',
    edit: only(5, (p) => {
      p.brandId = null;
      p.contents = [1];
      p.categories[0].position = 99;
      return p;
    }),
    patched: true,
  },
  { name: 'two products’ prices', edit: (p) => (p.id === 5 || p.id === 7 ? price(p, '3.000000') : p), patched: true },
  { name: 'a URL', edit: only(5, (p) => ((p.url.de_DE = 'produkt-fuenf.html'), p)), patched: false },
  { name: 'another category', edit: only(5, (p) => (p.categories.push({ id: 12, default: false, position: 1 }), p)), patched: false },
  { name: 'an accessory', edit: only(6, (p) => ((p.accessories = [5]), p)), patched: false },
  { name: 'no longer sellable', edit: only(7, (p) => price(p, '0')), patched: false },
  { name: 'a product deleted', edit: only(6, () => undefined), patched: false },
  { name: 'a product added', edit: (p) => p, extra: [miniProduct(8)], patched: false },
  { name: 'a broken line', edit: only(7, (p) => ({ id: p.id, ref: 'BROKEN' })), patched: false },
  { name: 'a price of a product with faults (its brand is not in the export, an accessory is not shown)', edit: only(9, (p) => price(p, '11.000000')), patched: true },
  { name: 'a fault gone (the brand is one the export has)', edit: only(9, (p) => ((p.brandId = 1), p)), patched: false },
  { name: 'a fault added (a content the export does not have)', edit: only(5, (p) => ((p.contents = [1, 77]), p)), patched: false },
  { name: 'an accessory that is not shown dropped (the same accessories are kept)', edit: only(9, (p) => ((p.accessories = [5]), p)), patched: false },
  {
    name: 'a category renamed',
    edit: (p) => p,
    other: (dir) => {
      const file = join(dir, 'categories.ndjson');
      writeFileSync(file, readFileSync(file, 'utf8').replace('"title":"Kategorie 11"', '"title":"Bohrer"'));
    },
    patched: false,
  },
];

describe('the catalog index patched from the previous one', () => {
  let base: string;
  const shop = getShop('de');
  beforeAll(async () => {
    base = await writeMiniExport(mkdtempSync(join(tmpdir(), 'patch-export-')), [
      miniProduct(5),
      miniProduct(6),
      miniProduct(7, { accessories: [5] }),
      miniProduct(9, { brandId: 99, accessories: [5, 3] }),
    ]);
    // The first index, made from every record: the one each case patches.
    await buildCatalogIndex({ exportDir: base, shop, dbFile: join(base, 'index', 'de.sqlite') });
  });
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it.each(CASES)('after $name equals the index made from every record (patched: $patched)', async ({ edit, extra, other, patched }) => {
    const dir = mkdtempSync(join(tmpdir(), 'patch-case-'));
    cpSync(base, dir, { recursive: true });
    const dbFile = join(dir, 'index', 'de.sqlite');
    const before = dump(dbFile);
    editProducts(dir, edit, extra);
    other?.(dir);
    const next = await buildCatalogIndex({ exportDir: dir, shop, dbFile });
    expect(next.rebuilt).toBe(true);
    expect(next.stats.productsPatched !== undefined).toBe(patched);
    const scratch = await buildCatalogIndex({ exportDir: dir, shop, dbFile: join(dir, 'fresh', 'de.sqlite'), force: true });
    expect(scratch.stats.productsPatched).toBeUndefined();
    const now = dump(dbFile);
    expect(now).toEqual(dump(join(dir, 'fresh', 'de.sqlite')));
    // The edit showed in the index (a category's does not in its products).
    if (!other) expect(now.product).not.toEqual(before.product);
    expect(next.faults.map((f) => [f.file, f.line, String(f.id), f.field, f.reason])).toEqual(scratch.faults.map((f) => [f.file, f.line, String(f.id), f.field, f.reason]));
    expect(next.changes.previous).toBe(true);
    // A patched index keeps the previous memo and adds what it parsed: all the full import keeps is there.
    const memo = memoOf(dbFile);
    for (const entry of memoOf(join(dir, 'fresh', 'de.sqlite'))) expect(memo.has(entry)).toBe(true);
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads the lines as the export reader does: CRLF endings, blank lines, text beyond ASCII; a carriage return inside a line is left to the full import', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'patch-lines-'));
    cpSync(base, dir, { recursive: true });
    const file = join(dir, 'products.ndjson');
    const dbFile = join(dir, 'index', 'de.sqlite');
    const rewrite = (edit: (p: Product) => Product) => {
      const lines = readFileSync(file, 'utf8')
        .split(/\r?\n/)
        .filter((l) => l.trim())
        .map((l) => JSON.stringify(edit(JSON.parse(l) as Product)));
      // Blank and white lines between the records (the reader skips them and counts them), CRLF endings, no newline at the end.
      writeFileSync(file, ['', ...lines.slice(0, 2), '  \t', ...lines.slice(2)].join('\r\n'));
    };
    rewrite((p) => (p.id === 6 ? ((p.i18n.de_DE.title = 'Șurubelniță für 10 € – „gut“'), p) : p));
    await buildCatalogIndex({ exportDir: dir, shop, dbFile });
    rewrite((p) => (p.id === 6 ? price(p, '9.990000') : p));
    const next = await buildCatalogIndex({ exportDir: dir, shop, dbFile });
    // Only that line differs: the hash of a line's bytes is the hash of its text.
    expect(next.stats.productsPatched).toBe(1);
    await buildCatalogIndex({ exportDir: dir, shop, dbFile: join(dir, 'fresh', 'de.sqlite'), force: true });
    expect(dump(dbFile)).toEqual(dump(join(dir, 'fresh', 'de.sqlite')));
    // A carriage return inside a line: the reader splits the line there, so the file holds one line
    // more than the manifest promises. Not patched over: the import from every record says so.
    writeFileSync(file, readFileSync(file, 'utf8').replace('"REF-7"', '"REF-7",\r"x":1'));
    await expect(buildCatalogIndex({ exportDir: dir, shop, dbFile })).rejects.toThrow(/holds 9 records but the manifest promises 8/);
    rmSync(dir, { recursive: true, force: true });
  });

  it('patches an index that was patched, and says what it did', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'patch-twice-'));
    cpSync(base, dir, { recursive: true });
    const dbFile = join(dir, 'index', 'de.sqlite');
    editProducts(
      dir,
      only(5, (p) => price(p, '20.000000')),
    );
    const first = await buildCatalogIndex({ exportDir: dir, shop, dbFile });
    editProducts(
      dir,
      only(6, (p) => price(p, '21.000000')),
    );
    const second = await buildCatalogIndex({ exportDir: dir, shop, dbFile });
    expect([first.stats.productsPatched, second.stats.productsPatched]).toEqual([1, 1]);
    expect(second.stats.linesUnchanged).toBe(first.stats.linesUnchanged);
    expect(second.changes.products).toEqual({ changed: 1, added: 0, removed: 0 });
    await buildCatalogIndex({ exportDir: dir, shop, dbFile: join(dir, 'fresh', 'de.sqlite'), force: true });
    expect(dump(dbFile)).toEqual(dump(join(dir, 'fresh', 'de.sqlite')));
    const db = new DatabaseSync(dbFile, { readOnly: true });
    const six = JSON.parse((db.prepare('SELECT data FROM product WHERE id = 6').get() as { data: string }).data);
    db.close();
    expect(six.variants[0].prices.net.price).toBe('21.000000');
    rmSync(dir, { recursive: true, force: true });
  });
});
