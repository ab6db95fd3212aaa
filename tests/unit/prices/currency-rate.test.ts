import { describe, expect, it } from 'vitest';
import { decodeModes, encodeModes, formatMoney, priceCents, taxesFor } from '../../../src/catalog/prices.ts';
import { standard } from './fixtures.ts';

describe('currency rate applied', () => {
  it('converts after taxes with the currency rate (RON 4.97)', () => {
    expect(priceCents('100', { taxes: [], rate: '4.970000' })).toBe(49700);
    expect(priceCents('100', { taxes: taxesFor(standard, 146), rate: '4.97' })).toBe(60137);
  });

  it('converts every mode of an encoded price', () => {
    const modes = decodeModes(
      encodeModes(
        { price: '10', promoPrice: '10' },
        false,
        [
          ['146', taxesFor(standard, 146)],
          ['n', []],
        ],
        '4.97',
      ),
    );
    expect(modes.get('146')![0]).toBe(6014);
    expect(modes.get('n')![0]).toBe(4970);
  });

  it("writes the currency's symbol by its format", () => {
    expect(formatMoney(6014, { symbol: 'lei', format: '%n %s', locale: 'ro-RO' })).toBe('60,14 lei');
    expect(formatMoney(6014, { symbol: '€', format: '%s%n', locale: 'de-DE' })).toBe('€60,14');
  });
});
