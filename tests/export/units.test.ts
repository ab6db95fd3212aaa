/** Unit tests of the exporter's pure parts: decimals, prices, taxes, i18n fallback, tree, progress. */
import { describe, expect, it } from 'vitest';
import { formatDecimal, mulDiv, normalizeDecimal, parseDecimal } from '../../src/catalog/decimal.ts';
import { localize, localizeString, localizeTexts } from '../../scripts/export/i18n.ts';
import type { Languages } from '../../scripts/export/languages.ts';
import { parseLocales } from '../../scripts/export/languages.ts';
import { variantPrices, type Currencies } from '../../scripts/export/prices.ts';
import { createReporter } from '../../scripts/export/progress.ts';
import { decodeTax, grossPrice } from '../../scripts/export/taxes.ts';
import { buildTree } from '../../scripts/export/tree.ts';
import { slugify } from '../../scripts/export/urls.ts';
import { toIso, parseOffset } from '../../scripts/export/dates.ts';
import { guessKind } from '../../scripts/export/products.ts';
import { TaxRule } from '../../src/catalog/export-schema.ts';

describe('decimal', () => {
  it('parses and formats exactly', () => {
    expect(formatDecimal(parseDecimal('12.5')!)).toBe('12.500000');
    expect(formatDecimal(parseDecimal('-3')!)).toBe('-3.000000');
    expect(normalizeDecimal('0.1234565')).toBe('0.123457'); // half away from zero
    expect(normalizeDecimal('-0.1234565')).toBe('-0.123457');
    expect(normalizeDecimal(19.6)).toBe('19.600000');
    expect(normalizeDecimal('abc')).toBeNull();
    expect(normalizeDecimal('')).toBeNull();
  });
  it('multiplies by a rate without float error', () => {
    // 0.1 + 0.2 style errors never appear: 12345.67 × 4.9735 / 1
    expect(formatDecimal(mulDiv(parseDecimal('12345.67')!, parseDecimal('4.9735')!, parseDecimal('1')!))).toBe('61401.189745');
    expect(formatDecimal(mulDiv(parseDecimal('10')!, parseDecimal('1')!, parseDecimal('3')!))).toBe('3.333333');
    expect(formatDecimal(mulDiv(parseDecimal('20')!, parseDecimal('1')!, parseDecimal('3')!))).toBe('6.666667');
  });
});

const currencies: Currencies = {
  list: [
    { id: 1, code: 'EUR', rate: parseDecimal('1')!, isDefault: true },
    { id: 2, code: 'USD', rate: parseDecimal('1.26')!, isDefault: false },
    { id: 3, code: 'RON', rate: parseDecimal('4.9735')!, isDefault: false },
  ],
  default: { id: 1, code: 'EUR', rate: parseDecimal('1')!, isDefault: true },
  documents: [],
};
const price = (currency_id: number, p: string, promo: string, fromDefault = 0) => ({
  product_sale_elements_id: 1,
  currency_id,
  price: p,
  promo_price: promo,
  from_default_currency: fromDefault,
});

describe('prices (ProductSaleElements::getPricesByCurrency)', () => {
  it('uses the row of the currency, else the default price times the rate', () => {
    const result = variantPrices([price(1, '20.000000', '15.000000'), price(2, '25.000000', '19.000000'), price(3, '1.000000', '1.000000', 1)], currencies);
    expect(result).toEqual({
      ok: true,
      prices: {
        EUR: { price: '20.000000', promoPrice: '15.000000' },
        USD: { price: '25.000000', promoPrice: '19.000000' },
        RON: { price: '99.470000', promoPrice: '74.602500' },
      },
    });
  });
  it('fails without a default-currency price', () => {
    expect(variantPrices([price(2, '25', '25')], currencies)).toEqual({ ok: false, reason: 'no price in the default currency EUR' });
  });
  it('divides by the default rate when it is not 1', () => {
    const other: Currencies = { ...currencies, default: { ...currencies.list[0]!, rate: parseDecimal('2')! } };
    other.list = [other.default, currencies.list[1]!];
    const result = variantPrices([price(1, '10', '10')], other);
    expect(result.ok && result.prices.USD).toEqual({ price: '6.300000', promoPrice: '6.300000' });
  });
});

describe('taxes (TaxEngine\\Calculator)', () => {
  it('decodes base64 JSON requirements', () => {
    expect(decodeTax('Thelia\\TaxEngine\\TaxType\\PricePercentTaxType', 'eyJwZXJjZW50IjoiMjAifQ==', 1)).toEqual({ type: 'percent', position: 1, percent: '20.000000' });
    expect(decodeTax('Thelia\\TaxEngine\\TaxType\\FixAmountTaxType', Buffer.from('{"amount":1.5}').toString('base64'), 2)).toEqual({
      type: 'amount',
      position: 2,
      amount: '1.500000',
    });
    expect(decodeTax('Thelia\\TaxEngine\\TaxType\\FeatureFixAmountTaxType', Buffer.from('{"feature":3,"lang":1}').toString('base64'), 1)).toMatch(/unsupported/);
    expect(decodeTax('MyModule\\Tax\\Special', Buffer.from('{}').toString('base64'), 1)).toMatch(/not one of Thelia's core types/);
    expect(decodeTax('Thelia\\TaxEngine\\TaxType\\PricePercentTaxType', '!!!', 1)).toMatch(/not base64 JSON/);
  });

  it('gives the compounded gross of an exported rule with two positions', () => {
    // a rule as the exporter writes it: 10% and 2.00 at position 1 (same base), 20% at position 2 (on the total)
    const rule = TaxRule.parse({
      id: 1,
      countries: [
        {
          countryId: 5,
          taxes: [
            { type: 'percent', position: 1, percent: '10.000000' },
            { type: 'amount', position: 1, amount: '2.000000' },
            { type: 'percent', position: 2, percent: '20.000000' },
          ],
        },
      ],
    });
    // position 1: 100 × 10% + 2 = 12 on base 100 -> 112; position 2: 112 × 20% = 22.4 -> 134.4
    expect(grossPrice('100', rule.countries[0]!.taxes)).toBe('134.400000');
    // not the same as adding the rates (100 × 1.3 + 2 = 132)
    expect(grossPrice('100', rule.countries[0]!.taxes)).not.toBe('132.000000');
    // the order in the file does not matter, the position does
    expect(grossPrice('100', [...rule.countries[0]!.taxes].reverse())).toBe('134.400000');
    expect(grossPrice('19.99', [{ type: 'percent', position: 1, percent: '19.000000' }])).toBe('23.788100');
    expect(grossPrice('50', [])).toBe('50.000000');
  });
});

const langs: Languages = {
  mappings: parseLocales('de_DE,de_AT,ro_RO'),
  fallback: 'de_DE',
  strict: false,
  defaultLocale: 'de_DE',
  theliaLocales: ['de_DE', 'de_AT', 'ro_RO'],
  codes: new Map(),
};
const rows = (entries: Record<string, Record<string, string | null>>) => new Map(Object.entries(entries));

describe('i18n fallback', () => {
  it('falls back on NULL, column by column, and never on an empty string', () => {
    const r = localizeTexts(rows({ de_DE: { title: 'Hemd', chapo: 'Kurz', description: 'Lang' }, de_AT: { title: null, chapo: '', description: null } }), langs);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.de_AT).toMatchObject({ title: 'Hemd', chapo: '', description: 'Lang' });
    expect(r.value.ro_RO).toMatchObject({ title: 'Hemd', chapo: 'Kurz' }); // no row: all from de_DE
  });
  it('leaves out an item with a row in neither locale, or without a title', () => {
    expect(localizeTexts(rows({ en_US: { title: 'Shirt' } }), langs)).toMatchObject({ ok: false, missing: ['de_DE', 'de_AT', 'ro_RO'] });
    expect(localizeTexts(rows({ de_DE: { title: null } }), langs)).toMatchObject({ ok: false, untitled: ['de_DE', 'de_AT', 'ro_RO'] });
  });
  it('does not fall back in strict mode', () => {
    const strict = { ...langs, strict: true };
    const r = localize(rows({ de_DE: { title: 'Hemd' }, ro_RO: { title: null } }), strict, (col) => col('title'));
    expect(r).toEqual({ ok: false, missing: ['de_AT'] });
    expect(localizeString(rows({ de_DE: { title: 'Hemd' }, ro_RO: { title: null } }), strict)).toEqual({ de_DE: 'Hemd' });
  });
  it('reads another Thelia language for a locale with --locales de_AT=de_DE', () => {
    const mapped = { ...langs, mappings: parseLocales('de_DE,de_AT=de_DE'), theliaLocales: ['de_DE'] };
    expect(localizeString(rows({ de_DE: { title: 'Hemd' } }), mapped)).toEqual({ de_DE: 'Hemd', de_AT: 'Hemd' });
    expect(() => parseLocales('fr_FR')).toThrow(/not a locale of the export/);
  });
});

describe('category tree', () => {
  it('orders depth-first by position and re-attaches orphans and cycles at the root, hidden', () => {
    const orphans: number[] = [];
    const tree = buildTree(
      [
        { id: 1, parent: 0, visible: true, position: 2 },
        { id: 2, parent: 0, visible: false, position: 1 },
        { id: 3, parent: 2, visible: true, position: 1 },
        { id: 4, parent: 1, visible: true, position: 1 },
        { id: 5, parent: 99, visible: true, position: 1 },
        { id: 6, parent: 7, visible: true, position: 1 },
        { id: 7, parent: 6, visible: true, position: 1 },
      ],
      (node) => orphans.push(node.id),
    );
    expect(tree.map((n) => [n.id, n.parent, n.visible, n.hiddenBranch])).toEqual([
      [2, 0, false, true],
      [3, 2, true, true],
      [1, 0, true, false],
      [4, 1, true, false],
      [5, 0, false, true],
      [6, 0, false, true],
      [7, 6, true, true],
    ]);
    expect(orphans).toEqual([5, 6]);
  });
  it('handles a deep tree without recursion', () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => ({ id: i + 1, parent: i, visible: true, position: 0 }));
    expect(buildTree(rows, () => undefined).at(-1)).toMatchObject({ id: 20_000, depth: 19_999 });
  });
});

describe('small helpers', () => {
  it('slugifies titles', () => {
    expect(slugify('Größe & Farbe: Übergröße')).toBe('grosse-farbe-ubergrosse');
    expect(slugify('Îmbrăcăminte bărbați')).toBe('imbracaminte-barbati');
    expect(slugify('***')).toBe('');
  });
  it('dates get the given offset; zero dates are null', () => {
    expect(toIso('2024-05-06 07:08:09', parseOffset('+01:00'))).toBe('2024-05-06T07:08:09+01:00');
    expect(toIso('2024-05-06 07:08:09', parseOffset(undefined))).toBe('2024-05-06T07:08:09Z');
    expect(toIso('0000-00-00 00:00:00', 'Z')).toBeNull();
    expect(() => parseOffset('Europe/Berlin')).toThrow();
  });
  it('guesses attribute kinds from titles', () => {
    expect(guessKind(['Farbe', 'Culoare'])).toBe('color');
    expect(guessKind(['Mărime'])).toBe('size');
    expect(guessKind(['Material'])).toBe('other');
  });
});

describe('progress', () => {
  const sink = (isTTY: boolean) => {
    const chunks: string[] = [];
    return { chunks, out: { isTTY, columns: 80, write: (s: string) => (chunks.push(s), true) } as unknown as NodeJS.WritableStream & { isTTY: boolean } };
  };
  it('prints plain lines every N items when not on a terminal', () => {
    const { chunks, out } = sink(false);
    const r = createReporter({ out, every: 1000 });
    for (let i = 0; i <= 2500; i += 500) r.progress('products', i, 2500);
    r.done('products', 2500, 'exported');
    expect(chunks.join('')).not.toContain('\r');
    expect(chunks.filter((c) => c.startsWith('products: ') && c.includes('/2500'))).toHaveLength(3);
  });
  it('updates one line on a terminal, and keeps warnings above it', () => {
    const { chunks, out } = sink(true);
    const r = createReporter({ out });
    r.progress('products', 10, 100);
    r.warn('x', 'something');
    const text = chunks.join('');
    expect(text).toContain('\r\x1b[K');
    expect(text).toMatch(/warning: something\n.*products: 10\/100/s);
  });
  it('counts warnings and caps the lines per kind', () => {
    const { chunks, out } = sink(false);
    const r = createReporter({ out });
    for (let i = 0; i < 60; i++) r.warn('media', `file ${i}`);
    expect(r.warnings().get('media')).toBe(60);
    expect(chunks.filter((c) => c.startsWith('warning: file'))).toHaveLength(50);
  });
});
