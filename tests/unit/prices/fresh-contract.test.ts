import { describe, expect, it } from 'vitest';
import { ProductResponse } from '../../../src/api/contract/order.ts';
import { ENDPOINTS } from '../../../src/api/contract/paths.ts';
import { FreshAnswer, PRODUCT_PATH } from '../../../src/islands/product/fresh-rules.ts';

const pse = {
  id: 21,
  product_id: 2,
  ref: 'R-21',
  quantity: 4,
  is_promo: false,
  country_id: 13,
  vat_percent: 20,
  price: 99.17,
  promo_price: 99.17,
  taxed_price: 119,
  taxed_promo_price: 119,
  best_taxed_price: 119,
  list_price: null,
  quantity_step: 1,
  fulfilment: [],
};
const answer = { status_code: 200, data: { id: 2, ref: 'R-2', title: 'Jacke', variants: [pse] } };

describe("the product page's zod/mini answer schema follows the contract", () => {
  it("calls the contract's path", () => {
    expect(ENDPOINTS.product.path).toBe(PRODUCT_PATH);
    expect(ENDPOINTS.product.method).toBe('GET');
  });

  it('accepts what the contract accepts and keeps the same values', () => {
    const full = ProductResponse.parse(answer);
    const mini = FreshAnswer.parse(answer);
    expect(mini.data.variants[0]).toEqual({
      id: full.data.variants[0]!.id,
      quantity: full.data.variants[0]!.quantity,
      is_promo: full.data.variants[0]!.is_promo,
      taxed_price: full.data.variants[0]!.taxed_price,
      taxed_promo_price: full.data.variants[0]!.taxed_promo_price,
      list_price: full.data.variants[0]!.list_price,
    });
  });

  it('rejects what the contract rejects in the fields it reads', () => {
    const broken = (patch: Record<string, unknown>) => ({ ...answer, data: { ...answer.data, variants: [{ ...pse, ...patch }] } });
    for (const patch of [{ id: 'x' }, { quantity: 2.5 }, { is_promo: 1 }, { taxed_price: '119' }, { taxed_promo_price: null }, { list_price: '1' }]) {
      expect(ProductResponse.safeParse(broken(patch)).success, JSON.stringify(patch)).toBe(false);
      expect(FreshAnswer.safeParse(broken(patch)).success, JSON.stringify(patch)).toBe(false);
    }
  });
});
