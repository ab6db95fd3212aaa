/**
 * The search's entries memo (src/integrations/search-index.ts, EntryMemo): each product's search
 * record and price sheet entry kept with its fingerprint, so a rebuild reads only the products
 * that changed. What it gives must be what a full pass over the catalog index gives.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildCatalogIndex } from '../../../src/catalog/build-index.ts';
import { Catalog, catalogFile } from '../../../src/catalog/catalog.ts';
import { type EntryMemo, type ProductEntry, recordOptionsOf, searchEntries, searchRecordTexts } from '../../../src/catalog/search-records.ts';
import { entryMemoKey, searchIndexInCache } from '../../../src/integrations/search-index.ts';
import { getShop } from '../../../src/shops/index.ts';
import { writeMiniExport } from '../../fixtures/mini-export.ts';

const made: string[] = [];
const tmp = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

let exportDir: string;
let dbFile: string;
const indexExport = () => buildCatalogIndex({ exportDir, shop: getShop('de'), dbFile, force: true });

beforeAll(async () => {
  vi.stubEnv('CATALOG_DIR', tmp('entry-memo-catalog-'));
  exportDir = await writeMiniExport(tmp('entry-memo-export-'));
  dbFile = catalogFile('de');
  await indexExport();
});
afterAll(() => vi.unstubAllEnvs());

describe('searchRecordTexts with a memo', () => {
  it('gives the records of a full pass as text, takes a product of unchanged fingerprint from the memo and reads one that changed', () => {
    const options = recordOptionsOf(new Catalog(dbFile), 'de');
    const first: EntryMemo = { previous: new Map(), next: new Map() };
    const texts = [...searchRecordTexts(dbFile, options, first)];
    const full = [...searchEntries(dbFile, options)];
    expect(texts.map((t) => JSON.parse(t.json))).toEqual(full.map((e) => e.record));
    expect(texts.map((t) => t.url)).toEqual(full.map((e) => e.record.url));
    expect(texts.map((t) => t.price)).toEqual(full.map((e) => e.price));
    const products = [...first.next].filter(([, e]) => e.result);
    expect(products.length).toBeGreaterThan(2);

    const [[kept, keptEntry], [stale, staleEntry]] = products as [[number, ProductEntry], [number, ProductEntry]];
    const previous = new Map(first.next);
    // The memo's entry is used as it is (a record no pass makes shows it), and only while the fingerprint holds.
    previous.set(kept, { ...keptEntry, result: { ...keptEntry.result!, json: '{"from":"the memo"}' } });
    previous.set(stale, { ...staleEntry, fp: 'another fingerprint', result: { ...staleEntry.result!, json: '{"stale":true}' } });
    const second: EntryMemo = { previous, next: new Map() };
    const again = [...searchRecordTexts(dbFile, options, second)];
    expect(again.find((t) => t.url === keptEntry.result!.url)!.json).toBe('{"from":"the memo"}');
    expect(again.find((t) => t.url === staleEntry.result!.url)!.json).toBe(staleEntry.result!.json);
    expect(second.next.get(kept)).toBe(previous.get(kept));
    expect(second.next.get(stale)).toEqual(staleEntry);
    expect([...second.next.keys()]).toEqual([...first.next.keys()]);
  });
});

describe("the memo's key", () => {
  const options = () => recordOptionsOf(new Catalog(dbFile), 'de');
  let key: string;
  beforeAll(() => {
    key = entryMemoKey(options(), 'salt');
  });

  it.each([
    ['a category renamed', (o: ReturnType<typeof options>) => (o.categories[1]!.title = 'Umbenannt')],
    ['a category moved', (o: ReturnType<typeof options>) => (o.categories.find((c) => c.parent !== 0)!.parent = 0)],
    ['a category hidden', (o: ReturnType<typeof options>) => (o.categories[1]!.visible = !o.categories[1]!.visible)],
    ['a brand renamed', (o: ReturnType<typeof options>) => o.brands.set([...o.brands.keys()][0]!, 'Umbenannt')],
    ['another language', (o: ReturnType<typeof options>) => (o.language = 'ro')],
  ])('changes with %s (the records show it)', (_, change) => {
    const o = options();
    change(o);
    expect(entryMemoKey(o, 'salt')).not.toBe(key);
  });

  it("changes with the salt (Pagefind's version), not with what no record shows (a category's product count)", () => {
    expect(entryMemoKey(options(), 'other salt')).not.toBe(key);
    const o = options();
    o.categories[1]!.count += 5;
    expect(entryMemoKey(o, 'salt')).toBe(key);
  });
});

describe('the memo beside the search cache', () => {
  afterEach(async () => {
    // Each test leaves the export as the suite found it.
    exportDir = await writeMiniExport(tmp('entry-memo-export-'));
    await indexExport();
  });

  const memoFile = (cacheDir: string) => join(dirname(cacheDir), 'search-entries.tsv');
  /** The search index of the current catalog index: its folder is named by the hash of its records. */
  const search = (cacheDir: string) => searchIndexInCache({ dbFile, language: 'de', cacheDir, salt: '' });

  it('is used while it holds: a rebuild finds the same index; a memo of other options or code, a corrupt or foreign one, is not used', async () => {
    const cacheDir = join(tmp('entry-memo-cache-'), 'pagefind');
    const first = await search(cacheDir);
    expect(first.reused).toBe(false);
    const memo = readFileSync(memoFile(cacheDir), 'utf8');
    const again = await search(cacheDir);
    expect(again).toMatchObject({ dir: first.dir, reused: true, records: first.records });
    expect(again.priceEntries).toEqual(first.priceEntries);

    // A record changed in the memo (its key kept) is what the index is made of: the memo is read.
    const tampered = memo.replace(/"content":"[^"]*"/, '"content":"written into the memo"');
    expect(tampered).not.toBe(memo);
    writeFileSync(memoFile(cacheDir), tampered);
    expect((await search(cacheDir)).dir).not.toBe(first.dir);

    // The same memo made with other options or code (its key), or unreadable: the records of a full pass.
    const [head, ...lines] = tampered.split('\n');
    const [word, version, key, count] = head!.split(' ');
    const withHead = (h: string) => [h, ...lines].join('\n');
    for (const text of [
      withHead(`${word} ${version} another-key ${count}`),
      withHead(`${word} ${Number(version) + 1} ${key} ${count}`),
      // Cut short (a line lost), or a line that is not one.
      withHead(`${word} ${version} ${key} ${Number(count) + 1}`),
      [head, ...lines.slice(0, -1), 'not a line'].join('\n'),
      [head, ...lines.slice(0, -1), `${lines.at(-1)}\tone field too many`].join('\n'),
      [head, ...lines.map((l) => l.replace(/\t\{"price"[^\t]*\t/, '\t{"price":1}\t'))].join('\n'),
      // A record that is none: found when Pagefind is to be given it, and every record made anew.
      [head, ...lines.map((l, i) => (i === lines.findIndex((x) => x.includes('\t{"url"')) ? l.replace(/\t\{"url".*$/, '\t{"not":"a record"}') : l))].join('\n'),
      '{not json',
      '',
    ]) {
      writeFileSync(memoFile(cacheDir), text);
      const fresh = await search(cacheDir);
      expect(fresh.dir).toBe(first.dir);
      expect(fresh.priceEntries).toEqual(first.priceEntries);
    }
  }, 60_000);

  it('is not used for records whose category was renamed (the records show category names)', async () => {
    const cacheDir = join(tmp('entry-memo-cache-'), 'pagefind');
    const first = await search(cacheDir);
    const file = join(exportDir, 'categories.ndjson');
    writeFileSync(file, readFileSync(file, 'utf8').replaceAll('Kategorie 11', 'Kategorie elf'));
    await indexExport();
    const renamed = await search(cacheDir);
    expect(renamed.dir).not.toBe(first.dir);
    const options = recordOptionsOf(new Catalog(dbFile), 'de');
    const contents = [...searchEntries(dbFile, options)].map((e) => e.record.content).join('\n');
    expect(contents).toContain('Kategorie elf');
    // The index is made of those records: the memo's old ones would give the first index's folder again.
    const memo = readFileSync(memoFile(cacheDir), 'utf8');
    expect(memo).toContain('Kategorie elf');
    expect(memo).not.toContain('Kategorie 11');
  }, 60_000);
});
