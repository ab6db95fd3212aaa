/**
 * Placing the order (spec §4 Order, §7 the pay calls, §8 texts): who buys (the logged-in
 * customer, or a guest registered as express customer through `register` kind guest, a company
 * with its VAT number, and kept 30 minutes with `saveExpress`), the delivery and invoice address
 * ids, the cart read again when the guest company buys without VAT (the total charged is the total
 * shown), then the pay call of the chosen method with every field of buildPayRequest. One request
 * per cart at a time (the pay lock); the server answers a repeated request for the same cart
 * with the same order, so a reload, a second tab or a retry after a lost answer never makes two
 * orders.
 */
import { ApiError, call, connectionErrorText } from '../api/client.ts';
import { ERRORS } from '../api/contract/common.ts';
import { PAY_ENDPOINTS } from '../api/contract/paths.ts';
import type { PaymentMethod } from '../api/contract/payment.ts';
import { m } from '../i18n/generated/messages.js';
import { orderTotal, toCents } from '../catalog/prices.ts';
import { refreshCart } from './cart-actions.ts';
import { addressBody, addressKey, buildPayRequest, buyerKey, guestRegistration, lockHolds, nextStep, type AddressDraft, type CheckoutDraft } from './checkout-rules.ts';
import { readLock, savePlaced, setLock } from './checkout.ts';
import { couponErrorText } from './coupon-actions.ts';
import { appliedCoupon } from './coupon.ts';
import { computeDelivery } from './delivery-actions.ts';
import { deliveryState } from './delivery.ts';
import { readExpressSession, readSession, saveExpress } from './session.ts';

export interface SubmitInput {
  draft: CheckoutDraft;
  cartId: number;
  countryId: number;
  taxTitle: string;
  locale: 'de_DE' | 'de_AT' | 'ro_RO';
  methods: readonly PaymentMethod[];
  partialDelivery: boolean;
  /** The shop's label for a new address ('Lieferadresse'). */
  labels: { shipping: string; billing: string };
  /** The total the shopper saw beside the button (cents): when the buyer's registration may change the prices, another priced total stops the order. */
  shownTotal: number;
}

export type SubmitResult =
  | { ok: true; url: string }
  /** fields: the server's word per field id of the form ('shipping.zipcode'). */
  | { ok: false; message: string; fields?: Record<string, string>; accountExists?: boolean }
  /** The guest's registration changed the prices (VAT excluded): the summary shows them now; nothing paid. */
  | { ok: false; repriced: true; message: string }
  /** Another request for this cart is under way: nothing sent. */
  | { ok: false; busy: true; message: string };

/** The registration's own fields (not the address's) as the checkout's field ids. */
const REGISTER_FIELD: Record<string, string> = { email: 'email', vat_number: 'vatNumber', company: 'shipping.company' };

/** The server's field issues ('address.zipcode': 'Invalid postal format') as form field ids. */
function fieldIssues(error: unknown, prefix: string): Record<string, string> | undefined {
  if (!(error instanceof ApiError) || error.kind !== 'server') return undefined;
  const issues = error.issues;
  if (!issues.length) return undefined;
  const out: Record<string, string> = {};
  for (const i of issues) out[REGISTER_FIELD[i.field] ?? `${prefix}.${i.field.replace(/^address\./, '')}`] = i.message;
  return out;
}

class Stop extends Error {
  readonly result: SubmitResult;
  constructor(result: SubmitResult) {
    super('stop');
    this.result = result;
  }
}

interface Buyer {
  customerId: number;
  email: string;
  deliveryAddressId: number;
  invoiceAddressId: number;
  guest: boolean;
  isCompany: boolean;
  /** The express customer (now or the one before it) buys without VAT: the cart's prices may differ from those shown. */
  mayBeNet: boolean;
}

/** The guest as express customer: registered once (30 minutes), a changed address added to it. */
async function guestBuyer(input: SubmitInput): Promise<Buyer> {
  const d = input.draft;
  const email = d.email.trim();
  const shipKey = addressKey(d.shipping, input.countryId);
  const who = buyerKey(d);
  let express = readExpressSession();
  // the cart was priced for this express customer until now (its token prices the anonymous cart)
  const wasNet = !!express?.excludeVat;
  // registered once per e-mail and buyer (a guest who now buys as a company, or with another VAT number, is registered as that)
  if (!express || express.email.toLowerCase() !== email.toLowerCase() || express.buyerKey !== who) {
    try {
      const answer = await call('register', { body: guestRegistration(d, { countryId: input.countryId, locale: input.locale, label: input.labels.shipping }) });
      saveExpress({
        token: answer.data.token,
        expiresAt: answer.data.expiresAt,
        customerId: answer.data.customer_id,
        addressId: answer.data.address_id,
        email,
        addressKey: shipKey,
        buyerKey: who,
        excludeVat: answer.data.customer.EXCLUDE_VAT,
      });
      express = readExpressSession();
    } catch (error) {
      if (error instanceof ApiError && error.serverMessage === ERRORS.accountExists) throw new Stop({ ok: false, message: m.checkout_accountExists(), accountExists: true });
      // the API's own VAT check (the browser's said valid, or could not ask): on the field, in the shop's words
      if (error instanceof ApiError && (error.serverMessage === ERRORS.vatInvalid || error.serverMessage === ERRORS.vatError)) {
        const text = error.serverMessage === ERRORS.vatInvalid ? m.account_vatInvalid() : m.account_vatError();
        throw new Stop({ ok: false, message: m.checkout_errorsTitle(), fields: { vatNumber: text } });
      }
      const fields = fieldIssues(error, 'shipping');
      throw new Stop({ ok: false, message: error instanceof ApiError && error.kind === 'connection' ? connectionErrorText() : m.checkout_registerFailed(), fields });
    }
    if (!express) throw new Stop({ ok: false, message: m.checkout_registerFailed() });
  } else if (express.addressKey !== shipKey || !express.addressId) {
    const id = await newAddress(d.shipping, input, 'shipping', express.customerId);
    saveExpress({ ...express, addressId: id, addressKey: shipKey });
    express = readExpressSession()!;
  }
  let invoice = express.addressId!;
  if (!d.billingSame) invoice = await newAddress(d.billing, input, 'billing', express.customerId);
  return {
    customerId: express.customerId,
    email,
    deliveryAddressId: express.addressId!,
    invoiceAddressId: invoice,
    guest: true,
    isCompany: d.customerKind === 'company',
    mayBeNet: express.excludeVat || wasNet,
  };
}

async function newAddress(a: AddressDraft, input: SubmitInput, which: 'shipping' | 'billing', customerId: number): Promise<number> {
  try {
    const answer = await call('addressCreate', { body: { ...addressBody(a, input.countryId, input.labels[which]), customer_id: customerId } });
    return answer.data.ID;
  } catch (error) {
    throw new Stop({
      ok: false,
      message: error instanceof ApiError && error.kind === 'connection' ? connectionErrorText() : m.checkout_addressFailed(),
      fields: fieldIssues(error, which),
    });
  }
}

/**
 * The cart's total as the API prices it for the current buyer (the guest's token): the cart and
 * its delivery cost are read again into their stores, so the summary shows what this returns
 * (cents, and whether it is net; null when either could not be read).
 */
async function pricedTotal(input: SubmitInput): Promise<{ total: number; net: boolean } | null> {
  const cart = await refreshCart();
  if (!cart) return null;
  await computeDelivery({ cartId: input.cartId, countryId: input.countryId, locale: input.locale, key: `${input.cartId}|${input.countryId}|priced-for-buyer` }, { force: true });
  const delivery = deliveryState.get();
  if (delivery.status !== 'ready') return null;
  return { total: orderTotal(toCents(cart.totals.goods), delivery.cents, toCents(cart.totals.discount)), net: cart.vatExcluded };
}

/** The shopper's words for a refused pay call (spec §8). */
export function payErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return m.checkout_submitError();
  if (error.kind === 'connection') return m.checkout_submitError();
  switch (error.serverMessage) {
    case ERRORS.paymentRetryWait:
      return m.checkout_retryWait();
    case ERRORS.pleaseLoginAgain:
    case ERRORS.forbidden:
      return m.checkout_loginRequired();
    case ERRORS.deliveryOptionsFailed:
      return m.checkout_deliveryFailed();
    case ERRORS.notEnoughStock:
      return m.checkout_stock();
    case ERRORS.undeliverable:
      return m.checkout_undeliverable();
    case ERRORS.paymentMethodUnavailable:
      return m.checkout_paymentUnavailable();
    case ERRORS.amazonPay:
      return m.checkout_amazon();
    case ERRORS.couponNotFound:
    case ERRORS.couponExpired:
    case ERRORS.couponMinimum:
    case ERRORS.couponUsed:
      return couponErrorText(error);
    case ERRORS.cartNotFound:
      return m.checkout_cartGone();
    default:
      return m.checkout_orderFailed();
  }
}

let inFlight = false;
/**
 * The page is being left (a reload, the back button): a pay request cut off by it fails here, yet
 * the server may be placing the order, so its lock stays for the next page to resume (one order).
 */
let leaving = false;
if (typeof addEventListener === 'function') {
  addEventListener('pagehide', () => (leaving = true));
  addEventListener('pageshow', () => (leaving = false));
}

/**
 * Places the order. A second call while one runs (double click), or while this tab's lock for the
 * cart holds (unless `resume`, after a reload), sends nothing.
 */
export async function submitOrder(input: SubmitInput, options: { resume?: boolean; now?: () => number } = {}): Promise<SubmitResult> {
  const now = options.now ?? Date.now;
  if (inFlight || (!options.resume && lockHolds(readLock(), input.cartId, now()))) return { ok: false, busy: true, message: m.checkout_processing() };
  inFlight = true;
  setLock({ cartId: input.cartId, at: now() });
  let navigating = false;
  try {
    const method = input.methods.find((p) => p.code === input.draft.payment);
    if (!method) return { ok: false, message: m.checkout_paymentUnavailable() };
    const session = readSession();
    let buyer: Buyer;
    if (session) {
      const delivery = input.draft.shippingAddressId || session.addressId;
      if (!delivery) return { ok: false, message: m.checkout_addressMissing() };
      buyer = {
        customerId: session.customerId,
        email: session.email,
        deliveryAddressId: delivery,
        invoiceAddressId: input.draft.billingSame ? delivery : input.draft.billingAddressId || delivery,
        guest: false,
        isCompany: session.isCompany,
        mayBeNet: false,
      };
    } else buyer = await guestBuyer(input);

    // Shown = charged: a guest company buying without VAT makes the cart net only once it is the
    // cart's buyer. Its cart is read again as the API prices it for this buyer; a total other than
    // the one shown stops here, with the new sums on screen (the next click pays them, the same
    // express customer).
    if (buyer.mayBeNet) {
      const charged = await pricedTotal(input);
      if (charged === null) return { ok: false, message: m.checkout_submitError() };
      if (charged.total !== input.shownTotal) return { ok: false, repriced: true, message: charged.net ? m.checkout_repriced() : m.checkout_repricedGross() };
    }

    const body = buildPayRequest({
      cartId: input.cartId,
      customerId: buyer.customerId,
      email: buyer.email,
      deliveryAddressId: buyer.deliveryAddressId,
      invoiceAddressId: buyer.invoiceAddressId,
      deliveryId: input.draft.deliveryId!,
      paymentModuleId: method.id,
      countryId: input.countryId,
      taxTitle: input.taxTitle,
      locale: input.locale,
      isCompany: buyer.isCompany,
      message: input.draft.message,
      coupon: appliedCoupon.get(),
      partialDelivery: input.partialDelivery,
      guest: buyer.guest,
    });
    let answer: unknown;
    try {
      answer = await call(PAY_ENDPOINTS[method.code], { body: body as never, timeoutMs: 20_000 });
    } catch (error) {
      return { ok: false, message: payErrorText(error) };
    }
    const data = (
      answer as {
        data: {
          order_id: number;
          order_ref: string;
          total: number;
          redirect_url: string;
          session_id: string | null;
          guest_invoice_path: string;
          bank_transfer: null | { iban: string; bic: string; name: string; amount: number; currency: string; reference: string };
        };
      }
    ).data;
    savePlaced({
      cartId: input.cartId,
      orderId: data.order_id,
      ref: data.order_ref,
      total: data.total,
      payment: method.code,
      guestInvoicePath: data.guest_invoice_path,
      bankTransfer: data.bank_transfer,
    });
    const step = nextStep(data);
    if (step.kind !== 'navigate') return { ok: false, message: m.checkout_orderFailed() };
    navigating = true;
    return { ok: true, url: step.url };
  } catch (error) {
    if (error instanceof Stop) return error.result;
    console.warn('checkout:', error);
    return { ok: false, message: m.checkout_submitError() };
  } finally {
    inFlight = false;
    // the lock stays while the browser leaves for the payment page (a reload there resumes, never
    // repeats), and when the page is left while the request runs (a reload resumes it)
    if (!navigating && !leaving) setLock(null);
  }
}
