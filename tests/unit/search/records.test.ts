import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogIndex } from '../../../src/catalog/build-index.ts';
import { Catalog } from '../../../src/catalog/catalog.ts';
import { CATEGORY_SEPARATOR, htmlText, recordOptionsOf, searchPrices, searchRecords, type SearchRecord } from '../../../src/catalog/search-records.ts';
import type { SearchPrice } from '../../../src/catalog/search-prices.ts';
import { getShop } from '../../../src/shops/index.ts';
import { miniProduct, writeMiniExport } from '../../fixtures/mini-export.ts';

let records: SearchRecord[];
let prices: { url: string; price: SearchPrice }[];

beforeAll(async () => {
  const exportDir = await writeMiniExport(mkdtempSync(join(tmpdir(), 'search-export-')), [
    miniProduct(8, {
      categories: [{ id: 111, default: true, position: 1 }],
      features: [{ featureId: 3, title: { de_DE: 'Spannung', de_AT: 'Spannung', ro_RO: 'Tensiune' }, values: [{ id: 1, title: { de_DE: '18 V', de_AT: '18 V', ro_RO: '18 V' } }] }],
    }),
  ]);
  const shop = getShop('de');
  const dbFile = join(mkdtempSync(join(tmpdir(), 'search-index-')), 'de.sqlite');
  await buildCatalogIndex({ exportDir, shop, dbFile });
  const catalog = new Catalog(dbFile);
  records = [...searchRecords(dbFile, recordOptionsOf(catalog, 'de'))];
  prices = [...searchPrices(dbFile)];
});

describe('search records', () => {
  it('index shown products only (no price, no record), with type and category filters', () => {
    const products = records.filter((r) => r.filters.type![0] === 'product');
    expect(products.length).toBeGreaterThan(0);
    expect(products.some((r) => r.url.includes('-3.html'))).toBe(false); // product 3 has price 0
    for (const r of products) {
      expect(r.language).toBe('de');
      expect(r.content).toContain(r.meta.title);
      expect(r.content).toContain(r.meta.ref);
    }
    const p8 = products.find((r) => r.content.includes('Spannung 18 V'))!;
    expect(p8).toBeDefined();
    // Every level of the path is a filter value, so a parent category includes its subtree.
    const cats = p8.filters.category!;
    expect(cats.length).toBeGreaterThanOrEqual(2);
    expect(cats[1]!.startsWith(cats[0]! + CATEGORY_SEPARATOR)).toBe(true);
  });

  it('carry no price or stock (decision 0015: a price change leaves the search index as it was)', () => {
    for (const r of records) expect(Object.keys(r.meta).filter((k) => ['price', 'prices', 'was', 'stock'].includes(k))).toEqual([]);
  });

  it("give the price sheets every product result's price and stock, and nothing else", () => {
    const products = records.filter((r) => r.filters.type![0] === 'product');
    expect(prices.map((p) => p.url)).toEqual(products.map((r) => r.url));
    for (const { price } of prices) {
      expect(Number(price.price)).toBeGreaterThan(0);
      expect(price.stock).toMatch(/^\d+$/);
      if (price.was !== undefined) expect(Number(price.was)).toBeGreaterThan(Number(price.price));
    }
  });

  it('give per-country gross prices and the net price for the VAT modes', () => {
    const { price } = prices[0]!;
    const pairs = price.prices.split(',').map((p) => p.split(':'));
    expect(pairs.map(([id]) => id)).toEqual([...getShop('de').countries.map((c) => String(c.id)), 'n']);
    expect(pairs.find(([id]) => id === String(getShop('de').countryId))![1]).toBe(price.price);
    expect(Number(pairs.find(([id]) => id === 'n')![1])).toBeLessThan(Number(price.price));
  });

  it('index contents with their parent folder', () => {
    const contents = records.filter((r) => r.filters.type![0] === 'content');
    for (const c of contents) expect(typeof c.meta.folder).toBe('string');
  });

  it('strips HTML to text', () => {
    expect(htmlText('<p>a &amp; b</p><script>x()</script><b>c</b>')).toBe('a & b c');
  });
});
