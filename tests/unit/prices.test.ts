import { describe, expect, it } from 'vitest';
import { allShops } from '../../src/shops/index.ts';
import {
  applyTaxes,
  formatAmount,
  formatMoney,
  MONEY_SEPARATORS,
  isSellable,
  microsToCents,
  orderTotal,
  priceCents,
  shownPrice,
  taxesFor,
  toMicros,
  vatPercent,
  couponDiscountCents,
} from '../../src/catalog/prices.ts';
import type { TaxRule } from '../../src/catalog/export-schema.ts';
import { standard } from './prices/fixtures.ts';

describe('decimal amounts', () => {
  it('parses decimal strings into micro-units without floats', () => {
    expect(toMicros('12.5')).toBe(12_500_000n);
    expect(toMicros('0.000001')).toBe(1n);
    expect(toMicros('-3')).toBe(-3_000_000n);
    expect(() => toMicros('1e3')).toThrow(/not a decimal/);
  });
  it('rounds half up to cents', () => {
    expect(microsToCents(12_345_000n)).toBe(1235);
    expect(microsToCents(12_344_999n)).toBe(1234);
  });
});

describe('gross prices per country', () => {
  it('Germany adds 19%, Austria 20%, Romania 21%', () => {
    expect(priceCents('10.000000', { taxes: taxesFor(standard, 5) })).toBe(1190);
    expect(priceCents('10.000000', { taxes: taxesFor(standard, 13) })).toBe(1200);
    expect(priceCents('10.000000', { taxes: taxesFor(standard, 146) })).toBe(1210);
  });
  it('a country without rows pays no tax', () => {
    expect(taxesFor(standard, 64)).toEqual([]);
    expect(priceCents('10', { taxes: [] })).toBe(1000);
  });
  it('rounds to 2 decimals once, at the end', () => {
    // 8.403361 * 1.19 = 9.99999959 -> 10.00
    expect(priceCents('8.403361', { taxes: taxesFor(standard, 5) })).toBe(1000);
    expect(priceCents('0.01', { taxes: taxesFor(standard, 146) })).toBe(1);
  });
  it('applies the currency rate as a decimal', () => {
    expect(priceCents('10', { taxes: taxesFor(standard, 146), rate: '4.970000' })).toBe(6014);
  });
  it('taxes at one position share a base; a later position compounds', () => {
    const same = applyTaxes(toMicros('100'), [
      { type: 'percent', position: 1, percent: '10' },
      { type: 'percent', position: 1, percent: '5' },
    ]);
    expect(same).toBe(toMicros('115'));
    const compounded = applyTaxes(toMicros('100'), [
      { type: 'amount', position: 1, amount: '0.50' },
      { type: 'percent', position: 2, percent: '20' },
    ]);
    expect(compounded).toBe(toMicros('120.6'));
  });
  it('state rows win over country rows when the state has any', () => {
    const rule: TaxRule = {
      id: 9,
      isDefault: false,
      title: {},
      countries: [
        { countryId: 5, stateId: null, taxes: [{ type: 'percent', position: 1, percent: '19' }] },
        { countryId: 5, stateId: 7, taxes: [{ type: 'percent', position: 1, percent: '7' }] },
      ],
    };
    expect(vatPercent(taxesFor(rule, 5, 7))).toBe(7);
    expect(vatPercent(taxesFor(rule, 5, 8))).toBe(19);
  });
});

describe('shown and crossed-out prices', () => {
  it('strikes the list price through when it exceeds the price by more than 0.01', () => {
    expect(shownPrice({ price: 1000, promoPrice: 1000, listPrice: 1200 }, false)).toEqual({ price: 1000, crossedOut: 1200 });
    expect(shownPrice({ price: 1000, promoPrice: 1000, listPrice: 1001 }, false)).toEqual({ price: 1000, crossedOut: null });
  });
  it('a promotion shows the promo price against the regular price', () => {
    expect(shownPrice({ price: 1000, promoPrice: 800 }, true)).toEqual({ price: 800, crossedOut: 1000 });
  });
  it('a promotion without a higher price falls back to 1.16 x price', () => {
    expect(shownPrice({ price: 1000, promoPrice: 1000 }, true)).toEqual({ price: 1000, crossedOut: 1160 });
  });
  it('a product is sellable only with a non-zero price or list price', () => {
    expect(isSellable({ price: 0, promoPrice: 0 }, false)).toBe(false);
    expect(isSellable({ price: 0, promoPrice: 0, listPrice: 500 }, false)).toBe(true);
    expect(isSellable({ price: 100, promoPrice: 0 }, true)).toBe(false);
  });
});

describe('totals and formatting', () => {
  it('total = goods + shipment - discount', () => {
    expect(orderTotal(10_000, 490, 1_000)).toBe(9_490);
    expect(orderTotal(100, 0, 500)).toBe(0);
  });
  it('formats with two decimals in the shop language', () => {
    expect(formatMoney(123456, { symbol: '€', locale: 'de-DE' })).toBe('1.234,56 €');
    expect(formatMoney(5, { symbol: 'lei', locale: 'ro-RO' })).toBe('0,05 lei');
  });
  it('formats every shop locale as Intl.NumberFormat does, without Intl', () => {
    for (const shop of allShops()) expect(Object.keys(MONEY_SEPARATORS)).toContain(shop.hreflang);
    const amounts = [0, 1, 5, 99, 100, 101, 999, 1000, 99_999, 100_000, 123_456, 1_000_000, 99_999_999, 123_456_789_012, -1, -99, -123_456, 1234.5, 1234.49, -1234.5];
    for (let i = 0; i < 2000; i++) amounts.push(Math.floor(Math.random() * 10 ** Math.floor(Math.random() * 12)));
    for (const locale of Object.keys(MONEY_SEPARATORS)) {
      const nf = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      for (const cents of amounts) expect(`${cents}: ${formatAmount(cents, locale)}`).toBe(`${cents}: ${nf.format(cents / 100)}`);
    }
    // Another locale: Intl's own.
    expect(formatAmount(123_456, 'en-US')).toBe('1,234.56');
  });
});

describe('couponDiscountCents', () => {
  it('takes a percentage of the goods, rounded half-up', () => {
    expect(couponDiscountCents(10_000, { type: 'percent', amount: '10' })).toBe(1000);
    expect(couponDiscountCents(1005, { type: 'percent', amount: '10' })).toBe(101);
    expect(couponDiscountCents(999, { type: 'percent', amount: '12.5' })).toBe(125);
  });
  it('takes a fixed amount, never more than the goods', () => {
    expect(couponDiscountCents(10_000, { type: 'amount', amount: '5' })).toBe(500);
    expect(couponDiscountCents(300, { type: 'amount', amount: '5.00' })).toBe(300);
    expect(couponDiscountCents(0, { type: 'amount', amount: '5' })).toBe(0);
  });
});
