import { describe, expect, it } from 'vitest';
import {
  adventVisibility,
  cartLinkName,
  countryPickerState,
  formatCartCount,
  isCheckoutPath,
  isReturnLocation,
  newsletterUrl,
  salesBarVisible,
} from '../../../src/catalog/site-rules.ts';

describe('cart count', () => {
  it.each([
    [0, '0', false, true],
    [1, '1', false, false],
    [99, '99', false, false],
    [100, '100', true, false],
    [999, '999', true, false],
    [1000, '1k', true, false],
    [1999, '1k', true, false],
    [12_345, '12k', true, false],
  ])('%i -> %s', (n, text, small, hidden) => {
    expect(formatCartCount(n)).toEqual({ text, small, hidden });
  });
  it('treats nonsense as 0', () => {
    expect(formatCartCount(Number.NaN).text).toBe('0');
    expect(formatCartCount(-3).hidden).toBe(true);
  });
  it.each([
    [0, 'Warenkorb'],
    [3, 'Warenkorb: 3'],
    [1500, 'Warenkorb: 1k'],
  ])("the link named for %i items: %s (the badge's text a word of the name, no parentheses)", (n, name) => {
    const count = formatCartCount(n);
    expect(cartLinkName('Warenkorb', count)).toBe(name);
    expect(name.split(/\W+/)).toContain(count.hidden ? 'Warenkorb' : count.text);
  });
});

describe('advent visibility', () => {
  const base = { adventActive: true, displayAdvent: true, path: '/' };
  it('banner below 1200 px with the advent flag', () => {
    expect(adventVisibility({ ...base, width: 1199 }).banner).toBe(true);
    expect(adventVisibility({ ...base, width: 1200 }).banner).toBe(false);
    expect(adventVisibility({ ...base, adventActive: false, width: 390 }).banner).toBe(false);
  });
  it('header button with displayAdvent, width >= 1200, not on the page', () => {
    expect(adventVisibility({ ...base, width: 1200 }).button).toBe(true);
    expect(adventVisibility({ ...base, width: 1199 }).button).toBe(false);
    expect(adventVisibility({ ...base, displayAdvent: false, width: 1280 }).button).toBe(false);
    expect(adventVisibility({ ...base, path: '/advent-calendar', width: 1280 }).button).toBe(false);
    expect(adventVisibility({ ...base, path: '/advent-calendar.html', width: 1280 }).button).toBe(false);
    // ... nor at the calendar's translated slug (the content's own URL)
    expect(adventVisibility({ ...base, path: '/adventskalender.html', pagePath: '/adventskalender.html', width: 1280 }).button).toBe(false);
    expect(adventVisibility({ ...base, path: '/agb.html', pagePath: '/adventskalender.html', width: 1280 }).button).toBe(true);
  });
});

describe('sales bar', () => {
  const on = { moduleActive: true, active: true, dismissed: false, hasMessage: true };
  it('is visible by default', () => expect(salesBarVisible(on)).toBe(true));
  it('is hidden when the module is inactive', () => expect(salesBarVisible({ ...on, moduleActive: false })).toBe(false));
  it('is hidden when salesbar_active is false', () => expect(salesBarVisible({ ...on, active: false })).toBe(false));
  it('is hidden once dismissed', () => expect(salesBarVisible({ ...on, dismissed: true })).toBe(false));
});

describe('country dropdown', () => {
  it('single country: static flag', () => expect(countryPickerState({ countries: 1, path: '/', excludeVAT: false })).toBe('static-flag'));
  it('several countries: enabled', () => expect(countryPickerState({ countries: 2, path: '/x.html', excludeVAT: false })).toBe('enabled'));
  it('disabled on checkout', () => expect(countryPickerState({ countries: 2, path: '/checkout', excludeVAT: false })).toBe('disabled'));
  it('VAT exclusion: fixed VAT 0% (also on checkout and for one country)', () => {
    expect(countryPickerState({ countries: 2, path: '/checkout', excludeVAT: true })).toBe('vat0');
    expect(countryPickerState({ countries: 1, path: '/', excludeVAT: true })).toBe('vat0');
  });
});

describe('return location and newsletter', () => {
  it('remembers every path but login and forgot-password', () => {
    expect(isReturnLocation('/kategorie-1.html')).toBe(true);
    expect(isReturnLocation('/cart')).toBe(true);
    expect(isReturnLocation('/login-register')).toBe(false);
    expect(isReturnLocation('/forgot-password')).toBe(false);
  });
  it('URL-encodes the e-mail', () => expect(newsletterUrl('a+b@x.de')).toBe('/newsletter?email=a%2Bb%40x.de'));
});

describe('the checkout page (one rule for the country dropdown and the mini cart)', () => {
  it('is /checkout, its built file and the pages below it', () => {
    expect(['/checkout', '/checkout/', '/checkout.html', '/checkout/payment'].map(isCheckoutPath)).toEqual([true, true, true, true]);
    expect(['/checkout-hilfe.html', '/cart', '/', '/x/checkout'].map(isCheckoutPath)).toEqual([false, false, false, false]);
    expect(countryPickerState({ countries: 2, path: '/checkout.html', excludeVAT: false })).toBe('disabled');
  });
});
