/** The budget gate's verdict (scripts/lib/page-metrics.ts): figures against a page type's budgets. */
import { describe, expect, it } from 'vitest';
import { PAGE_TYPES } from '../../../scripts/lib/page-budgets.ts';
import { overBudget } from '../../../scripts/lib/page-metrics.ts';

const within = {
  url: 'http://de.localhost/cart',
  status: 200,
  jsBytes: 1024,
  cssBytes: 0,
  htmlBytes: 1024,
  htmlRawBytes: 4096,
  requestsBeforePaint: 3,
  renderBlocking: [],
  badImages: [],
  layoutShift: 0,
  shifts: [],
  thirdParty: [],
  files: [],
  firstPaintMs: 100,
};

describe('overBudget', () => {
  it('passes figures within every budget', () => {
    expect(overBudget(within, PAGE_TYPES.cart)).toEqual([]);
  });

  it.each([
    [0.00001, 0],
    [0.00004, 0],
    // The cart's shipment amount replacing its spinner at 390 px (CLS 0.001 in Lighthouse).
    [0.00035, 1],
    [0.002, 1],
  ])('a layout shift of %f on a page allowed none gives %i finding(s)', (shift, findings) => {
    const over = overBudget({ ...within, layoutShift: shift, shifts: [`${shift} dd`] }, PAGE_TYPES.cart);
    expect(over).toHaveLength(findings);
    if (findings) expect(over[0]).toMatch(/^layout shift .*budget 0: .* dd$/);
  });

  it('names the figure and the budget of what is over', () => {
    const over = overBudget({ ...within, jsBytes: (PAGE_TYPES.cart.jsKB + 1) * 1024 }, PAGE_TYPES.cart);
    expect(over).toEqual([`JS before interaction (compressed) ${(PAGE_TYPES.cart.jsKB + 1).toFixed(1)} KB is over its budget of ${PAGE_TYPES.cart.jsKB} KB`]);
  });
});
