/** Placing the order (src/stores/checkout-actions.ts) against a scripted fetch: the guest as express customer, the pay call, idempotent submit, the spec §8 texts. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage, scriptFetch, serverCart as cartAnswer, serverItem } from '../cart/helpers.ts';
import type { PaymentMethod } from '../../../src/api/contract/payment.ts';

const session = new MemoryStorage();
vi.stubGlobal('sessionStorage', session);
const actions = await import('../../../src/stores/checkout-actions.ts');
const { readLock, readPlaced, setLock } = await import('../../../src/stores/checkout.ts');
const { filledDraft } = await import('./fixtures.ts');
const { clearExpress, readExpressSession, clearSession } = await import('../../../src/stores/session.ts');
const { appliedCoupon } = await import('../../../src/stores/coupon.ts');
const { setCartId } = await import('../../../src/stores/cart.ts');
const { serverCart } = await import('../../../src/stores/cart-actions.ts');
const { deliveryState } = await import('../../../src/stores/delivery.ts');

const METHODS: PaymentMethod[] = [
  { id: 6, code: 'Vorkasse', title: 'Vorkasse', position: 1, redirect: false, pay_path: '/api/vorkasse/pay' },
  { id: 1, code: 'PayPal', title: 'PayPal', position: 2, redirect: true, pay_path: '/api/paypal/pay' },
];
const draft = () => filledDraft();
const input = (over: Partial<Parameters<typeof actions.submitOrder>[0]> = {}) => ({
  draft: draft(),
  cartId: 12,
  countryId: 5,
  taxTitle: 'Ust.',
  locale: 'de_DE' as const,
  methods: METHODS,
  partialDelivery: false,
  labels: { shipping: 'Lieferadresse', billing: 'Rechnungsadresse' },
  shownTotal: 2389,
  ...over,
});
const registered = {
  body: {
    status_code: 200,
    data: {
      token: 'guest-token',
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      customer_id: 7,
      address_id: 3,
      user_identifier: 'CUS7',
      customer: {
        ID: 7,
        ADDRESS_ID: 3,
        EMAIL: 'gast@example.com',
        FIRSTNAME: 'Gerda',
        LASTNAME: 'Gast',
        REF: 'CUS7',
        COMPANY: null,
        TITLE: 1,
        TITLE_LABEL: 'Mr',
        IS_COMPANY: false,
        EXCLUDE_VAT: false,
        VAT_NUMBER: null,
        EXPRESS: true,
        IS_ADMIN: false,
        ADDRESS_FIRSTNAME: 'Gerda',
        ADDRESS_LASTNAME: 'Gast',
        ADDRESS1: 'Unter den Linden',
        ADDRESS2: '5',
        ADDRESS3: null,
        CITY: 'Berlin',
        COUNTRY_TITLE: 'Deutschland',
        COUNTRY_ID: 5,
        STATE_TITLE: null,
        STATE_ID: null,
        CELLPHONE: null,
        PHONE: '030 123456',
        ZIPCODE: '10117',
        ADDRESS_TITLE_ID: 1,
        NEWSLETTER: false,
      },
    },
  },
};
const paid = (over: Record<string, unknown> = {}) => ({
  body: {
    status_code: 200,
    data: {
      order_id: 40,
      order_ref: 'ORD000000040',
      status: 'not_paid',
      redirect_url: '/order-placed?cart_id=12',
      session_id: null,
      total: 23.9,
      bank_transfer: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', name: 'Shop', amount: 23.9, currency: 'EUR', reference: 'ORD000000040' },
      guest_invoice_path: '/guest/invoice/ORD000000040/abc',
      repeated: false,
      ...over,
    },
  },
});

beforeEach(() => {
  session.clear();
  clearExpress();
  clearSession();
  appliedCoupon.set('');
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.stubGlobal('sessionStorage', session);
  vi.restoreAllMocks();
});

describe('a guest orders', () => {
  it('registers as express customer (kind guest, with the address), keeps it 30 minutes, pays with every field, and leads to the outcome page', async () => {
    appliedCoupon.set('MINUS5');
    const { calls } = scriptFetch({ '/api/register': [registered], '/api/vorkasse/pay': [paid()] });
    const result = await actions.submitOrder(input());
    expect(result).toEqual({ ok: true, url: '/order-placed?cart_id=12' });
    expect(calls.map((c) => c.path)).toEqual(['/api/register', '/api/vorkasse/pay']);
    expect(calls[0]!.body).toMatchObject({ kind: 'guest', email: 'gast@example.com', address: { zipcode: '10117', country_id: 5, label: 'Lieferadresse' } });
    expect(calls[1]!.body).toMatchObject({
      cart_id: 12,
      customer_id: 7,
      delivery_address_id: 3,
      invoice_address_id: 3,
      delivery_module_id: 77,
      payment_module_id: 6,
      appliedCoupon: 'MINUS5',
      guest: true,
    });
    expect(readExpressSession()).toMatchObject({ token: 'guest-token', customerId: 7, addressId: 3 });
    expect(readPlaced(12)).toMatchObject({ orderId: 40, ref: 'ORD000000040', payment: 'Vorkasse', guestInvoicePath: '/guest/invoice/ORD000000040/abc' });
  });
  it('a second order within 30 minutes reuses the express customer; a changed address is added to it', async () => {
    scriptFetch({ '/api/register': [registered], '/api/vorkasse/pay': [paid()] });
    await actions.submitOrder(input());
    setLock(null);
    const address = {
      status_code: 200,
      data: {
        ID: 9,
        CUSTOMER_ID: 7,
        LABEL: 'Lieferadresse',
        TITLE: 1,
        FIRSTNAME: 'Gerda',
        LASTNAME: 'Gast',
        COMPANY: null,
        ADDRESS1: 'Unter den Linden',
        ADDRESS2: '5',
        ADDRESS3: null,
        ZIPCODE: '14467',
        CITY: 'Potsdam',
        COUNTRY_ID: 5,
        COUNTRY_TITLE: 'Deutschland',
        PHONE: '030 123456',
        STATE_ID: null,
        STATE_TITLE: null,
        CELLPHONE: null,
        IS_DEFAULT: false,
      },
    };
    const { calls } = scriptFetch({ '/api/ExternalOrderApi/address': [{ body: address }], '/api/vorkasse/pay': [paid({ repeated: true })] });
    const changed = { ...draft(), shipping: { ...draft().shipping, city: 'Potsdam', zipcode: '14467' } };
    expect((await actions.submitOrder(input({ draft: changed }))).ok).toBe(true);
    expect(calls.map((c) => c.path)).toEqual(['/api/ExternalOrderApi/address', '/api/vorkasse/pay']);
    expect(calls[1]!.body).toMatchObject({ customer_id: 7, delivery_address_id: 9 });
  });
  it("an e-mail with an account: 'There is already an account associated with this email', nothing paid", async () => {
    const { calls } = scriptFetch({
      '/api/register': [{ status: 409, body: { status_code: 409, status: 'x', message: 'There is already an account associated with this email' } }],
    });
    const result = await actions.submitOrder(input());
    expect(result).toMatchObject({ ok: false, accountExists: true });
    expect(calls).toHaveLength(1);
    expect(readLock()).toBeNull();
  });
  it('the server refusing the address: its reasons by field, the spec §8 register text', async () => {
    scriptFetch({
      '/api/register': [
        {
          status: 400,
          body: { status_code: 400, status: 'x', message: 'Could not register your customer details', issues: [{ field: 'address.zipcode', message: 'Invalid postal format' }] },
        },
      ],
    });
    expect(await actions.submitOrder(input())).toEqual({
      ok: false,
      message: 'Ihre Kundendaten konnten nicht gespeichert werden.',
      fields: { 'shipping.zipcode': 'Invalid postal format' },
    });
  });
});

describe('a guest buying as a company (issue 14)', () => {
  const company = () =>
    filledDraft({
      customerKind: 'company',
      vatNumber: 'ATU 1358 5627',
      excludeVat: true,
      shipping: { ...filledDraft().shipping, company: 'Huber GmbH', zipcode: '1060', city: 'Wien' },
    });
  const asCompany = (excludeVat: boolean) => ({
    body: {
      ...registered.body,
      data: { ...registered.body.data, customer: { ...registered.body.data.customer, IS_COMPANY: true, EXCLUDE_VAT: excludeVat, VAT_NUMBER: 'ATU13585627' } },
    },
  });
  // the cart as the API prices it for the company buying without VAT: 16.80 net, postage 4.10 net
  const netCart = () => {
    const answer = cartAnswer([serverItem({ cartId: 12, price: 16.8, TAXED_PRICE: 16.8, BEST_TAXED_PRICE: 16.8, TOTAL: 16.8, VAT_PERCENT: 0 })], 12);
    return {
      body: { ...answer, data: { ...answer.data, country_id: 13, vatExcluded: true, totals: { goods: 16.8, goodsNet: 16.8, vat: 0, discount: 0, shipment: 0, total: 16.8 } } },
    };
  };
  const active = { body: { status_code: 200, data: [{ id: 77, code: 'dhl', title: 'Paket', position: 1, kind: 'parcel', postage_amount: 4.1, postage_amount_taxed: 4.1 }] } };
  const postage = { body: { status_code: 200, postage_amount: 4.1, postage_amount_taxed: 4.1, delivery_module_id: 77, weight: 1, free_shipping: false } };
  const repricing = () => ({
    '/api/cart/get': [netCart()],
    '/api/ExternalOrderApi/getActiveDelivery/12': [active],
    '/api/customdelivery/postage': [postage],
  });
  beforeEach(() => {
    setCartId(12);
    serverCart.set(null);
    deliveryState.set({ status: 'idle' });
  });

  it('registers with its VAT number; a net cart stops before paying with the net sums on screen; the next click pays them, the same express customer', async () => {
    const { calls } = scriptFetch({ '/api/register': [asCompany(true)], ...repricing(), '/api/vorkasse/pay': [paid({ total: 20.9 })] });
    // the shopper saw the gross total (19.99 + 3.90)
    const first = await actions.submitOrder(input({ draft: company(), countryId: 13, shownTotal: 2389 }));
    expect(first).toEqual({ ok: false, repriced: true, message: 'Ihre Preise gelten jetzt ohne MwSt. (0 %). Bitte prüfen Sie die Summe und bestellen Sie erneut.' });
    expect(calls.map((c) => c.path)).toEqual(['/api/register', '/api/cart/get', '/api/ExternalOrderApi/getActiveDelivery/12', '/api/customdelivery/postage']);
    expect(calls[0]!.body).toMatchObject({
      kind: 'guest',
      company: 'Huber GmbH',
      vat_number: 'ATU13585627',
      exclude_vat: true,
      address: { company: 'Huber GmbH', country_id: 13 },
    });
    // the summary's stores hold the net cart and postage now; nothing is locked or paid
    expect(serverCart.get()).toMatchObject({ vatExcluded: true, totals: { goods: 16.8 } });
    expect(deliveryState.get()).toMatchObject({ status: 'ready', methodId: 77, cents: 410 });
    expect(readLock()).toBeNull();
    expect(readPlaced(12)).toBeNull();

    // the next click: the summary showed 16.80 + 4.10; the cart is read again, the same, and paid
    calls.length = 0;
    const second = await actions.submitOrder(input({ draft: company(), countryId: 13, shownTotal: 2090 }));
    expect(second).toEqual({ ok: true, url: '/order-placed?cart_id=12' });
    expect(calls.map((c) => c.path)).toEqual(['/api/cart/get', '/api/ExternalOrderApi/getActiveDelivery/12', '/api/customdelivery/postage', '/api/vorkasse/pay']);
    expect(calls[3]!.body).toMatchObject({ customer_id: 7, delivery_address_id: 3, isCompany: true, guest: true });
  });
  it('a VAT number of the shop country (no exclusion stored): nothing to re-price, it pays at once as a company', async () => {
    const { calls } = scriptFetch({ '/api/register': [asCompany(false)], '/api/vorkasse/pay': [paid()] });
    expect((await actions.submitOrder(input({ draft: company() }))).ok).toBe(true);
    expect(calls.map((c) => c.path)).toEqual(['/api/register', '/api/vorkasse/pay']);
    expect(calls[1]!.body).toMatchObject({ isCompany: true });
  });
  it('buying as a private guest after registering as a company without VAT: another express customer, and the cart read again', async () => {
    scriptFetch({ '/api/register': [asCompany(true)], ...repricing() });
    await actions.submitOrder(input({ draft: company(), countryId: 13 }));
    const gross = cartAnswer([serverItem({ cartId: 12 })], 12);
    const { calls } = scriptFetch({
      '/api/register': [{ body: { ...registered.body, data: { ...registered.body.data, customer_id: 8 } } }],
      '/api/cart/get': [{ body: gross }],
      '/api/ExternalOrderApi/getActiveDelivery/12': [active],
      '/api/customdelivery/postage': [{ body: { ...postage.body, postage_amount_taxed: 4.88 } }],
    });
    const r = await actions.submitOrder(input({ draft: { ...company(), customerKind: 'private' }, countryId: 13, shownTotal: 2090 }));
    expect(r).toEqual({ ok: false, repriced: true, message: 'Ihre Preise gelten jetzt mit MwSt. Bitte prüfen Sie die Summe und bestellen Sie erneut.' });
    expect(calls[0]!.body).not.toHaveProperty('vat_number');
    expect(readExpressSession()).toMatchObject({ customerId: 8, excludeVat: false });
  });
  it("the API refusing the VAT number, or not reaching its checker: the shop's words on the VAT field, nothing paid", async () => {
    const refuse = (status: number, message: string, issues: unknown[] = []) => ({ status, body: { status_code: status, status: message, message, issues } });
    scriptFetch({ '/api/register': [refuse(400, 'Company VAT is not valid', [{ field: 'vat_number', message: 'Company VAT is not valid' }])] });
    expect(await actions.submitOrder(input({ draft: company() }))).toEqual({
      ok: false,
      message: 'Bitte prüfen Sie Ihre Angaben.',
      fields: { vatNumber: 'Die USt-IdNr. des Unternehmens ist ungültig.' },
    });
    const { calls } = scriptFetch({ '/api/register': [refuse(503, 'An error occurred while verifying the Company VAT')] });
    expect(await actions.submitOrder(input({ draft: company() }))).toMatchObject({ fields: { vatNumber: 'Bei der Prüfung der USt-IdNr. ist ein Fehler aufgetreten.' } });
    expect(calls.map((c) => c.path)).toEqual(['/api/register']);
    expect(readExpressSession()).toBeNull();
  });
  it('the re-priced cart cannot be read: nothing paid, the submit error (everything kept)', async () => {
    const { calls } = scriptFetch({ '/api/register': [asCompany(true)], '/api/cart/get': [new TypeError('network down')] });
    const r = await actions.submitOrder(input({ draft: company(), countryId: 13 }));
    expect(r).toMatchObject({ ok: false, message: expect.stringMatching(/^Beim Absenden Ihrer Bestellung/) });
    expect(calls.some((c) => c.path === '/api/vorkasse/pay')).toBe(false);
  });
});

describe('idempotent submit', () => {
  it('a double click sends one pay request', async () => {
    const { calls } = scriptFetch({ '/api/register': [registered], '/api/vorkasse/pay': [paid()] });
    const [a, b] = await Promise.all([actions.submitOrder(input()), actions.submitOrder(input())]);
    expect(a.ok).toBe(true);
    expect(b).toMatchObject({ ok: false, busy: true });
    expect(calls.filter((c) => c.path === '/api/vorkasse/pay')).toHaveLength(1);
  });
  it('while the lock of a leaving pay request holds, a new submit sends nothing; a resume after a reload sends the same request again', async () => {
    const { calls } = scriptFetch({ '/api/register': [registered], '/api/paypal/pay': [paid({ redirect_url: '/api/payment/local/abcdefghijkl' })] });
    const d = { ...draft(), payment: 'PayPal' as const };
    expect(await actions.submitOrder(input({ draft: d }))).toEqual({ ok: true, url: '/api/payment/local/abcdefghijkl' });
    expect(readLock()).toMatchObject({ cartId: 12 });
    expect(await actions.submitOrder(input({ draft: d }))).toMatchObject({ ok: false, busy: true });
    expect(await actions.submitOrder(input({ draft: d }), { resume: true })).toEqual({ ok: true, url: '/api/payment/local/abcdefghijkl' });
    const pays = calls.filter((c) => c.path === '/api/paypal/pay');
    expect(pays).toHaveLength(2);
    expect(pays[1]!.body).toEqual(pays[0]!.body);
  });
  it('a failed request releases the lock: the shopper can retry', async () => {
    scriptFetch({ '/api/register': [registered], '/api/vorkasse/pay': [new TypeError('network down')] });
    expect(await actions.submitOrder(input())).toEqual({
      ok: false,
      message: 'Beim Absenden Ihrer Bestellung ist ein unerwarteter Fehler aufgetreten. Ihre Angaben sind erhalten; bitte versuchen Sie es erneut.',
    });
    expect(readLock()).toBeNull();
  });
});

describe('spec §8 texts of a refused pay call', () => {
  const refuse = async (message: string, status = 400) => {
    scriptFetch({ '/api/register': [registered], '/api/vorkasse/pay': [{ status, body: { status_code: status, status: message, message } }] });
    const r = await actions.submitOrder(input());
    return r.ok ? '' : r.message;
  };
  it('the retry wait, login, delivery options, order failed, stock', async () => {
    expect(await refuse('Please wait 2 minutes before retrying the payment', 429)).toBe('Bitte warten Sie 2 Minuten, bevor Sie die Zahlung erneut versuchen.');
    expect(await refuse('Please login again', 401)).toMatch(/^Die Anmeldung ist erforderlich/);
    expect(await refuse('Could not retrieve delivery options')).toBe('Die Versandoptionen konnten nicht geladen werden.');
    expect(await refuse('Order failed')).toBe('Bestellung fehlgeschlagen. Bitte versuchen Sie erneut zu bestellen.');
    expect(await refuse('Not enough stock', 409)).toMatch(/nicht mehr in der gewünschten Menge/);
    expect(await refuse('This coupon has already been used')).toBe('Dieser Gutschein wurde bereits eingelöst.');
  });
  it('a method the cart does not offer is refused before any call', async () => {
    const { calls } = scriptFetch({});
    const r = await actions.submitOrder(input({ draft: { ...draft(), payment: 'Klarna' } }));
    expect(r).toMatchObject({ ok: false, message: 'Diese Zahlungsart ist für diesen Warenkorb nicht verfügbar.' });
    expect(calls).toHaveLength(0);
  });
});
