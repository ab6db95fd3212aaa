/**
 * Operator (back-office) actions on orders and review comments. Each action reads and changes its
 * row in ONE IMMEDIATE transaction, together with its operator_log entry: it happens completely or
 * not at all, and two operators racing on one order cannot both win (the second sees the new state).
 */
import { ERRORS } from '../../src/api/contract/common.ts';
import type { z } from 'zod';
import type { OperatorComment } from '../../src/api/contract/operator.ts';
import { isoNow, type Deps } from '../context.ts';
import { transaction } from '../db/open.ts';
import { HttpError } from '../lib/errors.ts';
import { mailLanguage, shippedMail } from '../lib/mail-texts.ts';
import { orderItem, orderProducts, paymentCode, type OrderRow } from './order.ts';
import { fromCents } from '../../src/catalog/prices.ts';

const orderNotFound = () => new HttpError(404, ERRORS.orderNotFound);

/** `:order` of the path: an order id (12) or its reference (ORD000000012). */
export function orderKey(value: string | undefined): { id: number } | { ref: string } {
  const text = (value ?? '').trim();
  if (/^\d{1,15}$/.test(text) && Number(text) > 0) return { id: Number(text) };
  if (/^ORD\d{9,15}$/i.test(text)) return { ref: text.toUpperCase() };
  throw new HttpError(400, ERRORS.orderKeyInvalid, [{ field: 'order', message: ERRORS.orderKeyInvalid }]);
}

export function findOrder(deps: Deps, key: { id: number } | { ref: string }): OrderRow {
  const row = ('id' in key ? deps.sql('SELECT * FROM orders WHERE id = ?').get(key.id) : deps.sql('SELECT * FROM orders WHERE ref = ?').get(key.ref)) as OrderRow | undefined;
  if (!row) throw orderNotFound();
  return row;
}

export function operatorOrder(deps: Deps, o: OrderRow) {
  return { order: orderItem(deps, o), products: orderProducts(deps, o.id), paid_at: o.paid_at, shipped_at: o.shipped_at };
}

function log(deps: Deps, action: string, target: string, detail: unknown) {
  deps.sql('INSERT INTO operator_log (at, action, target, detail) VALUES (?, ?, ?, ?)').run(isoNow(deps), action, target, JSON.stringify(detail));
}

const closed = (o: OrderRow) => o.status === 'canceled' || o.status === 'payment_error';
/** May go out: paid (or further), or cash on delivery (Nachnahme), which is paid at the door. */
const shippable = (deps: Deps, o: OrderRow) =>
  o.status === 'paid' || o.status === 'processing' || o.status === 'sent' || (o.status === 'not_paid' && paymentCode(deps, o.payment_module_id) === 'Nachnahme');

function conflict(message: string, o: OrderRow) {
  return new HttpError(409, message, [{ field: 'order', message: `${o.ref} is ${o.status}` }]);
}

function checkTracking(deps: Deps, o: OrderRow) {
  if (closed(o)) throw conflict(ERRORS.orderClosed, o);
  if (o.local_pickup) throw conflict(ERRORS.pickupNoTracking, o);
  if (!shippable(deps, o)) throw conflict(ERRORS.orderNotPaidYet, o);
}

export function setTracking(deps: Deps, key: string | undefined, tracking: string): OrderRow {
  const k = orderKey(key);
  return transaction(deps.db, () => {
    const o = findOrder(deps, k);
    checkTracking(deps, o);
    deps.sql('UPDATE orders SET tracking_number = ?, updated_at = ? WHERE id = ?').run(tracking, isoNow(deps), o.id);
    log(deps, 'order.tracking', o.ref, { from: o.tracking_number, to: tracking });
    return findOrder(deps, { id: o.id });
  });
}

export function markPaid(deps: Deps, key: string | undefined, amountCents: number | undefined): OrderRow {
  const k = orderKey(key);
  return transaction(deps.db, () => {
    const o = findOrder(deps, k);
    if (paymentCode(deps, o.payment_module_id) !== 'Vorkasse') throw conflict(ERRORS.notBankTransfer, o);
    if (closed(o)) throw conflict(ERRORS.orderClosed, o);
    if (o.status !== 'not_paid') throw conflict(ERRORS.orderAlreadyPaid, o);
    if (amountCents !== undefined && amountCents !== o.total_cents)
      throw new HttpError(409, ERRORS.amountMismatch, [{ field: 'amount', message: `the order total is ${fromCents(o.total_cents).toFixed(2)}` }]);
    const now = isoNow(deps);
    deps.sql(`UPDATE orders SET status = 'paid', paid_at = ?, updated_at = ? WHERE id = ? AND status = 'not_paid'`).run(now, now, o.id);
    log(deps, 'order.paid', o.ref, { amount_cents: amountCents ?? null });
    return findOrder(deps, { id: o.id });
  });
}

export function markShipped(deps: Deps, key: string | undefined, tracking: string | undefined): OrderRow {
  const k = orderKey(key);
  const order = transaction(deps.db, () => {
    const o = findOrder(deps, k);
    if (o.status === 'sent') throw conflict(ERRORS.orderAlreadyShipped, o);
    if (closed(o)) throw conflict(ERRORS.orderClosed, o);
    if (!shippable(deps, o)) throw conflict(ERRORS.orderNotPaidYet, o);
    if (tracking !== undefined) checkTracking(deps, o);
    const now = isoNow(deps);
    deps
      .sql(`UPDATE orders SET status = 'sent', shipped_at = ?, tracking_number = COALESCE(?, tracking_number), updated_at = ? WHERE id = ?`)
      .run(now, tracking ?? null, now, o.id);
    log(deps, 'order.shipped', o.ref, { tracking_number: tracking ?? null });
    return findOrder(deps, { id: o.id });
  });
  const customer = deps.sql('SELECT email, firstname, locale FROM customer WHERE id = ?').get(order.customer_id) as
    | { email: string; firstname: string; locale: string | null }
    | undefined;
  if (customer) {
    const mail = shippedMail(mailLanguage(order.locale, customer.locale), {
      firstname: customer.firstname,
      ref: order.ref,
      pickup: !!order.local_pickup,
      tracking: order.tracking_number ?? null,
    });
    deps.mail({ to: customer.email, ...mail });
  }
  return order;
}

// --- review comments ----------------------------------------------------------------------------

type CommentOut = z.output<typeof OperatorComment>;
const COMMENT_SQL = `SELECT c.id, c.product_id, c.pse_id, c.customer_id, cu.email AS customer_email, cu.firstname || ' ' || cu.lastname AS customer_name,
  c.rating, c.title, c.content, c.status, c.created_at, c.moderated_at FROM comment c JOIN customer cu ON cu.id = c.customer_id`;

export function listComments(deps: Deps, status: CommentOut['status'], productId: number | undefined, limit: number): CommentOut[] {
  const rows =
    productId === undefined
      ? deps.sql(`${COMMENT_SQL} WHERE c.status = ? ORDER BY c.id DESC LIMIT ?`).all(status, limit)
      : deps.sql(`${COMMENT_SQL} WHERE c.status = ? AND c.product_id = ? ORDER BY c.id DESC LIMIT ?`).all(status, productId, limit);
  return (rows as unknown as CommentOut[]).map((r) => ({ ...r }));
}

export function moderateComment(deps: Deps, idText: string | undefined, decision: 'approved' | 'rejected'): CommentOut {
  const notFound = new HttpError(404, ERRORS.commentNotFound);
  if (!idText || !/^\d{1,15}$/.test(idText) || Number(idText) <= 0) throw notFound;
  const id = Number(idText);
  return transaction(deps.db, () => {
    const row = deps.sql('SELECT status FROM comment WHERE id = ?').get(id) as { status: string } | undefined;
    if (!row) throw notFound;
    if (row.status !== 'pending') throw new HttpError(409, ERRORS.commentNotPending, [{ field: 'id', message: `the comment is ${row.status}` }]);
    deps.sql(`UPDATE comment SET status = ?, moderated_at = ? WHERE id = ? AND status = 'pending'`).run(decision, isoNow(deps), id);
    log(deps, decision === 'approved' ? 'comment.approve' : 'comment.reject', String(id), null);
    return { ...(deps.sql(`${COMMENT_SQL} WHERE c.id = ?`).get(id) as unknown as CommentOut) };
  });
}
