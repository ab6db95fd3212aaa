/**
 * Payment methods, coupons, the pay endpoints, the local payment page, PayPal accept/cancel,
 * the bank-transfer QR code.
 */
import type { Hono } from 'hono';
import { ERRORS } from '../../src/api/contract/common.ts';
import { PAYMENT_CODES } from '../../src/api/contract/payment.ts';
import { couponDiscountCents, fromCents, orderTotal } from '../../src/catalog/prices.ts';
import { PAY_ENDPOINTS } from '../../src/api/contract/paths.ts';
import type { Deps } from '../context.ts';
import { epcPayload, epcQrDataUrl } from '../lib/epc.ts';
import { HttpError } from '../lib/errors.ts';
import { mailLanguage, orderConfirmationMail } from '../lib/mail-texts.ts';
import { idParam, route, type CustomerRow } from '../middleware/route.ts';
import { activePayments, cartCustomer, couponProblem, findCoupon, loadCart, priceCart } from '../services/cart.ts';
import { decidePayment, guestInvoicePath, ownOrder, paymentCode, placeOrder, type Decision, type OrderRow } from '../services/order.ts';

function bankTransfer(deps: Deps, order: OrderRow) {
  const { iban, bic, name } = deps.config.bank;
  return { iban, bic, name, amount: fromCents(order.total_cents), currency: order.currency, reference: order.ref };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function confirmationMail(deps: Deps, order: OrderRow) {
  const customer = deps.sql('SELECT email, firstname, locale FROM customer WHERE id = ?').get(order.customer_id) as { email: string; firstname: string; locale: string | null };
  const transfer = paymentCode(deps, order.payment_module_id) === 'Vorkasse' ? deps.config.bank : undefined;
  const mail = orderConfirmationMail(mailLanguage(order.locale, customer.locale), {
    firstname: customer.firstname,
    ref: order.ref,
    total: fromCents(order.total_cents),
    currency: order.currency,
    invoiceUrl: `${deps.config.publicUrl}${guestInvoicePath(deps, order.ref)}`,
    transfer,
  });
  deps.mail({ to: customer.email, ...mail });
}

export function registerPayment(app: Hono, deps: Deps) {
  route(app, deps, 'activePayment', ({ params, customer }) => {
    const row = loadCart(deps, idParam(params.cartId, new HttpError(404, ERRORS.cartNotFound)), customer);
    const owner = cartCustomer(deps, row, customer);
    const priced = priceCart(deps, row, owner);
    return { status_code: 200 as const, data: activePayments(deps, priced, row.country_id, owner) };
  });

  route(app, deps, 'insertCoupon', ({ body, customer }) => {
    const row = loadCart(deps, body.cart_id, customer, { forUpdate: true });
    if (body.customer_id !== undefined && row.customer_id !== null && body.customer_id !== row.customer_id) throw new HttpError(404, ERRORS.cartNotFound);
    if (body.customer_id !== undefined && row.customer_id === null && body.customer_id !== customer?.id) throw new HttpError(403, ERRORS.forbidden);
    const owner = cartCustomer(deps, row, customer);
    const priced = priceCart(deps, row, owner, { couponCode: null });
    const coupon = findCoupon(deps, body.coupon_code);
    const problem = couponProblem(deps, coupon, priced.goodsCents, owner?.email ?? null);
    if (problem) throw new HttpError(problem === ERRORS.couponNotFound ? 404 : 400, problem);
    deps.sql('UPDATE cart SET coupon_code = ? WHERE id = ?').run(coupon!.code, row.id);
    const discount = couponDiscountCents(priced.goodsCents, coupon!);
    return {
      status_code: 200 as const,
      data: { coupon_code: coupon!.code, type: coupon!.type, discount: fromCents(discount), total: fromCents(orderTotal(priced.goodsCents, priced.shipmentCents, discount)) },
    };
  });

  route(app, deps, 'removeCoupon', ({ body, customer }) => {
    const row = loadCart(deps, body.cart_id, customer, { forUpdate: true });
    if (body.customer_id !== undefined && row.customer_id !== null && body.customer_id !== row.customer_id) throw new HttpError(404, ERRORS.cartNotFound);
    deps.sql('UPDATE cart SET coupon_code = NULL WHERE id = ?').run(row.id);
    return { status_code: 200 as const, status: 'ok' as const, data: priceCart(deps, { ...row, coupon_code: null }, cartCustomer(deps, row, customer)).cart };
  });

  for (const code of PAYMENT_CODES) {
    route(app, deps, PAY_ENDPOINTS[code], ({ body, customer }) => {
      const outcome = placeOrder(deps, code, body as never, customer as CustomerRow);
      const { order } = outcome;
      if (!outcome.repeated && outcome.redirectUrl.startsWith('/order-placed')) confirmationMail(deps, order);
      return {
        status_code: 200 as const,
        data: {
          order_id: order.id,
          order_ref: order.ref,
          status: order.status,
          redirect_url: outcome.redirectUrl,
          session_id: code === 'StripePayment' && order.payment_token ? `sessionId___${order.payment_token}` : null,
          total: fromCents(order.total_cents),
          bank_transfer: code === 'Vorkasse' ? bankTransfer(deps, order) : null,
          guest_invoice_path: guestInvoicePath(deps, order.ref),
          repeated: outcome.repeated,
        },
      };
    });
  }

  route(app, deps, 'amazonPay', () => {
    throw new HttpError(400, ERRORS.amazonPay);
  });

  const decide = (token: string, decision: Decision) => {
    if (!/^[A-Za-z0-9_-]{10,64}$/.test(token)) throw new HttpError(404, ERRORS.orderNotFound);
    const result = decidePayment(deps, token, decision);
    if (!result) throw new HttpError(404, ERRORS.orderNotFound);
    if (decision === 'approve' && result.order.status === 'paid') confirmationMail(deps, result.order);
    return result;
  };

  route(app, deps, 'paypalAccept', ({ body }) => {
    decide(body.paypal_data.token, 'approve');
    return { status_code: 200 as const, message: 'Payment accepted' };
  });
  route(app, deps, 'paypalCancel', ({ body }) => {
    if (!body.token) throw new HttpError(404, ERRORS.orderNotFound);
    decide(body.token, 'cancel');
    return { status_code: 200 as const, message: 'Payment canceled' };
  });

  route(app, deps, 'localPaymentPage', ({ c, params }) => {
    const token = params.token ?? '';
    const order = /^[A-Za-z0-9_-]{10,64}$/.test(token) ? (deps.sql('SELECT * FROM orders WHERE payment_token = ?').get(token) as OrderRow | undefined) : undefined;
    if (!order) throw new HttpError(404, ERRORS.orderNotFound);
    const code = paymentCode(deps, order.payment_module_id);
    const open = order.status === 'not_paid';
    const button = (d: Decision, label: string) =>
      `<form method="post" action="/api/payment/local/${escapeHtml(token)}/${d}"><button name="decision" value="${d}" data-decision="${d}">${label}</button></form>`;
    c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'");
    return c.html(
      `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(code)} – ${escapeHtml(order.ref)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}form{display:inline-block;margin:.25rem}button{font-size:1rem;padding:.6rem 1.2rem}</style></head>
<body><h1>${escapeHtml(code)}</h1><p>Lokale Testzahlung (stellvertretend für den Zahlungsanbieter).</p>
<p>Bestellung <strong>${escapeHtml(order.ref)}</strong>: <strong data-total>${fromCents(order.total_cents).toFixed(2)} ${escapeHtml(order.currency)}</strong></p>
${open ? button('approve', 'Zahlung bestätigen') + button('decline', 'Zahlung ablehnen') + button('cancel', 'Abbrechen') : `<p>Status: ${escapeHtml(order.status)}</p>`}
</body></html>`,
    );
  });

  route(app, deps, 'localPaymentDecision', ({ c, params }) => {
    const decision = params.decision;
    if (decision !== 'approve' && decision !== 'decline' && decision !== 'cancel') throw new HttpError(404, ERRORS.notFound);
    const result = decide(params.token ?? '', decision);
    return c.redirect(result.url, 303);
  });

  route(app, deps, 'qrCode', async ({ body, customer }) => {
    const order = ownOrder(deps, body.order_id, customer!);
    if (paymentCode(deps, order.payment_module_id) !== 'Vorkasse') throw new HttpError(400, ERRORS.invalidData, [{ field: 'order_id', message: 'not a bank transfer order' }]);
    const transfer = bankTransfer(deps, order);
    const payload = epcPayload({ bic: transfer.bic, name: transfer.name, iban: transfer.iban, amountCents: order.total_cents, reference: order.ref });
    return { status_code: 200 as const, data: { payload, qr: await epcQrDataUrl(payload), bank_transfer: transfer } };
  });
}
