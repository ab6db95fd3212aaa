import { beforeEach, describe, expect, it } from 'vitest';
import { cleanStores } from 'nanostores';
import { getTestStorage, setTestStorageKey, useTestStorageEngine, cleanTestStorage } from '@nanostores/persistent';
import { cartItems, initCart, parseLine, totalItems, upsertLine } from '../../../src/stores/cart.ts';
import { isAdmin, loggedIn, saveSession } from '../../../src/stores/session.ts';
import { countryId, selectCountry } from '../../../src/stores/country.ts';
import { consentCookie, readConsent } from '../../../src/stores/consent.ts';
import { checkVersion, takeToast } from '../../../src/stores/app-version.ts';
import { MemoryStorage } from '../cart/helpers.ts';

useTestStorageEngine();

beforeEach(() => {
  cleanTestStorage();
  cleanStores(cartItems, totalItems, loggedIn, isAdmin, countryId);
});

describe('cart count', () => {
  it('totalItems is the sum of quantities of the stored items (the header count; rules in tests/unit/cart/)', () => {
    const storage = new MemoryStorage();
    const line = (id: number, quantity: number) => ({ id, PRODUCT_SALE_ELEMENT: id, cartId: 7, cartItemId: id, quantity, price: 100 });
    storage.setItem('cart_items', JSON.stringify([line(1, 2), line(2, 3), { id: 'broken' }]));
    initCart(storage);
    expect(totalItems.get()).toBe(5);
    upsertLine({ ...parseLine(line(3, 1000))! });
    expect(totalItems.get()).toBe(1005);
    expect(JSON.parse(storage.getItem('cart_items')!)).toHaveLength(3);
  });
});

describe('session', () => {
  it('is an administrator only when logged in and isAdmin is true', () => {
    const answer = {
      token: 'a',
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
      customer_id: 1,
      address_id: null,
      user_identifier: 'U',
      customer: { EMAIL: 'a@b.de', IS_ADMIN: true, IS_COMPANY: false, EXCLUDE_VAT: false },
    };
    setTestStorageKey('isAdmin', 'true');
    expect(isAdmin.get()).toBe(false);
    saveSession(answer);
    expect(loggedIn.get()).toBe(true);
    expect(isAdmin.get()).toBe(true);
  });
});

describe('country', () => {
  it('stores country, tax title and id under the spec names', () => {
    selectCountry({ id: 13, taxTitle: 'Ust.', isoalpha2: 'AT' });
    expect(getTestStorage()).toMatchObject({ country_id: '13', tax_title: 'Ust.', country: 'AT' });
  });
});

describe('consent cookie', () => {
  it('is granted or denied for 150 days', () => {
    expect(consentCookie('granted')).toBe(`CookieConsentGA=granted; Max-Age=${150 * 86400}; Path=/; SameSite=Lax`);
    expect(readConsent('a=1; CookieConsentGA=denied')).toBe('denied');
    expect(readConsent('CookieConsentGA=granted')).toBe('granted');
    expect(readConsent('CookieConsentGA=maybe')).toBe(null);
    expect(readConsent('')).toBe(null);
  });
});

describe('version check', () => {
  it('first visit stores the version and does nothing else', () => {
    const local = new MemoryStorage();
    const session = new MemoryStorage();
    let reloads = 0;
    expect(checkVersion(local, session, '/a', () => reloads++, '1.0.7')).toBe(false);
    expect(local.getItem('version')).toBe('1.0.7');
    expect(reloads).toBe(0);
  });
  it('a mismatch stores the last path, clears local storage, reloads and shows the toast once', () => {
    const local = new MemoryStorage();
    const session = new MemoryStorage();
    local.setItem('version', '1.0.6');
    local.setItem('cart_items', '[]');
    let reloads = 0;
    expect(checkVersion(local, session, '/kategorie-1.html', () => reloads++, '1.0.7')).toBe(true);
    expect(reloads).toBe(1);
    expect(local.getItem('cart_items')).toBe(null);
    expect(local.getItem('lastLocation')).toBe('/kategorie-1.html');
    expect(local.getItem('version')).toBe('1.0.7');
    expect(takeToast(session)).toBe(true);
    expect(takeToast(session)).toBe(false);
    expect(checkVersion(local, session, '/', () => reloads++, '1.0.7')).toBe(false);
  });
});
