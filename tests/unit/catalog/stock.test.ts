import { describe, expect, it } from 'vitest';
import { LOW_STOCK_BELOW, stockLevel } from '../../../src/catalog/stock.ts';

describe('stock level (spec §9: below 10 the exact count)', () => {
  it('is out at 0 or less, low from 1 to 9, in from 10', () => {
    expect(LOW_STOCK_BELOW).toBe(10);
    expect([-1, 0, 1, 9, 10, 500].map(stockLevel)).toEqual(['out', 'out', 'low', 'low', 'in', 'in']);
  });
});
