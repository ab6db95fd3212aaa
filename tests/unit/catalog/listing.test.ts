import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogIndex } from '../../../src/catalog/build-index.ts';
import { Catalog } from '../../../src/catalog/catalog.ts';
import { Listings } from '../../../src/catalog/listing.ts';
import { allListingRefs } from '../../../src/catalog/listing-refs.ts';
import { getShop } from '../../../src/shops/index.ts';
import { miniProduct, writeMiniExport } from '../../fixtures/mini-export.ts';

let listings: Listings;
let catalog: Catalog;

beforeAll(async () => {
  const exportDir = await writeMiniExport(mkdtempSync(join(tmpdir(), 'listing-export-')), [
    miniProduct(8, {
      categories: [{ id: 111, default: true, position: 1 }],
      features: [{ featureId: 3, title: { de_DE: 'Spannung', de_AT: 'Spannung', ro_RO: 'Tensiune' }, values: [{ id: 1, title: { de_DE: '18 V', de_AT: '18 V', ro_RO: '18 V' } }] }],
    }),
    miniProduct(9, {
      categories: [{ id: 11, default: true, position: 1 }],
      features: [{ featureId: 3, title: { de_DE: 'Spannung', de_AT: 'Spannung', ro_RO: 'Tensiune' }, values: [{ id: 2, title: { de_DE: '12 V', de_AT: '12 V', ro_RO: '12 V' } }] }],
    }),
  ]);
  const dbFile = join(mkdtempSync(join(tmpdir(), 'listing-index-')), 'de.sqlite');
  await buildCatalogIndex({ exportDir, shop: getShop('de'), dbFile });
  catalog = new Catalog(dbFile);
  listings = new Listings(catalog);
});

describe('listings at build time', () => {
  it('lists a category with its whole subtree, best sellers first, only sellable products', () => {
    const data = listings.data({ kind: 'category', id: 11 });
    expect(data.items.map((i) => i.id)).toEqual([1, 2, 8, 9]);
    expect(data.items.some((i) => i.id === 3)).toBe(false); // price 0, no list price
    expect(data.subs.map(([id]) => id)).toEqual([111]);
    expect(data.items.find((i) => i.id === 2)!.k).toEqual([111]);
    expect(data.items.find((i) => i.id === 9)!.k).toEqual([]);
  });
  it('offers a feature as a filter when it has several values across the listing', () => {
    const data = listings.data({ kind: 'category', id: 11 });
    expect(data.feats).toEqual([[3, 'Spannung']]);
    expect(data.fv.map(([, v]) => v)).toEqual(['12 V', '18 V']);
  });
  it('lists a brand, a listing content (brand and category) and the grid types', () => {
    expect(
      listings
        .data({ kind: 'brand', id: 1 })
        .items.map((i) => i.id)
        .sort(),
    ).toEqual([1, 2, 4, 8, 9]);
    expect(
      listings
        .data({ kind: 'content', id: 2, brandId: 1, categoryId: 111 })
        .items.map((i) => i.id)
        .sort(),
    ).toEqual([2, 8]);
    expect(listings.data({ kind: 'grid', type: 'promotions' }).items.map((i) => i.id)).toEqual([4]);
    expect(listings.data({ kind: 'grid', type: 'bestsellers' }).items[0]!.id).toBe(1);
  });
  it('knows every listing of the shop', () => {
    const keys = allListingRefs(catalog).map((r) => (r.kind === 'grid' ? r.type : `${r.kind}${r.id}`));
    expect(keys).toEqual(expect.arrayContaining(['category11', 'brand1', 'content2', 'bestsellers', 'new', 'promotions']));
    expect(keys).not.toContain('content1');
  });
});

describe('listing keys', () => {
  it('differ between a category, a brand and a content of the same id', async () => {
    const { listingKey } = await import('../../../src/catalog/listing.ts');
    const keys = [
      listingKey({ kind: 'category', id: 14 }),
      listingKey({ kind: 'brand', id: 14 }),
      listingKey({ kind: 'content', id: 14, brandId: 1, categoryId: null }),
      listingKey({ kind: 'grid', type: 'new' }),
    ];
    expect(new Set(keys).size).toBe(4);
  });
});
