/** The quantity step (spec §5): one rule, src/catalog/quantity.ts, used by the cart store, the /cart page, the product page and the shop API. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stepQuantity } from '../../src/catalog/quantity.ts';
import { stepQuantity as fromStore } from '../../src/stores/cart.ts';

describe('stepQuantity', () => {
  it('keeps multiples of the step and raises anything in between to the next one', () => {
    expect(stepQuantity(10, 5)).toEqual({ quantity: 10, adjusted: false });
    expect(stepQuantity(11, 5)).toEqual({ quantity: 15, adjusted: true });
    expect(stepQuantity(1, 5)).toEqual({ quantity: 5, adjusted: true });
    expect(stepQuantity(3)).toEqual({ quantity: 3, adjusted: false });
    expect(stepQuantity(2.2, 1)).toEqual({ quantity: 3, adjusted: true });
    expect(stepQuantity('12', 4)).toEqual({ quantity: 12, adjusted: false });
  });

  it('turns anything unusable into one step', () => {
    for (const wanted of [0, -3, NaN, Infinity, 'abc', '', null, undefined]) expect(stepQuantity(wanted, 6)).toEqual({ quantity: 6, adjusted: true });
    expect(stepQuantity(7, 0)).toEqual({ quantity: 7, adjusted: false });
    expect(stepQuantity(7, 2.5)).toEqual({ quantity: 7, adjusted: false });
  });

  it("is the one rule: the cart store re-exports it and the server's cart writes import it", () => {
    expect(fromStore).toBe(stepQuantity);
    const server = readFileSync(join(import.meta.dirname, '../../server/services/cart-edit.ts'), 'utf8');
    expect(server).toMatch(/import \{ stepQuantity \} from '..\/..\/src\/catalog\/quantity.ts'/);
    expect(server).not.toMatch(/Math\.ceil\(quantity \/ step\)/);
  });
});
