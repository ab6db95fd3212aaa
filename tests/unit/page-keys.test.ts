/**
 * Issue 16: the pages' cache keys (src/catalog/page-keys.ts) change exactly when what a page
 * renders changes. The build-level proof (incremental == full) is tests/build/incremental.test.ts.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCatalogIndex } from '../../src/catalog/build-index.ts';
import { Catalog } from '../../src/catalog/catalog.ts';
import { describeChanges } from '../../src/catalog/page-keys.ts';
import { getShop } from '../../src/shops/index.ts';
import { miniProduct, writeMiniExport } from '../fixtures/mini-export.ts';

const garden = (id: number, over: Parameters<typeof miniProduct>[1] = {}) => miniProduct(id, { categories: [{ id: 21, default: true, position: 1 }], ...over });

async function keysOf(products: ReturnType<typeof miniProduct>[], edit?: (dir: string) => void) {
  const dir = await writeMiniExport(mkdtempSync(join(tmpdir(), 'keys-export-')), products);
  edit?.(dir);
  const dbFile = join(dir, 'de.sqlite');
  const result = await buildCatalogIndex({ exportDir: dir, shop: getShop('de'), dbFile });
  const catalog = new Catalog(dbFile);
  const page = new Map(catalog.routes().map((r) => [`${r.kind}:${r.id}`, r.key]));
  return { result, page: (kind: string, id: number) => page.get(`${kind}:${id}`), listing: (key: string) => catalog.listingCacheKey(key) };
}

const base = () => [garden(5, { accessories: [6] }), garden(6), miniProduct(7, { categories: [{ id: 12, default: true, position: 1 }] })];

describe('page cache keys', () => {
  it('are the same for the same export, and set for every page and listing', async () => {
    const [a, b] = [await keysOf(base()), await keysOf(base())];
    for (const [kind, id] of [
      ['product', 5],
      ['variant', 40],
      ['category', 21],
      ['brand', 1],
      ['content', 2],
      ['folder', 1],
    ] as const) {
      expect(a.page(kind, id)).toBeTruthy();
      expect(a.page(kind, id)).toBe(b.page(kind, id));
    }
    for (const key of ['c21', 'b1', 'n2', 'g-bestsellers']) expect(a.listing(key)).toBe(b.listing(key));
  });

  it('a price change: the product, the products showing it as an accessory, the listings it is in', async () => {
    const before = await keysOf(base());
    const changed = base();
    changed[1] = garden(6, { variants: [{ id: 60, ref: 'REF-6', isDefault: true, quantity: 20, promo: false, prices: { EUR: { price: '12.000000', promoPrice: '12.000000' } } }] });
    const after = await keysOf(changed);
    const moved = (kind: string, id: number) => before.page(kind, id) !== after.page(kind, id);
    expect(moved('product', 6)).toBe(true);
    expect(moved('product', 5)).toBe(true); // shows 6 as an accessory
    expect(moved('product', 7)).toBe(false);
    expect(moved('product', 1)).toBe(false);
    expect(moved('category', 21)).toBe(true);
    expect(moved('category', 2)).toBe(true); // 21's parent lists it too
    expect(moved('category', 12)).toBe(false);
    expect(moved('brand', 1)).toBe(true);
    expect(moved('content', 2)).toBe(false); // Bosch in category 11
    expect(before.listing('c12')).toBe(after.listing('c12'));
    expect(before.listing('g-new')).not.toBe(after.listing('g-new'));
  });

  it("a category's new name: its page, its parent's subcategory links, the breadcrumbs of its products", async () => {
    const before = await keysOf(base());
    const after = await keysOf(base(), (exportDir) => {
      const file = join(exportDir, 'categories.ndjson');
      writeFileSync(file, readFileSync(file, 'utf8').replaceAll('"Kategorie 21"', '"Gartenpumpen"'));
    });
    const moved = (kind: string, id: number) => before.page(kind, id) !== after.page(kind, id);
    expect(moved('category', 21)).toBe(true);
    expect(moved('category', 2)).toBe(true);
    expect(moved('product', 5)).toBe(true);
    expect(moved('product', 6)).toBe(true);
    expect(moved('product', 7)).toBe(false);
    expect(moved('category', 11)).toBe(false);
    expect(moved('folder', 1)).toBe(false);
  });

  it('the build log says what changed against the previous index', async () => {
    const dir = await writeMiniExport(mkdtempSync(join(tmpdir(), 'keys-export-')), base());
    const dbFile = join(dir, 'de.sqlite');
    const first = await buildCatalogIndex({ exportDir: dir, shop: getShop('de'), dbFile });
    expect(describeChanges(first.changes)).toMatch(/^no previous index/);
    const file = join(dir, 'products.ndjson');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"Produkt 7"', '"Produkt sieben"'));
    const second = await buildCatalogIndex({ exportDir: dir, shop: getShop('de'), dbFile });
    expect(second.changes.products).toEqual({ changed: 1, added: 0, removed: 0 });
    expect(describeChanges(second.changes)).toMatch(/^1 product \(1 changed\): \d+ catalog pages? and \d+ listings? to render, \d+ pages unchanged, 0 removed$/);
  });
});
