import { describe, expect, it } from 'vitest';
import { formatMoney, priceCents, taxesFor } from '../../../src/catalog/prices.ts';
import { standard } from './fixtures.ts';

describe('2 decimals half-up', () => {
  it('rounds once, at the end, halves up', () => {
    // 0.125 net -> 0.13; 8.40 x 1.19 = 9.996 -> 10.00; 0.105 x 1.20 = 0.126 -> 0.13
    expect(priceCents('0.125', { taxes: [] })).toBe(13);
    expect(priceCents('0.124999', { taxes: [] })).toBe(12);
    expect(priceCents('8.40', { taxes: taxesFor(standard, 5) })).toBe(1000);
    expect(priceCents('0.105', { taxes: taxesFor(standard, 13) })).toBe(13);
  });

  it('always shows two decimals', () => {
    expect(formatMoney(1000, { symbol: '€', locale: 'de-DE' })).toBe('10,00 €');
    expect(formatMoney(123456, { symbol: '€', locale: 'de-AT' })).toMatch(/^1.234,56 €$/);
  });
});
