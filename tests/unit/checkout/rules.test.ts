/** The checkout's pure rules (src/stores/checkout-rules.ts): methods, default delivery, pickup by country, freight phone, terms, undeliverable cases, the pay request, where an answer leads, the pay lock and the retry wait. */
import { describe, expect, it } from 'vitest';
import { PayRequest } from '../../../src/api/contract/payment.ts';
import { RegisterRequest } from '../../../src/api/contract/customer.ts';
import {
  PAYMENT_RETRY_MS,
  PAYING_LOCK_MS,
  PROBLEM_ORDER,
  addressKey,
  buildPayRequest,
  buyerKey,
  checkDraft,
  guestRegistration,
  clock,
  defaultDelivery,
  defaultPayment,
  emptyDraft,
  freightPhoneMissing,
  lockHolds,
  nextStep,
  offeredDelivery,
  outcomeCartId,
  parseDraft,
  parseLock,
  parsePlaced,
  pickupAllowed,
  retrySecondsLeft,
  type CheckContext,
  type CheckoutDraft,
  type PayState,
} from '../../../src/stores/checkout-rules.ts';
import { filledDraft } from './fixtures.ts';

const filled = filledDraft;
const ctx = (over: Partial<CheckContext> = {}): CheckContext => ({
  loggedIn: false,
  hasFreight: false,
  chosenAddressPhone: '',
  undeliverable: 'none',
  lines: 1,
  vatMinLength: 9,
  ...over,
});

describe('delivery and payment methods', () => {
  const active = [
    { id: 78, position: 2, kind: 'express' as const },
    { id: 77, position: 1, kind: 'parcel' as const },
    { id: 80, position: 4, kind: 'pickup' as const },
  ];
  it('spec §4: 77 when none is stored; a stored active one stays; an inactive stored one gives way to the lowest position', () => {
    expect(defaultDelivery(null, active)).toBe(77);
    expect(defaultDelivery(78, active)).toBe(78);
    expect(defaultDelivery(79, active)).toBe(77);
    expect(
      defaultDelivery(null, [
        { id: 79, position: 3 },
        { id: 80, position: 4 },
      ]),
    ).toBe(79);
    expect(defaultDelivery(77, [])).toBeNull();
  });
  it("pickup only in Romania (the footer's 'No pickup possible!' elsewhere), by position", () => {
    expect(pickupAllowed(146)).toBe(true);
    expect(pickupAllowed(5)).toBe(false);
    expect(pickupAllowed(13)).toBe(false);
    expect(offeredDelivery(active, 146).map((d) => d.id)).toEqual([77, 78, 80]);
    expect(offeredDelivery(active, 5).map((d) => d.id)).toEqual([77, 78]);
  });
  it('the chosen payment method while offered, else the first by position, else none', () => {
    const offered = [
      { code: 'PayPal' as const, position: 2 },
      { code: 'Vorkasse' as const, position: 1 },
    ];
    expect(defaultPayment('PayPal', offered)).toBe('PayPal');
    expect(defaultPayment('Klarna', offered)).toBe('Vorkasse');
    expect(defaultPayment(null, offered)).toBe('Vorkasse');
    expect(defaultPayment('PayPal', [])).toBeNull();
  });
});

describe('checks of the draft', () => {
  it('a complete guest draft has no problem', () => {
    expect(checkDraft(filled(), ctx())).toEqual({});
  });
  it('terms must be accepted; delivery and payment chosen', () => {
    expect(checkDraft(filled({ terms: false, deliveryId: null, payment: null }), ctx())).toEqual({
      terms: 'termsRequired',
      delivery: 'deliveryRequired',
      payment: 'paymentRequired',
    });
  });
  it('a guest needs an e-mail, names of 2+ characters and every address field', () => {
    const d = filled({ email: 'nope', shipping: { ...filled().shipping, firstname: 'G', city: ' ', phone: '' } });
    expect(checkDraft(d, ctx())).toEqual({ email: 'emailInvalid', 'shipping.firstname': 'nameRequired', 'shipping.city': 'addressRequired', 'shipping.phone': 'addressRequired' });
    expect(checkDraft(filled({ email: '' }), ctx())).toEqual({ email: 'emailRequired' });
  });
  it('a company needs its name and a VAT number; a separate billing address is checked too', () => {
    expect(checkDraft(filled({ customerKind: 'company' }), ctx())).toEqual({ 'shipping.company': 'addressRequired', vatNumber: 'vatRequired' });
    const billing = checkDraft(filled({ billingSame: false }), ctx());
    expect(Object.keys(billing)).toEqual(expect.arrayContaining(['billing.firstname', 'billing.address1', 'billing.phone']));
  });
  it('spec §5: freight items require an address with a phone (guest field, or the chosen book address)', () => {
    expect(freightPhoneMissing(true, ' ')).toBe(true);
    expect(freightPhoneMissing(false, '')).toBe(false);
    expect(checkDraft(filled({ shipping: { ...filled().shipping, phone: '' } }), ctx({ hasFreight: true }))).toEqual({ 'shipping.phone': 'phoneForFreight' });
    expect(checkDraft(filled(), ctx({ loggedIn: true, hasFreight: true, chosenAddressPhone: '' }))).toEqual({ shippingAddressId: 'phoneForFreight' });
    expect(checkDraft(filled(), ctx({ loggedIn: true, hasFreight: true, chosenAddressPhone: '0301' }))).toEqual({});
  });
  it('a logged-in customer types no address', () => {
    expect(checkDraft(filled({ email: '', shipping: emptyDraft().shipping }), ctx({ loggedIn: true }))).toEqual({});
  });
  it('undeliverable items: some need a confirm, all block the order; an empty cart cannot order', () => {
    expect(checkDraft(filled(), ctx({ undeliverable: 'some' }))).toEqual({ undeliverable: 'undeliverableConfirm' });
    expect(checkDraft(filled({ undeliverableConfirmed: true }), ctx({ undeliverable: 'some' }))).toEqual({});
    expect(checkDraft(filled({ undeliverableConfirmed: true }), ctx({ undeliverable: 'all' }))).toEqual({ undeliverable: 'undeliverableAll' });
    expect(checkDraft(filled(), ctx({ lines: 0 }))).toEqual({ cart: 'emptyCart' });
  });
});

describe('a guest buying as a company (issue 14: VAT number checked, VAT 0% where it may)', () => {
  const company = (over: Partial<CheckoutDraft> = {}) =>
    filled({ customerKind: 'company', vatNumber: 'ATU 1358 5627', excludeVat: true, shipping: { ...filled().shipping, company: 'Huber GmbH' }, ...over });
  it('needs a VAT number of at least vat_min_length (normalised) — a private guest none, a logged-in customer none', () => {
    expect(checkDraft(company(), ctx())).toEqual({});
    expect(checkDraft(company({ vatNumber: '  ' }), ctx())).toEqual({ vatNumber: 'vatRequired' });
    // 'AT 123' is 5 characters once normalised: shorter than the German shop's 9, long enough for the Romanian 4
    expect(checkDraft(company({ vatNumber: 'AT 1-2.3' }), ctx())).toEqual({ vatNumber: 'vatInvalid' });
    expect(checkDraft(company({ vatNumber: 'AT 1-2.3' }), ctx({ vatMinLength: 4 }))).toEqual({});
    expect(checkDraft(filled({ vatNumber: '' }), ctx())).toEqual({});
    expect(checkDraft(company({ vatNumber: '' }), ctx({ loggedIn: true }))).toEqual({});
  });
  it('the VAT number is focused after the company name and before the names', () => {
    const at = (k: string) => PROBLEM_ORDER.indexOf(k);
    expect(at('vatNumber')).toBeGreaterThan(at('shipping.company'));
    expect(at('vatNumber')).toBeLessThan(at('shipping.firstname'));
  });
  it('the registration sends the company, its normalised VAT number and the wish; a private guest sends none of them', () => {
    const body = guestRegistration(company(), { countryId: 13, locale: 'de_DE', label: 'Lieferadresse' });
    expect(body).toMatchObject({
      kind: 'guest',
      email: 'gast@example.com',
      firstname: 'Gerda',
      locale: 'de_DE',
      company: 'Huber GmbH',
      vat_number: 'ATU13585627',
      exclude_vat: true,
      address: { company: 'Huber GmbH', country_id: 13, label: 'Lieferadresse', zipcode: '10117' },
    });
    // the API's contract takes it, and says it is a company's registration
    const parsed = RegisterRequest.safeParse(body);
    expect(parsed.success).toBe(true);
    const privateBody = guestRegistration(filled({ vatNumber: 'ATU13585627', excludeVat: true }), { countryId: 5, locale: 'de_DE', label: 'Lieferadresse' });
    expect(privateBody).not.toHaveProperty('vat_number');
    expect(privateBody).not.toHaveProperty('exclude_vat');
    expect(privateBody).not.toHaveProperty('company');
    expect(RegisterRequest.safeParse(privateBody).success).toBe(true);
  });
  it('who the guest registered as: private is one buyer; a company by name, number and wish', () => {
    expect(buyerKey(filled())).toBe('');
    expect(buyerKey(filled({ vatNumber: 'X', excludeVat: true }))).toBe('');
    expect(buyerKey(company())).toBe(buyerKey(company({ vatNumber: 'atu13585627' })));
    expect(buyerKey(company())).not.toBe(buyerKey(company({ excludeVat: false })));
    expect(buyerKey(company())).not.toBe(buyerKey(company({ vatNumber: 'DE136695976' })));
    expect(addressKey(company().shipping, 13)).not.toBe(addressKey(company().shipping, 5));
  });
});

describe('the stored draft', () => {
  it('round-trips, and anything malformed falls back field by field without throwing', () => {
    const d = filled({ message: 'Hinterhaus', billingSame: false });
    expect(parseDraft(JSON.stringify(d))).toEqual(d);
    expect(parseDraft('{broken')).toEqual(emptyDraft());
    expect(parseDraft(null)).toEqual(emptyDraft());
    const odd = parseDraft(JSON.stringify({ buyer: 'hacker', payment: 'Bitcoin', deliveryId: -3, terms: 'yes', shipping: { firstname: 42, title: 9 }, email: 'x'.repeat(999) }));
    expect(odd).toMatchObject({ buyer: 'guest', payment: null, deliveryId: null, terms: false, shipping: { firstname: '', title: 1 } });
    expect(odd.email).toHaveLength(255);
  });
  it("keeps a guest company's VAT number and its choice to buy without VAT; anything else is no choice", () => {
    const d = filled({ customerKind: 'company', vatNumber: 'ATU13585627', excludeVat: true });
    expect(parseDraft(JSON.stringify(d))).toEqual(d);
    expect(parseDraft(JSON.stringify({ ...d, excludeVat: 'true' })).excludeVat).toBe(false);
    expect(parseDraft(JSON.stringify({ ...d, vatNumber: 42 })).vatNumber).toBe('');
    expect(parseDraft(JSON.stringify({ ...d, vatNumber: 'X'.repeat(50) })).vatNumber).toHaveLength(20);
    expect(emptyDraft()).toMatchObject({ vatNumber: '', excludeVat: false });
  });
});

describe('the pay request (spec §7)', () => {
  const state: PayState = {
    cartId: 12,
    customerId: 7,
    email: 'gast@example.com',
    deliveryAddressId: 3,
    invoiceAddressId: 4,
    deliveryId: 77,
    paymentModuleId: 6,
    countryId: 5,
    taxTitle: 'Ust.',
    locale: 'de_DE',
    isCompany: false,
    message: '  Hinterhaus ',
    coupon: ' MINUS5 ',
    partialDelivery: false,
    guest: true,
  };
  it('carries every field from the state, trimmed, and passes the contract', () => {
    const body = buildPayRequest(state);
    expect(body).toEqual({
      cart_id: 12,
      customer_id: 7,
      api_call: true,
      email: 'gast@example.com',
      delivery_address_id: 3,
      invoice_address_id: 4,
      delivery_module_id: 77,
      payment_module_id: 6,
      postage_tax_rule_title: 'Ust.',
      country_id: 5,
      locale: 'de_DE',
      isCompany: false,
      isCompleteDelivery: true,
      guest: true,
      appliedCoupon: 'MINUS5',
      message: 'Hinterhaus',
    });
    expect(PayRequest.safeParse(body).success).toBe(true);
  });
  it('no coupon or notes: the fields are left out; a partial delivery is not complete', () => {
    const body = buildPayRequest({ ...state, coupon: '', message: ' ', partialDelivery: true, guest: false, isCompany: true });
    expect(body).not.toHaveProperty('appliedCoupon');
    expect(body).not.toHaveProperty('message');
    expect(body).toMatchObject({ isCompleteDelivery: false, guest: false, isCompany: true });
  });
});

describe('where a pay answer leads', () => {
  it('a redirect URL on this site: the payment page or the outcome page', () => {
    expect(nextStep({ redirect_url: '/api/payment/local/abcdefghijkl', session_id: null })).toEqual({ kind: 'navigate', url: '/api/payment/local/abcdefghijkl' });
    expect(nextStep({ redirect_url: '/order-placed?cart_id=12', session_id: null })).toEqual({ kind: 'navigate', url: '/order-placed?cart_id=12' });
  });
  it("a card-provider session id 'sessionId___…' opens the provider's step (here the sandbox)", () => {
    expect(nextStep({ redirect_url: '/api/payment/local/x', session_id: 'sessionId___Tok_en-1234567' })).toEqual({ kind: 'navigate', url: '/api/payment/local/Tok_en-1234567' });
  });
  it('never another site', () => {
    expect(nextStep({ redirect_url: '//evil.example/x', session_id: null }).kind).toBe('invalid');
    expect(nextStep({ redirect_url: 'https://evil.example/', session_id: null }).kind).toBe('invalid');
    expect(nextStep({ redirect_url: '/\\evil.example', session_id: null }).kind).toBe('invalid');
    expect(nextStep({ redirect_url: 'javascript:alert(1)', session_id: 'sessionId___../../x' }).kind).toBe('invalid');
  });
});

describe('the pay lock (idempotent submit)', () => {
  it('holds for the same cart for a minute, not for another cart, and a malformed one is none', () => {
    const lock = parseLock(JSON.stringify({ cartId: 12, at: 1000 }));
    expect(lock).toEqual({ cartId: 12, at: 1000 });
    expect(lockHolds(lock, 12, 1000 + PAYING_LOCK_MS - 1)).toBe(true);
    expect(lockHolds(lock, 12, 1000 + PAYING_LOCK_MS)).toBe(false);
    expect(lockHolds(lock, 13, 1500)).toBe(false);
    expect(lockHolds(lock, 12, 500)).toBe(false);
    expect(parseLock('{"cartId":"x"}')).toBeNull();
    expect(parseLock('nope')).toBeNull();
  });
});

describe('outcome pages', () => {
  it('spec §4: the cart id from the query parameter, numeric and > 0', () => {
    expect(outcomeCartId('?cart_id=42')).toBe(42);
    expect(outcomeCartId('?cart_id=0')).toBe(0);
    expect(outcomeCartId('?cart_id=null')).toBe(0);
    expect(outcomeCartId('')).toBe(0);
  });
  it('spec §4: a new payment after 2 minutes; the remaining time as m:ss', () => {
    expect(PAYMENT_RETRY_MS).toBe(120_000);
    expect(retrySecondsLeft(10_000, 10_000)).toBe(120);
    expect(retrySecondsLeft(10_000, 10_000 + 65_500)).toBe(55);
    expect(retrySecondsLeft(10_000, 10_000 + 120_000)).toBe(0);
    expect(retrySecondsLeft(null, 5)).toBe(0);
    expect(retrySecondsLeft(50_000, 10_000)).toBe(120);
    expect(clock(119)).toBe('1:59');
    expect(clock(5)).toBe('0:05');
  });
  it('the placed order is read back only for its cart', () => {
    const placed = { cartId: 12, orderId: 3, ref: 'ORD000000003', total: 20, payment: 'Vorkasse', guestInvoicePath: '/guest/invoice/ORD000000003/ab', bankTransfer: null };
    expect(parsePlaced(JSON.stringify(placed), 12)).toEqual(placed);
    expect(parsePlaced(JSON.stringify(placed), 13)).toBeNull();
    expect(parsePlaced('x', 12)).toBeNull();
  });
});
