import { describe, expect, it } from 'vitest';
import { decodeModes, encodeModes, isZeroRated, modeCountries, modeTaxes } from '../../../src/catalog/prices.ts';
import { DE_SHOP, standard } from './fixtures.ts';

describe('zero-VAT category -> net in the flagged country only', () => {
  it('flags a product when any of its categories is on the list', () => {
    expect(isZeroRated([3, 36], [36])).toBe(true);
    expect(isZeroRated([3, 37], [36])).toBe(false);
    expect(isZeroRated([36], [])).toBe(false);
  });

  it("prices net in the shop's country and gross in the other countries", () => {
    const modes = decodeModes(encodeModes({ price: '100', promoPrice: '100' }, false, modeTaxes(standard, modeCountries(DE_SHOP), 5)));
    expect(modes.get('5')![0]).toBe(10000);
    expect(modes.get('13')![0]).toBe(12000);
    expect(modes.get('n')![0]).toBe(10000);
  });
});

describe('zero-VAT categories configured for a shop (SHOP_ZERO_VAT_CATEGORIES)', () => {
  it("replaces the named shop's list only, and refuses a malformed value", async () => {
    const { getShop, withZeroVatOverride } = await import('../../../src/shops/index.ts');
    const de = getShop('de');
    expect(withZeroVatOverride(de, 'de:36,37;at:12').zeroVatCategories).toEqual([36, 37]);
    expect(withZeroVatOverride(de, 'at:12').zeroVatCategories).toEqual(de.zeroVatCategories);
    expect(withZeroVatOverride(de, undefined)).toBe(de);
    expect(() => withZeroVatOverride(de, 'de:x')).toThrow(/SHOP_ZERO_VAT_CATEGORIES/);
    expect(() => withZeroVatOverride(de, 'xx:1')).toThrow(/SHOP_ZERO_VAT_CATEGORIES/);
  });
});
