/**
 * The search index in parts (decision 0019): a shop with more records than a part holds gets
 * several Pagefind indexes, written one after another and merged by the island in the browser.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildCatalogIndex } from '../../../src/catalog/build-index.ts';
import { catalogFile } from '../../../src/catalog/catalog.ts';
import { PART_RECORDS, PARTS_FILE, parseParts, partCount, partRecordsOf, partUrl, partsJson } from '../../../src/catalog/search-parts.ts';
import { SEARCH_PRICES_FOLDER, parsePriceSheet, priceIn, priceSheetOf } from '../../../src/catalog/search-prices.ts';
import { readFragmentIds, searchIndexInCache, writePriceSheets } from '../../../src/integrations/search-index.ts';
import { getShop } from '../../../src/shops/index.ts';
import { miniProduct, writeMiniExport } from '../../fixtures/mini-export.ts';

const tmp = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));

describe('records per part', () => {
  it.each([
    [undefined, 'de', PART_RECORDS],
    ['', 'de', PART_RECORDS],
    ['500', 'ro', 500],
    [' 500 ', 'ro', 500],
    ['de=90', 'de', 90],
    ['de=90', 'ro', PART_RECORDS],
    ['de=90; ro = 7', 'ro', 7],
  ])('SEARCH_PART_RECORDS=%j gives %s %s', (setting, shop, n) => {
    expect(partRecordsOf(setting, shop)).toBe(n);
  });

  it.each(['0', '-5', '1.5', 'many', 'de=0', 'de=', 'de=9;ro', '=9', 'de=9=9'])('SEARCH_PART_RECORDS=%j is an error that says what is expected', (setting) => {
    expect(() => partRecordsOf(setting, 'de')).toThrow(/SEARCH_PART_RECORDS: expected a whole number/);
  });

  it.each([
    [0, 1],
    [1, 1],
    [20_000, 1],
    [20_001, 2],
    [100_034, 6],
  ])('%s records make %s parts of at most 20,000', (records, parts) => {
    expect(partCount(records, PART_RECORDS)).toBe(parts);
  });
});

describe('the parts file read in the browser', () => {
  it('lists the parts the build wrote', () => {
    const hashes = ['0123456789abcdef', 'fedcba9876543210'];
    expect(parseParts(JSON.parse(partsJson(hashes)))).toEqual(hashes.map(partUrl));
    expect(parseParts(JSON.parse(partsJson([])))).toEqual([]);
  });

  it.each([
    ['not an object', null],
    ['no list', {}],
    ['a list of no strings', { parts: [1] }],
    ['a folder outside the index', { parts: ['/evil/'] }],
    ['a folder that climbs out', { parts: ['/pagefind/parts/../../x/'] }],
    ['another host', { parts: ['https://evil.example/pagefind/parts/0123456789abcdef/'] }],
  ])('fails on %s', (_, json) => {
    expect(() => parseParts(json)).toThrow(/search parts/);
  });
});

describe('price sheets of an index in parts', () => {
  const price = (cents: string) => ({ price: cents, prices: `5:${cents},n:${cents}`, stock: '1' });

  it('key a result by its id, and by its id and URL where two parts gave the same id', () => {
    const out = tmp('site-');
    const ids = { '/a.html': 'de_0a1b2c3', '/b.html': 'de_0a1b2c3', '/c.html': 'de_0a1ffff' };
    writePriceSheets(
      [
        { url: '/a.html', price: price('100') },
        { url: '/b.html', price: price('200') },
        { url: '/c.html', price: price('300') },
      ],
      ids,
      out,
    );
    const sheet = parsePriceSheet(JSON.parse(readFileSync(join(out, SEARCH_PRICES_FOLDER, `${priceSheetOf('de_0a1b2c3')}.json`), 'utf8')));
    expect(Object.keys(sheet).sort()).toEqual(['de_0a1b2c3 /a.html', 'de_0a1b2c3 /b.html', 'de_0a1ffff']);
    expect(priceIn(sheet, 'de_0a1b2c3', '/a.html')?.price).toBe('100');
    expect(priceIn(sheet, 'de_0a1b2c3', '/b.html')?.price).toBe('200');
    expect(priceIn(sheet, 'de_0a1ffff', '/c.html')?.price).toBe('300');
    expect(priceIn(sheet, 'de_0a1b2c3', '/d.html')).toBeUndefined();
  });
});

describe('a search index in parts', () => {
  afterEach(() => vi.unstubAllEnvs());

  const index = async (cacheDir: string, partRecords?: number) => {
    vi.stubEnv('CATALOG_DIR', tmp('catalog-'));
    await buildCatalogIndex({ exportDir: await writeMiniExport(), shop: getShop('de'), dbFile: catalogFile('de'), force: true });
    return searchIndexInCache({ dbFile: catalogFile('de'), language: 'de', cacheDir, salt: '', partRecords });
  };
  const partsOf = (dir: string) => parseParts(JSON.parse(readFileSync(join(dir, PARTS_FILE), 'utf8')));
  const fragments = (dir: string) => readdirSync(join(dir, 'fragment'));

  it('holds every record once, in parts named by their records, each with its indexes only', async () => {
    const built = await index(join(tmp('cache-'), 'pagefind'), 1);
    const parts = partsOf(built.dir);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.length).toBeLessThanOrEqual(partCount(built.records, 1) - 1);
    const partDirs = parts.map((p) => join(built.dir, p.slice('/pagefind/'.length)));
    // The first part is the index at /pagefind/, with Pagefind's script and wasm; the others only their indexes.
    expect(readdirSync(built.dir)).toEqual(expect.arrayContaining(['pagefind.js', 'pagefind-worker.js', 'wasm.de.pagefind', 'pagefind-entry.json', PARTS_FILE]));
    for (const dir of partDirs) {
      expect(
        readdirSync(dir)
          .filter((f) => !f.endsWith('.pf_meta'))
          .sort(),
      ).toEqual(['filter', 'fragment', 'index', 'pagefind-entry.json']);
      expect(readdirSync(dir).filter((f) => f.endsWith('.pf_meta'))).toHaveLength(1);
    }
    const all = [built.dir, ...partDirs].flatMap(fragments);
    expect(all).toHaveLength(built.records);
    // Every record's result is in one of the parts.
    const ids = readFragmentIds(built.dir);
    expect(Object.keys(ids)).toHaveLength(built.records);
    for (const id of Object.values(ids)) expect(all).toContain(`${id}.pf_fragment`);

    // The same records in parts of the same size: the same parts, by name (their files are cached for a year).
    const again = await index(join(tmp('cache-'), 'pagefind'), 1);
    expect(partsOf(again.dir)).toEqual(parts);
    // Another part size is another index.
    const whole = await index(join(tmp('cache-'), 'pagefind'));
    expect(partsOf(whole.dir)).toEqual([]);
    expect(fragments(whole.dir)).toHaveLength(whole.records);
  }, 120_000);

  /** Each file of a folder tree, by its path under it, with what `f` says of it. */
  const tree = <T>(dir: string, f: (file: string) => T) =>
    new Map(
      readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => [join(e.parentPath, e.name).slice(dir.length + 1), f(join(e.parentPath, e.name))] as const),
    );

  it('indexes again only the part whose records changed, links the rest from the last index, and is the index a build from scratch makes', async () => {
    vi.stubEnv('CATALOG_DIR', tmp('catalog-'));
    const exportDir = await writeMiniExport(
      undefined,
      Array.from({ length: 12 }, (_, i) => miniProduct(80 + i)),
    );
    const build = async (cacheDir: string) => {
      await buildCatalogIndex({ exportDir, shop: getShop('de'), dbFile: catalogFile('de'), force: true });
      return searchIndexInCache({ dbFile: catalogFile('de'), language: 'de', cacheDir, salt: '', partRecords: 4 });
    };
    const cacheDir = join(tmp('cache-'), 'pagefind');
    const first = await build(cacheDir);
    expect(first.parts).toBeGreaterThan(2);
    expect(first.partsReused).toBe(0);
    const inodes = tree(first.dir, (file) => statSync(file).ino);

    // One product's title: its record, so the part it is in, changes; the number of parts does not.
    const products = join(exportDir, 'products.ndjson');
    writeFileSync(products, readFileSync(products, 'utf8').replaceAll('"Produkt 80"', '"Produkt 80 neu"'));
    const second = await build(cacheDir);
    expect(second.dir).not.toBe(first.dir);
    expect(second).toMatchObject({ reused: false, parts: first.parts, partsReused: first.parts! - 1 });
    // The unchanged parts' files are the last index's files, linked.
    const linked = [...tree(second.dir, (file) => statSync(file).ino)].filter(([file, ino]) => inodes.get(file) === ino);
    expect(linked.length).toBeGreaterThan(inodes.size / 3);

    const digest = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
    const scratch = await build(join(tmp('cache-'), 'pagefind'));
    expect(scratch.partsReused).toBe(0);
    expect(tree(second.dir, digest)).toEqual(tree(scratch.dir, digest));
  }, 120_000);
});
