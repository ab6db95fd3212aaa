/** Orders: list (limit 999), detail, products, invoice PDF, cancel, guest invoice links. */
import type { Hono } from 'hono';
import { ERRORS } from '../../src/api/contract/common.ts';
import type { Deps } from '../context.ts';
import { guestInvoiceHash, safeEqual } from '../lib/auth.ts';
import { HttpError } from '../lib/errors.ts';
import { invoicePdf } from '../lib/invoice.ts';
import { idParam, route } from '../middleware/route.ts';
import { cancelOrder, orderItem, orderProducts, ownOrder, type OrderRow } from '../services/order.ts';

function pdfResponse(bytes: Uint8Array, ref: string): Response {
  return new Response(bytes as unknown as BodyInit, {
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="invoice-${ref}.pdf"`, 'Cache-Control': 'private, no-store' },
  });
}

export function registerOrder(app: Hono, deps: Deps) {
  const notFound = () => new HttpError(404, ERRORS.orderNotFound);

  /** A guest link's order: the hash must be the HMAC of the ref; anything else is 'Order not found'. */
  const guestOrder = (ref: string | undefined, hash: string | undefined): OrderRow => {
    if (!ref || !hash || !/^ORD\d{9,}$/.test(ref) || hash.length > 64 || !safeEqual(hash, guestInvoiceHash(deps.config.secret, ref))) throw notFound();
    const order = deps.sql('SELECT * FROM orders WHERE ref = ?').get(ref) as OrderRow | undefined;
    if (!order) throw notFound();
    return order;
  };

  route(app, deps, 'orderList', ({ query, customer }) => {
    if (query.customer !== customer!.id) throw new HttpError(403, ERRORS.forbidden);
    const rows = deps.sql('SELECT * FROM orders WHERE customer_id = ? ORDER BY id DESC LIMIT ?').all(customer!.id, query.limit) as unknown as OrderRow[];
    return { OrderItems: rows.map((o) => orderItem(deps, o)) };
  });

  route(app, deps, 'orderDetail', ({ params, query, customer }) => {
    if (query.customer !== undefined && query.customer !== customer!.id) throw notFound();
    const order = ownOrder(deps, idParam(params.id, notFound()), customer!);
    return { OrderItems: [orderItem(deps, order)] };
  });

  route(app, deps, 'orderProducts', ({ query, customer }) => {
    const order = ownOrder(deps, query.order_id, customer!);
    return { OrderProductItems: orderProducts(deps, order.id) };
  });

  route(app, deps, 'orderInvoice', async ({ params, customer }) => {
    const order = ownOrder(deps, idParam(params.id, notFound()), customer!);
    return pdfResponse(await invoicePdf(orderItem(deps, order), orderProducts(deps, order.id), deps.config.bank), order.ref);
  });

  route(app, deps, 'orderCancel', ({ body, customer }) => {
    cancelOrder(deps, body.order_id, customer!.id);
    return { status_code: 200 as const, message: 'Order canceled' };
  });

  route(app, deps, 'guestInvoice', ({ params }) => {
    const order = guestOrder(params.ref, params.hash);
    return { status_code: 200 as const, data: { order: orderItem(deps, order), products: orderProducts(deps, order.id) } };
  });

  route(app, deps, 'guestInvoicePdf', async ({ params }) => {
    const order = guestOrder(params.ref, params.hash);
    return pdfResponse(await invoicePdf(orderItem(deps, order), orderProducts(deps, order.id), deps.config.bank), order.ref);
  });
}
