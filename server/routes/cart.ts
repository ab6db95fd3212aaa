/** POST /api/cart/{add,get,update,delete,clear,assignCustomer} (spec §4, §7): parse, call the service, answer. */
import type { Hono } from 'hono';
import { ERRORS } from '../../src/api/contract/common.ts';
import type { Deps } from '../context.ts';
import { HttpError } from '../lib/errors.ts';
import { route } from '../middleware/route.ts';
import { cartCustomer, priceCart, type CartRow } from '../services/cart.ts';
import { addToCart, assignCart, cartForCountry, clearCart, deleteCartItem, updateCartItem } from '../services/cart-edit.ts';
import type { CustomerRow } from '../db/rows.ts';

function answer(deps: Deps, row: CartRow, customer: CustomerRow | null) {
  return { status_code: 200 as const, status: 'ok' as const, data: priceCart(deps, row, cartCustomer(deps, row, customer)).cart };
}

export function registerCart(app: Hono, deps: Deps) {
  route(app, deps, 'cartAdd', ({ body, customer }) => ({ status_code: 200 as const, data: addToCart(deps, body, customer) }));

  route(app, deps, 'cartGet', ({ body, customer }) => answer(deps, cartForCountry(deps, body['thelia.cart_id'], body.country_id, customer), customer));

  route(app, deps, 'cartUpdate', ({ body, customer }) => answer(deps, updateCartItem(deps, body, customer), customer));

  route(app, deps, 'cartDelete', ({ body, customer }) => answer(deps, deleteCartItem(deps, body['thelia.cart_id'], body.cart_item, body.country_id, customer), customer));

  route(app, deps, 'cartClear', ({ body, customer }) => {
    clearCart(deps, body['thelia.cart_id'], customer);
    return { status_code: 200 as const, message: 'Cart cleared' };
  });

  route(app, deps, 'cartAssign', ({ body, customer }) => {
    const me = customer!;
    if (body.email !== me.email) throw new HttpError(403, ERRORS.forbidden);
    return { status_code: 200 as const, status: 'ok' as const, data: priceCart(deps, assignCart(deps, body.cart_id, me), me).cart };
  });
}
