/** Review comments: stored as pending review; only a customer who bought the variant may write one. */
import type { Hono } from 'hono';
import { ERRORS } from '../../src/api/contract/common.ts';
import { isoNow, type Deps } from '../context.ts';
import { HttpError } from '../lib/errors.ts';
import { idParam, route } from '../middleware/route.ts';

type Rights = { allowed: boolean; reason: 'bought' | 'not_bought' | 'already_commented' };

export function commentRights(deps: Deps, pseId: number, customerId: number): Rights {
  if (deps.sql('SELECT 1 FROM comment WHERE pse_id = ? AND customer_id = ?').get(pseId, customerId)) return { allowed: false, reason: 'already_commented' };
  const bought = deps
    .sql(`SELECT 1 FROM order_product op JOIN orders o ON o.id = op.order_id WHERE op.pse_id = ? AND o.customer_id = ? AND o.status IN ('paid', 'processing', 'sent') LIMIT 1`)
    .get(pseId, customerId);
  return bought ? { allowed: true, reason: 'bought' } : { allowed: false, reason: 'not_bought' };
}

export function registerComments(app: Hono, deps: Deps) {
  route(app, deps, 'comments', ({ params }) => {
    const productId = idParam(params.productId, new HttpError(404, ERRORS.productNotFound));
    const rows = deps
      .sql(
        `SELECT c.id, c.product_id, c.pse_id, cu.firstname || ' ' || substr(cu.lastname, 1, 1) || '.' AS customer_name, c.rating, c.title, c.content, c.created_at
         FROM comment c JOIN customer cu ON cu.id = c.customer_id WHERE c.product_id = ? AND c.status = 'approved' ORDER BY c.id DESC LIMIT 100`,
      )
      .all(productId) as { id: number; product_id: number; pse_id: number; customer_name: string; rating: number; title: string; content: string; created_at: string }[];
    return { status_code: 200 as const, data: rows.map((r) => ({ ...r })) };
  });

  route(app, deps, 'commentRights', ({ params, customer }) => {
    const pse = idParam(params.pse, new HttpError(404, ERRORS.productNotFound));
    const customerId = idParam(params.customer, new HttpError(403, ERRORS.forbidden));
    if (customerId !== customer!.id) throw new HttpError(403, ERRORS.forbidden);
    return { status_code: 200 as const, data: commentRights(deps, pse, customerId) };
  });

  route(
    app,
    deps,
    'commentCreate',
    ({ body, customer }) => {
      const pse = deps.sql('SELECT product_id FROM pse WHERE id = ?').get(body.pse_id) as { product_id: number } | undefined;
      if (!pse) throw new HttpError(404, ERRORS.productNotFound);
      const rights = commentRights(deps, body.pse_id, customer!.id);
      if (!rights.allowed) throw new HttpError(403, rights.reason === 'already_commented' ? ERRORS.commentFailed : ERRORS.commentNotAllowed);
      const id = Number(
        deps
          .sql(`INSERT INTO comment (customer_id, product_id, pse_id, rating, title, content, status, created_at) VALUES (?, ?, ?, ?, ?, ?, 'pending', ?)`)
          .run(customer!.id, pse.product_id, body.pse_id, body.rating, body.title, body.content, isoNow(deps)).lastInsertRowid,
      );
      return { status_code: 200 as const, data: { id, status: 'pending' as const }, message: 'Comment sent for review' };
    },
    { invalidMessage: ERRORS.commentFailed },
  );
}
