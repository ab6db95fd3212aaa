/**
 * Pure rules of the checkout (spec §2 /checkout, §3, §4 Order and Delivery method, §5, §7 pay
 * calls, §8): the draft the shopper types (kept in sessionStorage so that nothing is lost on a
 * reload, an API failure or a failed payment), which delivery and payment methods to offer,
 * pickup by country, the freight phone rule, terms, the undeliverable cases, the pay request
 * built from the state, where the answer leads, the submit lock (one order per cart and click)
 * and the 2-minute retry wait, the guest's registration (a company with its VAT number). Unit-tested
 * in tests/unit/checkout/rules.test.ts.
 */
import type { RegisterRequest } from '../api/contract/customer.ts';
import type { PayRequest, PaymentCode } from '../api/contract/payment.ts';
import { DEFAULT_DELIVERY_ID } from '../api/contract/delivery.ts';
import { normalizeVat, vatNumberIssue } from '../catalog/vat-exclusion.ts';

// ------------------------------------------------------------------------------------ the draft

export interface AddressDraft {
  title: number;
  firstname: string;
  lastname: string;
  company: string;
  address1: string;
  address2: string;
  address3: string;
  zipcode: string;
  city: string;
  state_id: string;
  phone: string;
}

export type Buyer = 'guest' | 'login' | 'register';

/** Everything the shopper chooses or types on /checkout. */
export interface CheckoutDraft {
  /** Who buys when not logged in: as guest (express), log in, or register. */
  buyer: Buyer;
  email: string;
  customerKind: 'private' | 'company';
  /** A guest company's VAT number as typed (checked on blur and at submit). */
  vatNumber: string;
  /** A guest company asks to buy without VAT (offered once its VAT number checked valid). */
  excludeVat: boolean;
  shipping: AddressDraft;
  billingSame: boolean;
  billing: AddressDraft;
  /** A logged-in customer's choice from the address book (0: none chosen, the default one). */
  shippingAddressId: number;
  billingAddressId: number;
  deliveryId: number | null;
  payment: PaymentCode | null;
  message: string;
  terms: boolean;
  /** Some items cannot be delivered: the shopper confirmed ordering the rest. */
  undeliverableConfirmed: boolean;
}

export const emptyAddress = (): AddressDraft => ({
  title: 1,
  firstname: '',
  lastname: '',
  company: '',
  address1: '',
  address2: '',
  address3: '',
  zipcode: '',
  city: '',
  state_id: '',
  phone: '',
});

export const emptyDraft = (): CheckoutDraft => ({
  buyer: 'guest',
  email: '',
  customerKind: 'private',
  vatNumber: '',
  excludeVat: false,
  shipping: emptyAddress(),
  billingSame: true,
  billing: emptyAddress(),
  shippingAddressId: 0,
  billingAddressId: 0,
  deliveryId: null,
  payment: null,
  message: '',
  terms: false,
  undeliverableConfirmed: false,
});

const str = (v: unknown, max = 2000) => (typeof v === 'string' ? v.slice(0, max) : '');
const posInt = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? v : 0);
const PAYMENT_CODE_SET = new Set(['PayPal', 'GlobalPayments', 'Sofort', 'StripePayment', 'Nachnahme', 'Vorkasse', 'Klarna']);

function parseAddress(v: unknown): AddressDraft {
  const o = v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  const a = emptyAddress();
  for (const k of Object.keys(a) as (keyof AddressDraft)[]) {
    if (k === 'title') a.title = [1, 2, 3, 5].includes(o.title as number) ? (o.title as number) : 1;
    else a[k] = str(o[k], 255);
  }
  return a;
}

/** A stored draft, field by field: anything malformed falls back to the empty value (nothing throws). */
export function parseDraft(raw: string | null): CheckoutDraft {
  const d = emptyDraft();
  if (!raw) return d;
  let o: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object') return d;
    o = parsed as Record<string, unknown>;
  } catch {
    return d;
  }
  return {
    buyer: o.buyer === 'login' || o.buyer === 'register' ? o.buyer : 'guest',
    email: str(o.email, 255),
    customerKind: o.customerKind === 'company' ? 'company' : 'private',
    vatNumber: str(o.vatNumber, 20),
    excludeVat: o.excludeVat === true,
    shipping: parseAddress(o.shipping),
    billingSame: o.billingSame !== false,
    billing: parseAddress(o.billing),
    shippingAddressId: posInt(o.shippingAddressId),
    billingAddressId: posInt(o.billingAddressId),
    deliveryId: posInt(o.deliveryId) || null,
    payment: typeof o.payment === 'string' && PAYMENT_CODE_SET.has(o.payment) ? (o.payment as PaymentCode) : null,
    message: str(o.message, 2000),
    terms: o.terms === true,
    undeliverableConfirmed: o.undeliverableConfirmed === true,
  };
}

// ------------------------------------------------------------------------------------ methods

/** Spec §2 footer: 'No pickup possible!' when the country is not Romania: pickup only there. */
export const PICKUP_COUNTRY_IDS: readonly number[] = [146];
export const pickupAllowed = (countryId: number): boolean => PICKUP_COUNTRY_IDS.includes(countryId);

export interface DeliveryChoice {
  id: number;
  position: number;
  kind?: 'parcel' | 'express' | 'freight' | 'pickup';
}

/** The delivery methods to offer: the API's active ones, pickup only where the country allows it. */
export function offeredDelivery<T extends DeliveryChoice>(active: readonly T[], countryId: number): T[] {
  return active.filter((d) => d.kind !== 'pickup' || pickupAllowed(countryId)).sort((a, b) => a.position - b.position || a.id - b.id);
}

/** Spec §4: the stored method when active, 77 when none stored, else the lowest position; null when none can go. */
export function defaultDelivery(stored: number | null, active: readonly DeliveryChoice[]): number | null {
  if (active.length === 0) return null;
  const wanted = stored ?? DEFAULT_DELIVERY_ID;
  if (active.some((d) => d.id === wanted)) return wanted;
  return [...active].sort((a, b) => a.position - b.position || a.id - b.id)[0]!.id;
}

/** The chosen payment method when the cart still offers it, else the first offered one (null: none). */
export function defaultPayment(chosen: PaymentCode | null, offered: readonly { code: PaymentCode; position: number }[]): PaymentCode | null {
  if (chosen && offered.some((p) => p.code === chosen)) return chosen;
  return [...offered].sort((a, b) => a.position - b.position)[0]?.code ?? null;
}

// ------------------------------------------------------------------------------------ checks

export type Problem =
  | 'emailRequired'
  | 'emailInvalid'
  | 'nameRequired'
  | 'addressRequired'
  | 'vatRequired'
  | 'vatInvalid'
  | 'phoneForFreight'
  | 'deliveryRequired'
  | 'paymentRequired'
  | 'termsRequired'
  | 'undeliverableConfirm'
  | 'undeliverableAll'
  | 'emptyCart';

export interface CheckContext {
  loggedIn: boolean;
  /** The cart has freight goods (spec §5: an address with a phone is required). */
  hasFreight: boolean;
  /** The phone of the logged-in customer's chosen delivery address ('' when none). */
  chosenAddressPhone: string;
  undeliverable: 'none' | 'some' | 'all';
  lines: number;
  /** Locale configuration vat_min_length: a shorter VAT number is not checked (spec §5). */
  vatMinLength: number;
}

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec §5: freight items require an address with a phone. */
export function freightPhoneMissing(hasFreight: boolean, phone: string): boolean {
  return hasFreight && phone.trim().length === 0;
}

/**
 * Every problem of the draft, by field id (the form focuses the first). The address rules
 * themselves (postcode format, phone per country) are the server's: its answer is shown per field.
 */
export function checkDraft(d: CheckoutDraft, ctx: CheckContext): Partial<Record<string, Problem>> {
  const out: Partial<Record<string, Problem>> = {};
  if (ctx.lines === 0) out.cart = 'emptyCart';
  if (!ctx.loggedIn) {
    if (!d.email.trim()) out.email = 'emailRequired';
    else if (!EMAIL_RE.test(d.email.trim())) out.email = 'emailInvalid';
    const a = d.shipping;
    if (a.firstname.trim().length < 2) out['shipping.firstname'] = 'nameRequired';
    if (a.lastname.trim().length < 2) out['shipping.lastname'] = 'nameRequired';
    for (const f of ['address1', 'address2', 'zipcode', 'city'] as const) if (!a[f].trim()) out[`shipping.${f}`] = 'addressRequired';
    if (!a.phone.trim()) out['shipping.phone'] = ctx.hasFreight ? 'phoneForFreight' : 'addressRequired';
    if (d.customerKind === 'company') {
      if (!a.company.trim()) out['shipping.company'] = 'addressRequired';
      // a company's VAT number is required; whether it is valid, the VAT check says (on blur and at submit)
      const vat = vatNumberIssue(d.vatNumber, ctx.vatMinLength);
      if (vat) out.vatNumber = vat === 'required' ? 'vatRequired' : 'vatInvalid';
    }
    if (!d.billingSame) {
      const b = d.billing;
      if (b.firstname.trim().length < 2) out['billing.firstname'] = 'nameRequired';
      if (b.lastname.trim().length < 2) out['billing.lastname'] = 'nameRequired';
      for (const f of ['address1', 'address2', 'zipcode', 'city', 'phone'] as const) if (!b[f].trim()) out[`billing.${f}`] = 'addressRequired';
    }
  } else if (freightPhoneMissing(ctx.hasFreight, ctx.chosenAddressPhone)) out.shippingAddressId = 'phoneForFreight';
  if (d.deliveryId === null) out.delivery = 'deliveryRequired';
  if (d.payment === null) out.payment = 'paymentRequired';
  if (ctx.undeliverable === 'all') out.undeliverable = 'undeliverableAll';
  else if (ctx.undeliverable === 'some' && !d.undeliverableConfirmed) out.undeliverable = 'undeliverableConfirm';
  if (!d.terms) out.terms = 'termsRequired';
  return out;
}

/** Form order of the problems: the first one gets the focus. */
export const PROBLEM_ORDER = [
  'cart',
  'email',
  'shipping.company',
  'vatNumber',
  'shipping.firstname',
  'shipping.lastname',
  'shipping.address1',
  'shipping.address2',
  'shipping.zipcode',
  'shipping.city',
  'shipping.state_id',
  'shipping.phone',
  'shippingAddressId',
  'billing.firstname',
  'billing.lastname',
  'billing.address1',
  'billing.address2',
  'billing.zipcode',
  'billing.city',
  'billing.state_id',
  'billing.phone',
  'delivery',
  'payment',
  'undeliverable',
  'terms',
];

// ------------------------------------------------------------------------------------ the guest

/** An address of the draft as the API takes it (trimmed; empty optional fields left out). */
export const addressBody = (a: AddressDraft, countryId: number, label: string) => ({
  label,
  title: (a.title === 2 ? 2 : 1) as 1 | 2,
  firstname: a.firstname.trim(),
  lastname: a.lastname.trim(),
  company: a.company.trim() || undefined,
  address1: a.address1.trim(),
  address2: a.address2.trim(),
  address3: a.address3.trim() || undefined,
  zipcode: a.zipcode.trim(),
  city: a.city.trim(),
  country_id: countryId,
  state_id: a.state_id ? Number(a.state_id) : undefined,
  phone: a.phone.trim(),
});

/** What an address looked like when it was saved: a changed one is saved anew. */
export const addressKey = (a: AddressDraft, countryId: number) => JSON.stringify(addressBody(a, countryId, ''));

/**
 * Who the guest is as a buyer: '' private; a company by its name, VAT number and exclusion wish.
 * The express customer was registered as this: another one is registered when it changes.
 */
export function buyerKey(d: CheckoutDraft): string {
  if (d.customerKind !== 'company') return '';
  return JSON.stringify([d.shipping.company.trim(), normalizeVat(d.vatNumber), d.excludeVat]);
}

/**
 * The guest's registration as express customer (`register` kind guest): names from the shipping
 * address, the address itself, and for a company its name, VAT number (normalised) and the wish
 * to buy without VAT (the API checks the number again and applies decision 0006).
 */
export function guestRegistration(d: CheckoutDraft, ctx: { countryId: number; locale: 'de_DE' | 'de_AT' | 'ro_RO'; label: string }): RegisterRequest {
  const body: RegisterRequest = {
    kind: 'guest',
    title: d.shipping.title === 2 ? 2 : 1,
    firstname: d.shipping.firstname.trim(),
    lastname: d.shipping.lastname.trim(),
    email: d.email.trim(),
    locale: ctx.locale,
    address: addressBody(d.shipping, ctx.countryId, ctx.label),
  };
  if (d.customerKind === 'company') {
    body.company = d.shipping.company.trim();
    body.vat_number = normalizeVat(d.vatNumber);
    body.exclude_vat = d.excludeVat;
  }
  return body;
}

// ------------------------------------------------------------------------------------ paying

export interface PayState {
  cartId: number;
  customerId: number;
  email: string;
  deliveryAddressId: number;
  invoiceAddressId: number;
  deliveryId: number;
  paymentModuleId: number;
  countryId: number;
  taxTitle: string;
  locale: 'de_DE' | 'de_AT' | 'ro_RO';
  isCompany: boolean;
  message: string;
  coupon: string;
  /** Some items are undeliverable and the shopper agreed to a partial delivery. */
  partialDelivery: boolean;
  guest: boolean;
}

/** The pay call's body (spec §7): every field from the state, nothing priced by the client. */
export function buildPayRequest(s: PayState): PayRequest {
  const body: PayRequest = {
    cart_id: s.cartId,
    customer_id: s.customerId,
    api_call: true,
    email: s.email || undefined,
    delivery_address_id: s.deliveryAddressId,
    invoice_address_id: s.invoiceAddressId,
    delivery_module_id: s.deliveryId,
    payment_module_id: s.paymentModuleId,
    postage_tax_rule_title: s.taxTitle,
    country_id: s.countryId,
    locale: s.locale,
    isCompany: s.isCompany,
    isCompleteDelivery: !s.partialDelivery,
    guest: s.guest,
  };
  const coupon = s.coupon.trim();
  if (coupon) body.appliedCoupon = coupon;
  const message = s.message.trim();
  if (message) body.message = message;
  return body;
}

export type NextStep = { kind: 'navigate'; url: string } | { kind: 'invalid' };

/**
 * Where a pay answer leads (spec §7: a redirect URL, or a card-provider session id starting
 * 'sessionId___', which opens the provider's step: here the local payment sandbox). Only
 * same-origin paths are followed.
 */
export function nextStep(answer: { redirect_url: string; session_id: string | null }): NextStep {
  const sid = answer.session_id;
  if (sid?.startsWith('sessionId___')) {
    const token = sid.slice('sessionId___'.length);
    if (/^[A-Za-z0-9_-]{10,64}$/.test(token)) return { kind: 'navigate', url: `/api/payment/local/${token}` };
  }
  const url = answer.redirect_url;
  if (/^\/(?!\/)/.test(url) && !url.includes('\\')) return { kind: 'navigate', url };
  return { kind: 'invalid' };
}

/** A pay attempt in progress (sessionStorage): a double click, a reload or a second submit sends the same request again at most. */
export interface PayingLock {
  cartId: number;
  at: number;
}

/** A lock older than this is stale (the request surely ended): the shopper may submit again. */
export const PAYING_LOCK_MS = 60_000;

export function parseLock(raw: string | null): PayingLock | null {
  if (!raw) return null;
  try {
    const o = JSON.parse(raw) as Record<string, unknown>;
    const cartId = posInt(o.cartId),
      at = typeof o.at === 'number' && Number.isFinite(o.at) ? o.at : 0;
    return cartId && at ? { cartId, at } : null;
  } catch {
    return null;
  }
}

/** Whether a lock holds for this cart now (a submit must not start a second request). */
export function lockHolds(lock: PayingLock | null, cartId: number, now: number): boolean {
  return !!lock && lock.cartId === cartId && now - lock.at >= 0 && now - lock.at < PAYING_LOCK_MS;
}

// ------------------------------------------------------------------------------------ outcome pages

/** Spec §4: 2-minute wait before retrying a payment. */
export const PAYMENT_RETRY_MS = 120_000;

/** Seconds left before a new payment may start (0: now). */
export function retrySecondsLeft(failedAt: number | null, now: number): number {
  if (failedAt === null || !Number.isFinite(failedAt)) return 0;
  // a time in the future (clock changed): the whole wait
  if (failedAt > now) return PAYMENT_RETRY_MS / 1000;
  return Math.max(0, Math.ceil((failedAt + PAYMENT_RETRY_MS - now) / 1000));
}

/** '1:05' */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The order a pay answer made, as kept for /order-placed (sessionStorage, by cart id). */
export interface PlacedOrder {
  cartId: number;
  orderId: number;
  ref: string;
  total: number;
  payment: PaymentCode;
  guestInvoicePath: string;
  bankTransfer: { iban: string; bic: string; name: string; amount: number; currency: string; reference: string } | null;
}

export function parsePlaced(raw: string | null, cartId: number): PlacedOrder | null {
  if (!raw) return null;
  try {
    const o = JSON.parse(raw) as PlacedOrder;
    if (o && o.cartId === cartId && posInt(o.orderId) && typeof o.ref === 'string' && typeof o.guestInvoicePath === 'string') return o;
  } catch {
    // malformed: none
  }
  return null;
}

/** Spec §4: the cart id of an outcome page comes from its `cart_id` query parameter (numeric, > 0). */
export function outcomeCartId(search: string): number {
  const raw = new URLSearchParams(search).get('cart_id');
  return raw !== null && /^\d{1,16}$/.test(raw.trim()) && Number(raw) > 0 ? Number(raw) : 0;
}
