/**
 * The search's price sheets (decision 0015): a result's price and stock come from a small JSON file
 * keyed by its Pagefind id, so a changed price or stock leaves the search index as it was.
 */
import { linkSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildCatalogIndex } from '../../../src/catalog/build-index.ts';
import { catalogFile } from '../../../src/catalog/catalog.ts';
import { SEARCH_PRICES_FOLDER, parsePriceSheet, priceSheetOf, priceSheetUrl } from '../../../src/catalog/search-prices.ts';
import { searchPrices } from '../../../src/catalog/search-records.ts';
import { readFragmentIds, searchIndexInCache, writePriceSheets } from '../../../src/integrations/search-index.ts';
import { getShop } from '../../../src/shops/index.ts';
import { miniProduct, writeMiniExport } from '../../fixtures/mini-export.ts';

const tmp = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));

describe('the sheet of a result', () => {
  it.each([
    ['de_0016728', '001'],
    ['ro_a1b2c3d', 'a1b'],
    ['de_ffe', 'ffe'],
  ])('of %s is %s', (id, sheet) => {
    expect(priceSheetOf(id)).toBe(sheet);
    expect(priceSheetUrl(sheet)).toBe(`/${SEARCH_PRICES_FOLDER}/${sheet}.json`);
  });

  it.each(['', 'de_', 'de_0a', 'de_x12', '../etc', 'de_0a1/../x'])('of %j is an error, not a file name', (id) => {
    expect(() => priceSheetOf(id)).toThrow(/not a Pagefind result id/);
  });
});

describe('a price sheet read in the browser', () => {
  const good = { price: '1190', prices: '5:1190,13:1200,n:1000', stock: '7' };

  it('keeps well-formed entries, the crossed-out price when there is one', () => {
    expect(parsePriceSheet({ de_0a1: good, de_0a2: { ...good, was: '1500' } })).toEqual({ de_0a1: good, de_0a2: { ...good, was: '1500' } });
  });

  it.each([
    ['not an object', []],
    ['null', null],
    ['an entry that is not an object', { de_0a1: 'x' }],
    ['a price that is not cents', { de_0a1: { ...good, price: '11.90' } }],
    ['no price', { de_0a1: { prices: good.prices, stock: '1' } }],
    ['a crossed-out price that is not cents', { de_0a1: { ...good, was: 12 } }],
    ['a negative stock', { de_0a1: { ...good, stock: '-1' } }],
    ['no price modes', { de_0a1: { price: '1', stock: '1' } }],
  ])('fails on %s', (_, json) => {
    expect(() => parsePriceSheet(json)).toThrow(/price sheet/);
  });
});

describe('the price sheets a build writes', () => {
  afterEach(() => vi.unstubAllEnvs());

  /** The catalog index of a mini export with product 90 at `price`, and its search index in `cacheDir`. */
  const index = async (cacheDir: string, price: string, quantity = 20) => {
    const product = miniProduct(90, { variants: [{ id: 900, ref: 'REF-90', isDefault: true, quantity, promo: false, prices: { EUR: { price, promoPrice: price } } }] });
    await buildCatalogIndex({ exportDir: await writeMiniExport(undefined, [product]), shop: getShop('de'), dbFile: catalogFile('de'), force: true });
    return searchIndexInCache({ dbFile: catalogFile('de'), language: 'de', cacheDir, salt: '' });
  };
  const sheetsOf = (out: string) =>
    Object.assign({}, ...readdirSync(join(out, SEARCH_PRICES_FOLDER)).map((f) => parsePriceSheet(JSON.parse(readFileSync(join(out, SEARCH_PRICES_FOLDER, f), 'utf8')))));

  it('give every product result its price and stock under its Pagefind id, in the sheet of the id', async () => {
    vi.stubEnv('CATALOG_DIR', tmp('catalog-'));
    const built = await index(join(tmp('cache-'), 'pagefind'), '10.000000');
    const ids = readFragmentIds(built.dir);
    // Every record (products and contents) has its result's fragment.
    expect(Object.keys(ids)).toHaveLength(built.records);
    for (const id of Object.values(ids)) expect(readdirSync(join(built.dir, 'fragment'))).toContain(`${id}.pf_fragment`);

    const out = tmp('site-');
    const prices = [...searchPrices(catalogFile('de'))];
    // The entries read with the records (npm run build's search child) are the same.
    expect(built.priceEntries).toEqual(prices);
    const written = writePriceSheets(prices, ids, out);
    expect(written.products).toBe(prices.length);
    expect(written.products).toBeGreaterThan(3);
    const files = readdirSync(join(out, SEARCH_PRICES_FOLDER));
    expect(files).toHaveLength(written.sheets);
    for (const { url, price } of prices) {
      const id = ids[url]!;
      const sheet = parsePriceSheet(JSON.parse(readFileSync(join(out, SEARCH_PRICES_FOLDER, `${priceSheetOf(id)}.json`), 'utf8')));
      expect(sheet[id]).toEqual(price);
    }
    // Nothing but the products: no content result has a price.
    expect(Object.keys(sheetsOf(out))).toHaveLength(prices.length);
  }, 60_000);

  it('change with a price or stock while the search index is reused; the old sheets are replaced', async () => {
    vi.stubEnv('CATALOG_DIR', tmp('catalog-'));
    const cacheDir = join(tmp('cache-'), 'pagefind');
    const out = tmp('site-');
    const first = await index(cacheDir, '10.000000');
    writePriceSheets(first.priceEntries, readFragmentIds(first.dir), out);
    const id = Object.entries(readFragmentIds(first.dir)).find(([url]) => url.includes('produkt-90'))![1];
    const before = sheetsOf(out)[id]!;

    const repriced = await index(cacheDir, '20.000000', 0);
    expect(repriced).toMatchObject({ dir: first.dir, reused: true });
    writePriceSheets(repriced.priceEntries, readFragmentIds(repriced.dir), out);
    const after = sheetsOf(out)[id]!;
    expect(Number(after.price)).toBe(Number(before.price) * 2);
    expect([before.stock, after.stock]).toEqual(['20', '0']);
  }, 60_000);

  it('are written only where they changed, each as a new file; sheets no longer made are removed', async () => {
    vi.stubEnv('CATALOG_DIR', tmp('catalog-'));
    const cacheDir = join(tmp('cache-'), 'pagefind');
    const out = tmp('site-');
    const dir = join(out, SEARCH_PRICES_FOLDER);
    const first = await index(cacheDir, '10.000000');
    const ids = readFragmentIds(first.dir);
    const written = writePriceSheets(first.priceEntries, ids, out);
    expect(written.written).toBe(written.sheets);
    expect(written.sheets).toBeGreaterThan(1);
    // A sheet the site holds as a link (to the cache's copy) must not change through it: kept aside.
    const sheet = `${priceSheetOf(Object.entries(ids).find(([url]) => url.includes('produkt-90'))![1])}.json`;
    const link = join(tmp('elsewhere-'), 'sheet.json');
    linkSync(join(dir, sheet), link);
    const linkedText = readFileSync(link, 'utf8');
    writeFileSync(join(dir, 'fff.json.new'), 'left by a build that stopped');
    const inodes = () => new Map(readdirSync(dir).map((f) => [f, statSync(join(dir, f)).ino]));
    const before = inodes();

    // Nothing changed: nothing written, every file where it was; the stray file is gone.
    expect(writePriceSheets(first.priceEntries, ids, out).written).toBe(0);
    const same = inodes();
    before.delete('fff.json.new');
    expect(same).toEqual(before);

    const repriced = await index(cacheDir, '20.000000', 0);
    expect(writePriceSheets(repriced.priceEntries, readFragmentIds(repriced.dir), out).written).toBe(1);
    const after = inodes();
    expect([...after].filter(([f, ino]) => before.get(f) !== ino).map(([f]) => f)).toEqual([sheet]);
    expect(readFileSync(link, 'utf8')).toBe(linkedText);
    expect(readFileSync(join(dir, sheet), 'utf8')).not.toBe(linkedText);
  }, 60_000);

  it('fail when a product has no result in the index (the index and the sheets are one catalog index’s)', async () => {
    vi.stubEnv('CATALOG_DIR', tmp('catalog-'));
    const built = await index(join(tmp('cache-'), 'pagefind'), '10.000000');
    const ids = readFragmentIds(built.dir);
    const url = Object.keys(ids).find((u) => u.includes('produkt-90'))!;
    delete ids[url];
    expect(() => writePriceSheets(searchPrices(catalogFile('de')), ids, tmp('site-'))).toThrow(`search prices: ${url} has no result in the search index`);
  }, 60_000);
});
