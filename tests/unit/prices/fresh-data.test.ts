import { describe, expect, it } from 'vitest';
import {
  FRESH_CACHE_S,
  FreshAnswer,
  FreshCacheEntry,
  REFETCH_EVERY_S,
  STALE_AFTER_S,
  cacheKey,
  cacheUsable,
  freshShown,
  isNewer,
  productUrl,
  sellable,
  shouldFetch,
} from '../../../src/islands/product/fresh-rules.ts';
import { stockLevel } from '../../../src/catalog/stock.ts';

const variant = { id: 21, quantity: 4, is_promo: false, taxed_price: 119, taxed_promo_price: 119, list_price: 142.8 };
const answer = { status_code: 200, data: { id: 2, variants: [variant] } };

describe('fresh-data merge rules', () => {
  it('newer answer wins: by when the request was sent, not when the answer came', () => {
    expect(isNewer(2000, null)).toBe(true);
    expect(isNewer(2000, 1000)).toBe(true);
    expect(isNewer(1000, 2000)).toBe(false); // a slow earlier request answering late
    expect(isNewer(2000, 2000)).toBe(false);
  });

  it('cache 300 s: an answer is used for 300 s after its request, never one from the future', () => {
    expect(FRESH_CACHE_S).toBe(300);
    const now = 1_000_000_000;
    expect(cacheUsable({ at: now - 299_999 }, now)).toBe(true);
    expect(cacheUsable({ at: now - 300_000 }, now)).toBe(false);
    expect(cacheUsable({ at: now + 1 }, now)).toBe(false);
    expect(cacheUsable(null, now)).toBe(false);
    expect(cacheKey(2, '13')).not.toBe(cacheKey(2, 'n')); // one answer per mode
  });

  it('refetch timing: every 60 s while visible; on load and return only when 30 s old', () => {
    expect([REFETCH_EVERY_S, STALE_AFTER_S]).toEqual([60, 30]);
    const now = 1_000_000_000;
    expect(shouldFetch('timer', now - 1000, now)).toBe(true);
    expect(shouldFetch('load', null, now)).toBe(true);
    expect(shouldFetch('load', now - 29_999, now)).toBe(false);
    expect(shouldFetch('visible', now - 29_999, now)).toBe(false);
    expect(shouldFetch('visible', now - 30_000, now)).toBe(true);
    expect(shouldFetch('visible', now + 5000, now)).toBe(true); // clock went back
  });

  it('failure keeps static values: a malformed answer is not accepted', () => {
    expect(FreshAnswer.safeParse(answer).success).toBe(true);
    for (const bad of [
      { ...answer, status_code: 500 },
      { status_code: 200, data: { id: 2, variants: [{ ...variant, taxed_price: '119' }] } },
      { status_code: 200, data: { id: 2, variants: [{ ...variant, quantity: 1.5 }] } },
      { status_code: 200, data: { id: 2 } },
      { status_code: 200, data: { id: 2, variants: [{ ...variant, taxed_price: Number.NaN }] } },
      null,
      '<html>',
    ])
      expect(FreshAnswer.safeParse(bad).success).toBe(false);
    // What sessionStorage gives back goes through the same check.
    expect(FreshCacheEntry.safeParse({ at: 1, data: answer.data }).success).toBe(true);
    expect(FreshCacheEntry.safeParse({ at: '1', data: answer.data }).success).toBe(false);
  });

  it("reprices by the build's crossed-out rule and tells the stock level and sellability", () => {
    expect(freshShown(variant)).toEqual({ price: 11900, crossedOut: 14280 });
    expect(freshShown({ ...variant, is_promo: true, taxed_promo_price: 99.9 })).toEqual({ price: 9990, crossedOut: 14280 });
    expect([stockLevel(0), stockLevel(9), stockLevel(10)]).toEqual(['out', 'low', 'in']);
    expect([sellable(0, 100), sellable(1, 0), sellable(1, 100)]).toEqual([false, false, true]);
  });

  it('asks for the country and the VAT mode', () => {
    expect(productUrl(2, 13, true)).toBe('/api/products/2?country_id=13&vat_excluded=true');
  });
});
