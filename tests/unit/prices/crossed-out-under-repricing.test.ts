import { describe, expect, it } from 'vitest';
import { FALLBACK_LIST_FACTOR, decodeModes, encodeModes, modeCountries, modeTaxes, replaceMode, shownPrice } from '../../../src/catalog/prices.ts';
import { DE_SHOP, standard } from './fixtures.ts';

describe('crossed-out rule unchanged under repricing', () => {
  const modes = modeTaxes(standard, modeCountries(DE_SHOP), null);

  it('strikes the list price through in every mode when it exceeds the price by more than 0.01', () => {
    const m = decodeModes(encodeModes({ price: '100', promoPrice: '100', listPrice: '120' }, false, modes));
    expect(m.get('5')).toEqual([11900, 14280]);
    expect(m.get('13')).toEqual([12000, 14400]);
    expect(m.get('n')).toEqual([10000, 12000]);
  });

  it('strikes nothing through in any mode for a list price within 0.01', () => {
    const m = decodeModes(encodeModes({ price: '100', promoPrice: '100', listPrice: '100.005' }, false, modes));
    for (const [, x] of m.values()) expect(x).toBe(0);
  });

  it('uses the promo price against the regular one, or 1.16 x the price, in each mode', () => {
    const promo = decodeModes(encodeModes({ price: '100', promoPrice: '80' }, true, modes));
    expect(promo.get('13')).toEqual([9600, 12000]);
    const fallback = decodeModes(encodeModes({ price: '80', promoPrice: '80' }, true, modes));
    expect(fallback.get('5')).toEqual([9520, Math.round(9520 * FALLBACK_LIST_FACTOR)]);
    expect(fallback.get('n')).toEqual([8000, Math.round(8000 * FALLBACK_LIST_FACTOR)]);
  });

  it('keeps the other modes when one is replaced by fresh data', () => {
    const encoded = encodeModes({ price: '100', promoPrice: '100', listPrice: '120' }, false, modes);
    const next = decodeModes(replaceMode(encoded, '13', shownPrice({ price: 11000, promoPrice: 11000, listPrice: 14400 }, false)));
    expect(next.get('13')).toEqual([11000, 14400]);
    expect(next.get('5')).toEqual([11900, 14280]);
  });
});
