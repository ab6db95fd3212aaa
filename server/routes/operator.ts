/** The operator API (/api/operator/*): back-office actions, bearer API_OPERATOR_TOKEN (route.ts checks it). */
import type { Hono } from 'hono';
import type { Deps } from '../context.ts';
import { route } from '../middleware/route.ts';
import { findOrder, listComments, markPaid, markShipped, moderateComment, operatorOrder, orderKey, setTracking } from '../services/operator.ts';
import type { OrderRow } from '../services/order.ts';

export function registerOperator(app: Hono, deps: Deps) {
  const answer = (order: OrderRow, message: string) => ({ status_code: 200 as const, message, data: operatorOrder(deps, order) });

  route(app, deps, 'operatorOrder', ({ params }) => {
    return answer(findOrder(deps, orderKey(params.order)), 'Order found');
  });

  route(app, deps, 'operatorOrderTracking', ({ params, body }) => {
    const order = setTracking(deps, params.order, body.tracking_number);
    deps.log(`operator: tracking number ${order.tracking_number} for ${order.ref}`);
    return answer(order, 'Tracking number saved');
  });

  route(app, deps, 'operatorOrderPaid', ({ params, body }) => {
    const order = markPaid(deps, params.order, body.amount);
    deps.log(`operator: ${order.ref} marked paid`);
    return answer(order, 'Order marked paid');
  });

  route(app, deps, 'operatorOrderShipped', ({ params, body }) => {
    const order = markShipped(deps, params.order, body.tracking_number);
    deps.log(`operator: ${order.ref} marked shipped`);
    return answer(order, 'Order marked shipped');
  });

  route(app, deps, 'operatorComments', ({ query }) => ({ status_code: 200 as const, data: listComments(deps, query.status, query.product_id, query.limit) }));

  route(app, deps, 'operatorCommentApprove', ({ params }) => ({ status_code: 200 as const, message: 'Comment approved', data: moderateComment(deps, params.id, 'approved') }));

  route(app, deps, 'operatorCommentReject', ({ params }) => ({ status_code: 200 as const, message: 'Comment rejected', data: moderateComment(deps, params.id, 'rejected') }));
}
