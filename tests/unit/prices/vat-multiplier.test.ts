import { describe, expect, it } from 'vitest';
import { decodeModes, encodeModes, modeCountries, modeTaxes, priceCents, taxesFor, vatPercent } from '../../../src/catalog/prices.ts';
import { DE_SHOP, standard } from './fixtures.ts';

describe("VAT multiplier from the selected country's percentage", () => {
  it("applies each country's own rate to the net price", () => {
    expect(priceCents('100', { taxes: taxesFor(standard, 5) })).toBe(11900);
    expect(priceCents('100', { taxes: taxesFor(standard, 13) })).toBe(12000);
    expect(priceCents('100', { taxes: taxesFor(standard, 146) })).toBe(12100);
    expect(vatPercent(taxesFor(standard, 13))).toBe(20);
  });

  it('gives every country of the shop its gross price, the default country first', () => {
    const modes = decodeModes(encodeModes({ price: '100', promoPrice: '100' }, false, modeTaxes(standard, modeCountries(DE_SHOP), null)));
    expect([...modes.keys()]).toEqual(['5', '13', 'n']);
    expect(modes.get('5')![0]).toBe(11900);
    expect(modes.get('13')![0]).toBe(12000);
  });

  it("puts the shop's own country first even when the header lists another first", () => {
    expect(modeCountries({ countryId: 13, countries: [{ id: 5 }, { id: 13 }] })).toEqual([13, 5]);
  });
});
