import { describe, expect, it } from 'vitest';
import { decodeModes, pickMode, pickPrice } from '../../../src/catalog/prices.ts';
import { listingInMode, queryListing, defaultState, type ListingData, type ListingItem } from '../../../src/catalog/listing-engine.ts';

describe('the picker of amounts for a country/VAT mode', () => {
  const encoded = '5:11900:14280,13:12000:14400,n:10000:12000';

  it('picks the selected country, net when VAT is excluded, the shop default otherwise', () => {
    expect(pickPrice(encoded, '13', false)).toEqual({ price: 12000, crossedOut: 14400 });
    expect(pickPrice(encoded, '5', false)).toEqual({ price: 11900, crossedOut: 14280 });
    expect(pickPrice(encoded, '5', true)).toEqual({ price: 10000, crossedOut: 12000 });
    expect(pickPrice(encoded, '', false)!.price).toBe(11900);
    expect(pickPrice(encoded, '146', false)!.price).toBe(11900); // not a country of this shop
  });

  it('reads a price without a crossed-out part and drops malformed parts', () => {
    expect(pickPrice('5:999,13:1007', '13', false)).toEqual({ price: 1007, crossedOut: null });
    expect([...decodeModes('5:abc,13:1007,:5,n:-1,x').keys()]).toEqual(['13']);
    expect(pickPrice('', '5', false)).toBeNull();
    expect(pickPrice(undefined, '5', true)).toBeNull();
  });

  it('falls back to the first mode when net is missing', () => {
    expect(pickMode(new Map([['5', 1]]), '5', true)).toBe('5');
  });

  it('sorts and filters a listing by the prices the mode shows', () => {
    const item = (id: number, m: string): ListingItem => ({
      id,
      t: `p${id}`,
      u: `/p${id}`,
      i: -1,
      p: Number(m.split(':')[1]),
      x: 0,
      s: 0,
      c: 0,
      a: 1,
      b: 0,
      k: [],
      f: [],
      g: 0,
      m,
    });
    // Product 2 is zero-rated in Germany: cheaper there, dearer in Austria.
    const data: ListingData = { v: 1, key: 'c1', items: [item(1, '5:1050,13:1060,n:882'), item(2, '5:1000,13:1200,n:1000')], brands: [], subs: [], feats: [], fv: [], imgs: [] };
    const asc = { ...defaultState(), sort: 'price-asc' as const };
    expect(queryListing(listingInMode(data, '5', false), asc).items.map((i) => i.id)).toEqual([2, 1]);
    expect(queryListing(listingInMode(data, '13', false), asc).items.map((i) => i.id)).toEqual([1, 2]);
    expect(queryListing(listingInMode(data, '13', false), { ...defaultState(), max: 11 }).items.map((i) => [i.id, i.p])).toEqual([[1, 1060]]);
    expect(queryListing(listingInMode(data, '13', true), { ...defaultState(), max: 9 }).items.map((i) => [i.id, i.p])).toEqual([[1, 882]]);
  });
});
