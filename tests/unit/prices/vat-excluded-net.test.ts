import { describe, expect, it } from 'vitest';
import { NET_MODE, encodeModes, modeCountries, modeTaxes, pickPrice } from '../../../src/catalog/prices.ts';
import { DE_SHOP, standard } from './fixtures.ts';

describe('VAT excluded -> net', () => {
  const encoded = encodeModes({ price: '84.03', promoPrice: '84.03' }, false, modeTaxes(standard, modeCountries(DE_SHOP), null));

  it('has a net mode without taxes', () => {
    expect(modeTaxes(standard, [5, 13], null).at(-1)).toEqual([NET_MODE, []]);
    expect(pickPrice(encoded, '5', true)).toEqual({ price: 8403, crossedOut: null });
  });

  it('shows net whatever country is selected, and gross again when the exclusion ends', () => {
    expect(pickPrice(encoded, '13', true)!.price).toBe(8403);
    expect(pickPrice(encoded, '', true)!.price).toBe(8403);
    expect(pickPrice(encoded, '5', false)!.price).toBe(10000);
  });
});
