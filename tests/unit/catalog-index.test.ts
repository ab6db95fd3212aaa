import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogIndex, parseListing, type IndexResult } from '../../src/catalog/build-index.ts';
import { Catalog } from '../../src/catalog/catalog.ts';
import { getShop } from '../../src/shops/index.ts';
import { miniProduct, writeMiniExport } from '../fixtures/mini-export.ts';

let exportDir: string;
const index: Record<string, { result: IndexResult; catalog: Catalog }> = {};

beforeAll(async () => {
  exportDir = await writeMiniExport(mkdtempSync(join(tmpdir(), 'index-export-')), [
    miniProduct(5, { taxRuleId: 42, url: { de_DE: 'p5.html', de_AT: 'p5-at.html', ro_RO: 'p5-ro.html' } }),
    miniProduct(6, { url: { de_DE: 'produkt-1.html', de_AT: 'p6-at.html', ro_RO: 'p6-ro.html' } }),
    miniProduct(7, { brandId: 77, url: { de_DE: 'p7.html', de_AT: 'p7-at.html', ro_RO: 'p7-ro.html' } }),
  ]);
  for (const code of ['de', 'at', 'ro'] as const) {
    const dbFile = join(mkdtempSync(join(tmpdir(), 'index-')), `${code}.sqlite`);
    const result = await buildCatalogIndex({ exportDir, shop: getShop(code), dbFile });
    index[code] = { result, catalog: new Catalog(dbFile) };
  }
});

describe('the catalog index', () => {
  it('computes gross prices for the shop default country: DE 19%, AT 20%, RO 21%', () => {
    const price = (code: string) => index[code]!.catalog.product(1)!.variants[0]!.prices.gross.price;
    expect([price('de'), price('at'), price('ro')]).toEqual([1190, 1200, 1210]);
  });
  it('keeps promo and list prices per variant', () => {
    const v = index.de!.catalog.product(4)!.variants[0]!;
    expect(v.prices.gross).toEqual({ price: 2380, promoPrice: 1785, listPrice: 2975 });
  });
  it('never shows a product with price 0 and no list price', () => {
    expect(index.de!.catalog.product(3)).toBeUndefined();
    expect(index.de!.result.stats.productsNotSellable).toBe(1);
    expect(index.de!.catalog.routes().some((r) => r.path === '/produkt-3.html')).toBe(false);
  });
  it('counts sellable products up the tree and recognises empty categories', () => {
    const byId = new Map(index.de!.catalog.categories().map((c) => [c.id, c]));
    expect(byId.get(1)!.count).toBe(3); // products 1, 2 and 7 (product 6 lost its page)
    expect(byId.get(11)!.count).toBe(3);
    expect(byId.get(2)!.count).toBe(0);
    expect(byId.get(3)!.count).toBe(1); // hidden category keeps its product reachable
  });
  it('uses the shop locale for texts and URLs', () => {
    expect(index.ro!.catalog.product(1)!.url).toBe('/produkt-1-ro.html');
    expect(index.at!.catalog.product(1)!.urls.de_DE).toBe('produkt-1.html');
  });
  it('gives variants with a URL their own page', () => {
    const routes = index.de!.catalog.routes();
    const { key, ...route } = routes.find((r) => r.path === '/produkt-4-blau.html')!;
    expect(route).toEqual({ path: '/produkt-4-blau.html', kind: 'variant', id: 41, productId: 4 });
    // Its cache key is its product's data fingerprint (the page renders the product's data): page-keys.ts.
    expect(key).toBe(routes.find((r) => r.path === '/produkt-4.html')!.key!.replace(/^product:/, 'variant:'));
  });
  it('collapses redirect chains per locale', () => {
    expect(index.de!.catalog.redirects()).toEqual([
      { from: '/alt-a.html', to: '/produkt-1.html' },
      { from: '/alt-b.html', to: '/produkt-1.html' },
    ]);
    expect(index.ro!.catalog.redirects()[0]).toEqual({ from: '/alt-a-ro.html', to: '/produkt-1-ro.html' });
  });
  it('sanitises editor HTML', () => {
    const html = index.de!.catalog.content(1)!.descriptionHtml;
    expect(html).not.toMatch(/<script|onerror|javascript:/i);
    expect(html).toContain('Hallo');
  });
  it('reads listing JSON from a content postscriptum', () => {
    expect(index.de!.catalog.content(2)!.listing).toEqual({ brandId: 1, categoryId: 11 });
    expect(parseListing('not json')).toBeNull();
    expect(parseListing('{"brand_id":"x"}')).toBeNull();
  });
  it('reports each record it skips or mends, with the reason', () => {
    const reasons = index.de!.result.faults.map((f) => `${f.id}: ${f.reason}`);
    expect(reasons).toContain('5: tax rule 42 is not in tax-rules.json');
    expect(reasons).toContain('6: "produkt-1.html" is already the URL of product 1');
    expect(reasons).toContain('7: brand 77 is not in the export (or hidden); shown without brand');
    expect(index.de!.catalog.product(7)!.brandId).toBeNull();
  });
  it('reuses an index whose export has not changed', async () => {
    const again = await buildCatalogIndex({ exportDir, shop: getShop('de'), dbFile: index.de!.result.dbFile });
    expect(again.rebuilt).toBe(false);
    expect(again.faults).toHaveLength(index.de!.result.faults.length);
  });
});
