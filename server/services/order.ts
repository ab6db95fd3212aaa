/**
 * Orders: a pay request turns a cart into an order in ONE transaction (stock checked and taken,
 * prices recomputed, coupon applied and recorded). Card-style payments then wait for the local
 * payment page: approve marks the order paid and closes the cart; decline or cancel closes the
 * order as payment error, gives the stock and the coupon back and keeps the cart, which may pay
 * again after the retry wait (spec §4: 2 minutes).
 */
import { fromCents, orderTotal } from '../../src/catalog/prices.ts';
import { DEFAULT_DELIVERY_ID } from '../../src/api/contract/delivery.ts';
import { ERRORS } from '../../src/api/contract/common.ts';
import { cancellable, type OrderItem, type OrderProductItem, type OrderStatus } from '../../src/api/contract/order.ts';
import type { PaymentCode, PayRequest } from '../../src/api/contract/payment.ts';
import type { z } from 'zod';
import type { PayRequest as PayRequestSchema } from '../../src/api/contract/payment.ts';
import { isoNow, type Deps } from '../context.ts';
import { transaction } from '../db/open.ts';
import { guestInvoiceHash, randomToken } from '../lib/auth.ts';
import { HttpError } from '../lib/errors.ts';
import type { CustomerRow } from '../db/rows.ts';
import { countryTitle, type AddressRow } from './address.ts';
import { activePayments, couponEmail, couponProblem, findCoupon, isRedirecting, loadCart, postageFor, priceCart, type CartRow } from './cart.ts';

export type PayBody = z.output<typeof PayRequestSchema>;
export type { PayRequest };

export interface OrderRow {
  id: number;
  ref: string;
  customer_id: number;
  cart_id: number;
  status: OrderStatus;
  payment_module_id: number;
  delivery_module_id: number;
  local_pickup: number;
  invoice_address: string;
  delivery_address: string;
  country_id: number;
  currency: string;
  locale: string | null;
  vat_excluded: number;
  goods_cents: number;
  goods_net_cents: number;
  vat_cents: number;
  postage_cents: number;
  postage_net_cents: number;
  discount_cents: number;
  total_cents: number;
  coupon_code: string | null;
  message: string | null;
  tracking_number: string | null;
  payment_token: string | null;
  paid_at: string | null;
  shipped_at: string | null;
  created_at: string;
  updated_at: string;
}

interface OrderProductRow {
  id: number;
  order_id: number;
  product_id: number;
  pse_id: number;
  ref: string;
  title: string;
  quantity: number;
  unit_net_cents: number;
  unit_cents: number;
  vat_percent: number;
  total_cents: number;
  allocation: string;
}

export interface PayOutcome {
  order: OrderRow;
  repeated: boolean;
  redirectUrl: string;
}

const LIVE = `status NOT IN ('payment_error', 'canceled')`;

function snapshotAddress(deps: Deps, a: AddressRow) {
  return {
    FIRSTNAME: a.firstname,
    LASTNAME: a.lastname,
    COMPANY: a.company,
    ADDRESS1: a.address1,
    ADDRESS2: a.address2,
    ADDRESS3: a.address3,
    ZIPCODE: a.zipcode,
    CITY: a.city,
    COUNTRY_ID: a.country_id,
    COUNTRY_TITLE: countryTitle(deps, a.country_id),
    PHONE: a.phone,
  };
}

export function successUrl(cartId: number) {
  return `/order-placed?cart_id=${cartId}`;
}
export function failureUrl(cartId: number) {
  return `/order-failed?cart_id=${cartId}`;
}
export function paymentPageUrl(token: string) {
  return `/api/payment/local/${token}`;
}

function redirectFor(order: OrderRow, code: PaymentCode): string {
  if (order.status === 'not_paid' && order.payment_token && isRedirecting(code)) return paymentPageUrl(order.payment_token);
  return successUrl(order.cart_id);
}

export function paymentCode(deps: Deps, moduleId: number): PaymentCode {
  return (deps.sql('SELECT code FROM payment_module WHERE id = ?').get(moduleId) as { code: PaymentCode }).code;
}

/** The whole pay request: validation outside, every write inside one transaction. */
export function placeOrder(deps: Deps, code: PaymentCode, body: PayBody, customer: CustomerRow): PayOutcome {
  if (body.customer_id !== customer.id) throw new HttpError(403, ERRORS.forbidden);
  return transaction(deps.db, () => {
    const raw = deps.sql('SELECT * FROM cart WHERE id = ?').get(body.cart_id) as CartRow | undefined;
    if (!raw || (raw.customer_id !== null && raw.customer_id !== customer.id)) throw new HttpError(404, ERRORS.cartNotFound);
    // a repeated request for the same cart answers with the order the first one made
    const live = deps.sql(`SELECT * FROM orders WHERE cart_id = ? AND ${LIVE}`).get(raw.id) as OrderRow | undefined;
    if (live) return { order: live, repeated: true, redirectUrl: redirectFor(live, paymentCode(deps, live.payment_module_id)) };
    const cart = loadCart(deps, raw.id, customer);
    if (cart.payment_failed_at !== null && deps.now() - cart.payment_failed_at < deps.config.paymentRetrySeconds * 1000) throw new HttpError(429, ERRORS.paymentRetryWait);

    // addresses: the customer's own, default when not given
    const addressOf = (id: number | undefined) => {
      const wanted = id ?? customer.default_address_id;
      if (wanted === null || wanted === undefined) throw new HttpError(400, ERRORS.addressRequired, [{ field: 'delivery_address_id', message: ERRORS.addressRequired }]);
      const row = deps.sql('SELECT * FROM address WHERE id = ? AND customer_id = ?').get(wanted, customer.id) as AddressRow | undefined;
      if (!row) throw new HttpError(404, ERRORS.addressNotFound);
      return row;
    };
    const delivery = addressOf(body.delivery_address_id);
    const invoice = body.invoice_address_id !== undefined ? addressOf(body.invoice_address_id) : delivery;
    const countryId = delivery.country_id;
    const moduleId = body.delivery_module_id ?? cart.delivery_module_id ?? DEFAULT_DELIVERY_ID;
    const couponCode = body.appliedCoupon?.trim() ? body.appliedCoupon.trim() : cart.coupon_code;

    const priced = priceCart(deps, { ...cart, customer_id: customer.id }, customer, { countryId, deliveryModuleId: moduleId, couponCode });
    if (!priced.lines.length) throw new HttpError(400, ERRORS.orderFailed, [{ field: 'cart_id', message: 'the cart is empty' }]);
    // Undeliverable items: refused unless the shopper agreed to a partial delivery
    // (isCompleteDelivery false); then the order is what can be sent (the sums already leave them out).
    const shipped = priced.lines.filter((l) => !l.undeliverable);
    if (shipped.length === 0 || (shipped.length < priced.lines.length && body.isCompleteDelivery !== false)) throw new HttpError(400, ERRORS.undeliverable);
    const postage = postageFor(deps, moduleId, countryId, priced, priced.vatExcluded);
    if (!postage.available) throw new HttpError(400, ERRORS.deliveryOptionsFailed, [{ field: 'delivery_module_id', message: 'not available for this cart and country' }]);
    const methods = activePayments(deps, priced, countryId, customer);
    const method = methods.find((m) => m.code === code);
    if (!method || (body.payment_module_id !== undefined && body.payment_module_id !== method.id)) throw new HttpError(400, ERRORS.paymentMethodUnavailable);
    if (couponCode) {
      // checked inside the transaction that records the use: two orders cannot both pass
      const problem = couponProblem(deps, findCoupon(deps, couponCode), priced.goodsCents, customer.email);
      if (problem) throw new HttpError(400, problem, [{ field: 'appliedCoupon', message: problem }]);
    }
    const total = orderTotal(priced.goodsCents, postage.taxedCents, priced.discountCents);

    const now = isoNow(deps);
    const redirecting = isRedirecting(code);
    const token = redirecting ? randomToken(24) : null;
    const orderId = Number(
      deps
        .sql(
          `INSERT INTO orders (customer_id, cart_id, status, payment_module_id, delivery_module_id, local_pickup, invoice_address, delivery_address, country_id,
             currency, locale, vat_excluded, goods_cents, goods_net_cents, vat_cents, postage_cents, postage_net_cents, discount_cents, total_cents,
             coupon_code, message, payment_token, created_at, updated_at)
           VALUES (?, ?, 'not_paid', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          customer.id,
          cart.id,
          method.id,
          moduleId,
          moduleId === 80 ? 1 : 0,
          JSON.stringify(snapshotAddress(deps, invoice)),
          JSON.stringify(snapshotAddress(deps, delivery)),
          countryId,
          cart.currency,
          body.locale ?? null,
          priced.vatExcluded ? 1 : 0,
          priced.goodsCents,
          priced.goodsNetCents,
          priced.goodsCents - priced.goodsNetCents,
          postage.taxedCents,
          postage.netCents,
          priced.discountCents,
          total,
          priced.couponValid ? couponCode : null,
          body.message ?? null,
          token,
          now,
          now,
        ).lastInsertRowid,
    );
    const ref = `ORD${String(orderId).padStart(9, '0')}`;
    deps.sql('UPDATE orders SET ref = ? WHERE id = ?').run(ref, orderId);

    const takeStock = deps.sql('UPDATE pse SET quantity = quantity - ? WHERE id = ? AND quantity >= ?');
    const centres = deps.sql(
      'SELECT s.center_id, s.quantity FROM pse_stock s JOIN fulfilment_center f ON f.id = s.center_id WHERE s.pse_id = ? AND s.quantity > 0 ORDER BY f.delay_days, f.id',
    );
    const takeCentre = deps.sql('UPDATE pse_stock SET quantity = quantity - ? WHERE pse_id = ? AND center_id = ?');
    const insertProduct = deps.sql(
      `INSERT INTO order_product (order_id, product_id, pse_id, ref, title, quantity, unit_net_cents, unit_cents, vat_percent, total_cents, allocation)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const line of shipped) {
      if (takeStock.run(line.quantity, line.pseId, line.quantity).changes !== 1)
        throw new HttpError(409, ERRORS.notEnoughStock, [{ field: `cart_item.${line.itemId}`, message: `${line.ref}: not enough stock` }]);
      const allocation: [number, number][] = [];
      let left = line.quantity;
      for (const c of centres.all(line.pseId) as { center_id: number; quantity: number }[]) {
        if (left <= 0) break;
        const take = Math.min(left, c.quantity);
        takeCentre.run(take, line.pseId, c.center_id);
        allocation.push([c.center_id, take]);
        left -= take;
      }
      insertProduct.run(
        orderId,
        line.productId,
        line.pseId,
        line.ref,
        line.title,
        line.quantity,
        line.unitNetCents,
        line.unitCents,
        line.vatPercent,
        line.totalCents,
        JSON.stringify(allocation),
      );
    }
    if (priced.couponValid && couponCode)
      deps.sql('INSERT INTO coupon_usage (code, customer_id, order_id, email) VALUES (?, ?, ?, ?)').run(couponCode, customer.id, orderId, couponEmail(customer.email));
    // card-style: the cart waits for the payment page; otherwise the order is placed and the cart closed
    deps.sql('UPDATE cart SET customer_id = ?, status = ?, updated_at = ? WHERE id = ?').run(customer.id, redirecting ? 'pending' : 'ordered', now, cart.id);
    const order = deps.sql('SELECT * FROM orders WHERE id = ?').get(orderId) as unknown as OrderRow;
    return { order, repeated: false, redirectUrl: redirecting ? paymentPageUrl(token!) : successUrl(cart.id) };
  });
}

/** Gives back stock (to the centres it came from) and coupon of an order. Inside a transaction. */
function release(deps: Deps, order: OrderRow) {
  const products = deps.sql('SELECT * FROM order_product WHERE order_id = ?').all(order.id) as unknown as OrderProductRow[];
  for (const p of products) {
    deps.sql('UPDATE pse SET quantity = quantity + ? WHERE id = ?').run(p.quantity, p.pse_id);
    for (const [centre, qty] of JSON.parse(p.allocation) as [number, number][])
      deps.sql('UPDATE pse_stock SET quantity = quantity + ? WHERE pse_id = ? AND center_id = ?').run(qty, p.pse_id, centre);
  }
  deps.sql('DELETE FROM coupon_usage WHERE order_id = ?').run(order.id);
}

export type Decision = 'approve' | 'decline' | 'cancel';

/** The payment page's answer. Idempotent: a second decision on a decided order changes nothing. */
export function decidePayment(deps: Deps, token: string, decision: Decision): { order: OrderRow; url: string } | null {
  return transaction(deps.db, () => {
    const order = deps.sql('SELECT * FROM orders WHERE payment_token = ?').get(token) as OrderRow | undefined;
    if (!order) return null;
    if (order.status !== 'not_paid') return { order, url: order.status === 'payment_error' || order.status === 'canceled' ? failureUrl(order.cart_id) : successUrl(order.cart_id) };
    const now = isoNow(deps);
    if (decision === 'approve') {
      deps.sql(`UPDATE orders SET status = 'paid', paid_at = ?, updated_at = ? WHERE id = ?`).run(now, now, order.id);
      deps.sql(`UPDATE cart SET status = 'ordered', updated_at = ? WHERE id = ?`).run(now, order.cart_id);
      return { order: { ...order, status: 'paid' }, url: successUrl(order.cart_id) };
    }
    release(deps, order);
    deps.sql(`UPDATE orders SET status = 'payment_error', updated_at = ? WHERE id = ?`).run(now, order.id);
    deps.sql(`UPDATE cart SET status = 'open', payment_failed_at = ?, updated_at = ? WHERE id = ?`).run(deps.now(), now, order.cart_id);
    return { order: { ...order, status: 'payment_error' }, url: failureUrl(order.cart_id) };
  });
}

/** Customer's cancel: only before the order is sent. */
export function cancelOrder(deps: Deps, orderId: number, customerId: number): OrderRow {
  return transaction(deps.db, () => {
    const order = deps.sql('SELECT * FROM orders WHERE id = ? AND customer_id = ?').get(orderId, customerId) as OrderRow | undefined;
    if (!order) throw new HttpError(404, ERRORS.orderNotFound);
    if (!cancellable(order.status)) throw new HttpError(409, ERRORS.cancelFailed, [{ field: 'order_id', message: `the order is ${order.status}` }]);
    release(deps, order);
    const now = isoNow(deps);
    deps.sql(`UPDATE orders SET status = 'canceled', updated_at = ? WHERE id = ?`).run(now, order.id);
    // a pending card payment gives its cart back
    deps.sql(`UPDATE cart SET status = 'open', updated_at = ? WHERE id = ? AND status = 'pending'`).run(now, order.cart_id);
    return { ...order, status: 'canceled' };
  });
}

export function guestInvoicePath(deps: Deps, ref: string): string {
  return `/guest/invoice/${ref}/${guestInvoiceHash(deps.config.secret, ref)}`;
}

export function orderItem(deps: Deps, o: OrderRow): OrderItem {
  const payment = deps.sql('SELECT code FROM payment_module WHERE id = ?').get(o.payment_module_id) as { code: string } | undefined;
  const delivery = deps.sql('SELECT title FROM delivery_module WHERE id = ?').get(o.delivery_module_id) as { title: string } | undefined;
  return {
    ID: o.id,
    REF: o.ref,
    CUSTOMER_ID: o.customer_id,
    CART_ID: o.cart_id,
    STATUS: o.status,
    CREATE_DATE: o.created_at,
    PAYMENT_MODULE: payment?.code ?? '',
    PAYMENT_MODULE_ID: o.payment_module_id,
    DELIVERY_MODULE: delivery?.title ?? '',
    DELIVERY_MODULE_ID: o.delivery_module_id,
    CURRENCY: o.currency,
    COUNTRY_ID: o.country_id,
    GOODS: fromCents(o.goods_cents),
    GOODS_NET: fromCents(o.goods_net_cents),
    VAT: fromCents(o.vat_cents),
    POSTAGE: fromCents(o.postage_cents),
    DISCOUNT: fromCents(o.discount_cents),
    TOTAL: fromCents(o.total_cents),
    COUPON_CODE: o.coupon_code,
    VAT_EXCLUDED: o.vat_excluded === 1,
    MESSAGE: o.message,
    TRACKING_NUMBER: o.tracking_number,
    LOCAL_PICKUP: o.local_pickup === 1,
    INVOICE_ADDRESS: JSON.parse(o.invoice_address),
    DELIVERY_ADDRESS: JSON.parse(o.delivery_address),
    INVOICE_URL: `/api/ExternalOrderApi/order/${o.id}/invoice`,
  };
}

export function orderProducts(deps: Deps, orderId: number): OrderProductItem[] {
  const rows = deps.sql('SELECT * FROM order_product WHERE order_id = ? ORDER BY id').all(orderId) as unknown as OrderProductRow[];
  return rows.map((p) => ({
    ID: p.id,
    ORDER_ID: p.order_id,
    PRODUCT_ID: p.product_id,
    PRODUCT_SALE_ELEMENTS_ID: p.pse_id,
    REF: p.ref,
    TITLE: p.title,
    QUANTITY: p.quantity,
    PRICE: fromCents(p.unit_net_cents),
    TAXED_PRICE: fromCents(p.unit_cents),
    VAT_PERCENT: p.vat_percent,
    TOTAL_TAXED_PRICE: fromCents(p.total_cents),
  }));
}

/** The order if it is the customer's; someone else's is 'Order not found' (nothing revealed). */
export function ownOrder(deps: Deps, orderId: number, customer: CustomerRow): OrderRow {
  const order = deps.sql('SELECT * FROM orders WHERE id = ? AND customer_id = ?').get(orderId, customer.id) as OrderRow | undefined;
  if (!order) throw new HttpError(404, ERRORS.orderNotFound);
  return order;
}
