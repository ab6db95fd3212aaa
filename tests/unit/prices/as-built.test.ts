/**
 * The chrome's first price pass (islands/prices.ts startPrices): a page still shows what the build
 * wrote, each price's first mode. A shopper in that mode costs no rewrite and no number formatting;
 * any other mode is written. Later passes (a country change) always write.
 */
import { describe, expect, it } from 'vitest';
import { renderPrice } from '../../../src/islands/prices.ts';

const money = { symbol: '€', format: '%n %s', locale: 'de-DE' };
/** A price element as the build writes it (no crossed-out price), recording what is written. */
function priceElement(pm: string, text: string) {
  const amount = { textContent: text };
  const classes = new Set<string>();
  const el = {
    dataset: { pm },
    querySelector: (sel: string) => (sel === '[data-price]' ? amount : null),
    classList: { toggle: (c: string, on: boolean) => (on ? classes.add(c) : classes.delete(c)) },
  };
  return { el: el as unknown as HTMLElement, amount, classes };
}

describe('renderPrice as built', () => {
  const pm = '5:11900,13:12000,n:10000';
  it('leaves a price in the build’s mode alone', () => {
    // The text is deliberately not the amount: untouched means not even formatted and compared.
    const p = priceElement(pm, 'as built');
    renderPrice(p.el, money, { country: '5', excludeVAT: false }, true);
    expect(p.amount.textContent).toBe('as built');
    renderPrice(p.el, money, { country: '', excludeVAT: false }, true);
    expect(p.amount.textContent).toBe('as built');
  });
  it('writes a price in another country or net', () => {
    const at = priceElement(pm, 'as built');
    renderPrice(at.el, money, { country: '13', excludeVAT: false }, true);
    expect(at.amount.textContent).toBe('120,00 €');
    const net = priceElement(pm, 'as built');
    renderPrice(net.el, money, { country: '5', excludeVAT: true }, true);
    expect(net.amount.textContent).toBe('100,00 €');
  });
  it('writes the build’s mode too once the page has changed (back to the first country)', () => {
    const p = priceElement(pm, '120,00 €');
    renderPrice(p.el, money, { country: '5', excludeVAT: false });
    expect(p.amount.textContent).toBe('119,00 €');
  });
});
