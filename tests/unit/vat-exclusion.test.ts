/** Who buys without VAT (docs/decisions/0006-vat-exclusion.md): src/catalog/vat-exclusion.ts. */
import { describe, expect, it } from 'vitest';
import { excludesVat, vatExclusion, vatNumberCountry } from '../../src/catalog/vat-exclusion.ts';

const company = { isCompany: true, requested: true };

describe('vatExclusion', () => {
  it("grants it to a company of another EU country than the shop's, delivered to its country", () => {
    expect(vatExclusion({ ...company, vatNumber: 'ATU13585627', shopCountry: 'DE', deliveryCountry: 'AT' })).toEqual({ excluded: true, reason: 'granted' });
    expect(excludesVat({ ...company, vatNumber: 'DE136695976', shopCountry: 'RO', deliveryCountry: 'de' })).toBe(true);
    expect(excludesVat({ ...company, vatNumber: 'EL123456789', shopCountry: 'DE', deliveryCountry: 'GR' })).toBe(true);
  });

  it('refuses it at home, for another delivery country, and without the conditions', () => {
    expect(vatExclusion({ ...company, vatNumber: 'DE136695976', shopCountry: 'DE', deliveryCountry: 'DE' }).reason).toBe('home-country');
    expect(vatExclusion({ ...company, vatNumber: 'DE136695976', shopCountry: 'AT', deliveryCountry: 'AT' }).reason).toBe('other-delivery-country');
    expect(vatExclusion({ ...company, vatNumber: 'ATU13585627', shopCountry: 'DE', deliveryCountry: 'DE' }).reason).toBe('other-delivery-country');
    expect(vatExclusion({ ...company, vatNumber: 'CHE123456789', shopCountry: 'DE', deliveryCountry: 'CH' }).reason).toBe('no-vat-number');
    expect(vatExclusion({ ...company, vatNumber: null, shopCountry: 'DE', deliveryCountry: 'AT' }).reason).toBe('no-vat-number');
    expect(vatExclusion({ isCompany: true, requested: false, vatNumber: 'ATU13585627', shopCountry: 'DE', deliveryCountry: 'AT' }).reason).toBe('not-requested');
    expect(vatExclusion({ isCompany: false, requested: true, vatNumber: 'ATU13585627', shopCountry: 'DE', deliveryCountry: 'AT' }).reason).toBe('not-company');
  });

  it("reads the member state from the VAT number's prefix", () => {
    expect(vatNumberCountry(' atu13585627')).toBe('AT');
    expect(vatNumberCountry('EL123456789')).toBe('GR');
    expect(vatNumberCountry('GB123456789')).toBeNull();
    expect(vatNumberCountry(undefined)).toBeNull();
  });
});
