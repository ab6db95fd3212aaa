/**
 * Cart writes (spec §4, §7): create, add, change a line's quantity, delete a line, clear, assign
 * to a customer. Each runs in one transaction; the priced view is services/cart.ts. The route
 * file (routes/cart.ts) only parses and answers.
 */
import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import { ERRORS } from '../../src/api/contract/common.ts';
import type { CartAddRequest, CartUpdateRequest } from '../../src/api/contract/cart.ts';
import { stepQuantity } from '../../src/catalog/quantity.ts';
import { isoNow, type Deps } from '../context.ts';
import { transaction } from '../db/open.ts';
import type { CustomerRow } from '../db/rows.ts';
import { HttpError } from '../lib/errors.ts';
import { loadCart, type CartRow } from './cart.ts';
import { pricing } from './pricing.ts';

const MAX_CART_ID = 2 ** 47;

export function defaultCurrency(deps: Deps): string {
  return (deps.sql('SELECT code FROM currency WHERE is_default = 1').get() as { code: string } | undefined)?.code ?? 'EUR';
}

export function checkCountry(deps: Deps, countryId: number | undefined): number | undefined {
  if (countryId === undefined) return undefined;
  if (!pricing(deps).countryExists(countryId)) throw new HttpError(400, ERRORS.invalidData, [{ field: 'country_id', message: ERRORS.countryNotFound }]);
  return countryId;
}

function customerCountry(deps: Deps, customer: CustomerRow | null): number | undefined {
  if (!customer?.default_address_id) return undefined;
  return (deps.sql('SELECT country_id FROM address WHERE id = ?').get(customer.default_address_id) as { country_id: number } | undefined)?.country_id;
}

export function createCart(deps: Deps, customer: CustomerRow | null, countryId: number | undefined): CartRow {
  const now = isoNow(deps);
  const country = countryId ?? customerCountry(deps, customer) ?? deps.config.defaultCountryId;
  for (;;) {
    const id = randomInt(1, MAX_CART_ID);
    const result = deps
      .sql('INSERT OR IGNORE INTO cart (id, customer_id, country_id, currency, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(id, customer?.id ?? null, country, defaultCurrency(deps), now, now);
    if (result.changes === 1) return deps.sql('SELECT * FROM cart WHERE id = ?').get(id) as unknown as CartRow;
  }
}

interface PseRow {
  id: number;
  product_id: number;
  quantity: number;
  quantity_step: number;
}

function pseForCart(deps: Deps, pseId: number): PseRow {
  const row = deps.sql('SELECT s.id, s.product_id, s.quantity, p.quantity_step FROM pse s JOIN product p ON p.id = s.product_id WHERE s.id = ?').get(pseId) as PseRow | undefined;
  if (!row) throw new HttpError(404, ERRORS.productNotFound);
  return row;
}

/** Spec §5: quantities are multiples of the product's step (the shared rule, src/catalog/quantity.ts). */
function stepped(quantity: number, step: number): number {
  return stepQuantity(quantity, step).quantity;
}

function touch(deps: Deps, cartId: number) {
  deps.sql('UPDATE cart SET updated_at = ? WHERE id = ?').run(isoNow(deps), cartId);
}

export function setCountry(deps: Deps, row: CartRow, countryId: number | undefined): CartRow {
  if (countryId === undefined || countryId === row.country_id) return row;
  deps.sql('UPDATE cart SET country_id = ? WHERE id = ?').run(countryId, row.id);
  return { ...row, country_id: countryId };
}

/** Adds a variant (creates the cart when no id is given); the quantity goes up to the product's step. */
export function addToCart(deps: Deps, body: z.output<typeof CartAddRequest>, customer: CustomerRow | null) {
  const countryId = checkCountry(deps, body.country_id);
  const add = body.thelia_cart_add;
  return transaction(deps.db, () => {
    const cart =
      body['thelia.cart_id'] !== undefined
        ? setCountry(deps, loadCart(deps, body['thelia.cart_id'], customer, { forUpdate: true }), countryId)
        : createCart(deps, customer, countryId);
    const pse = pseForCart(deps, add.product_sale_elements_id);
    if (add.product !== undefined && add.product !== pse.product_id)
      throw new HttpError(400, ERRORS.invalidData, [{ field: 'thelia_cart_add.product', message: 'does not match the variant' }]);
    const existing = deps.sql('SELECT id, quantity FROM cart_item WHERE cart_id = ? AND pse_id = ?').get(cart.id, pse.id) as { id: number; quantity: number } | undefined;
    const wanted = add.append && existing ? existing.quantity + add.quantity : add.quantity;
    const quantity = stepped(wanted, pse.quantity_step);
    if (quantity > pse.quantity) throw new HttpError(409, ERRORS.notEnoughStock, [{ field: 'thelia_cart_add.quantity', message: `only ${pse.quantity} in stock` }]);
    let itemId: number;
    if (existing) {
      deps.sql('UPDATE cart_item SET quantity = ? WHERE id = ?').run(quantity, existing.id);
      itemId = existing.id;
    } else {
      itemId = Number(deps.sql('INSERT INTO cart_item (cart_id, pse_id, quantity) VALUES (?, ?, ?)').run(cart.id, pse.id, quantity).lastInsertRowid);
    }
    touch(deps, cart.id);
    return { quantity, cartId: cart.id, cartItemId: itemId, adjusted: quantity !== wanted };
  });
}

/** Sets a line's quantity (or changes it by action and count); 0 or less removes the line. */
export function updateCartItem(deps: Deps, body: z.output<typeof CartUpdateRequest>, customer: CustomerRow | null): CartRow {
  const countryId = checkCountry(deps, body.country_id);
  return transaction(deps.db, () => {
    const row = setCountry(deps, loadCart(deps, body['thelia.cart_id'], customer, { forUpdate: true }), countryId);
    const item = deps.sql('SELECT id, pse_id, quantity FROM cart_item WHERE id = ? AND cart_id = ?').get(body.cart_item, row.id) as
      | { id: number; pse_id: number; quantity: number }
      | undefined;
    if (!item) throw new HttpError(404, ERRORS.cartItemNotFound);
    const wanted = body.quantity ?? (body.action === 'decrease' ? item.quantity - body.count! : body.action === 'increase' ? item.quantity + body.count! : body.count!);
    if (wanted <= 0) {
      deps.sql('DELETE FROM cart_item WHERE id = ?').run(item.id);
    } else {
      const pse = pseForCart(deps, item.pse_id);
      const quantity = stepped(wanted, pse.quantity_step);
      if (quantity > pse.quantity) throw new HttpError(409, ERRORS.notEnoughStock, [{ field: 'quantity', message: `only ${pse.quantity} in stock` }]);
      deps.sql('UPDATE cart_item SET quantity = ? WHERE id = ?').run(quantity, item.id);
    }
    touch(deps, row.id);
    return row;
  });
}

export function deleteCartItem(deps: Deps, cartId: number, cartItem: number, countryId: number | undefined, customer: CustomerRow | null): CartRow {
  const country = checkCountry(deps, countryId);
  return transaction(deps.db, () => {
    const row = setCountry(deps, loadCart(deps, cartId, customer, { forUpdate: true }), country);
    const result = deps.sql('DELETE FROM cart_item WHERE id = ? AND cart_id = ?').run(cartItem, row.id);
    if (result.changes === 0) throw new HttpError(404, ERRORS.cartItemNotFound);
    touch(deps, row.id);
    return row;
  });
}

export function clearCart(deps: Deps, cartId: number, customer: CustomerRow | null): void {
  transaction(deps.db, () => {
    const row = loadCart(deps, cartId, customer, { forUpdate: true });
    deps.sql('DELETE FROM cart_item WHERE cart_id = ?').run(row.id);
    deps.sql('UPDATE cart SET coupon_code = NULL, delivery_module_id = NULL WHERE id = ?').run(row.id);
    touch(deps, row.id);
  });
}

/** Gives an anonymous cart to the logged-in customer (a customer's cart stays theirs). */
export function assignCart(deps: Deps, cartId: number, me: CustomerRow): CartRow {
  return transaction(deps.db, () => {
    const row = loadCart(deps, cartId, me);
    if (row.customer_id === null) deps.sql('UPDATE cart SET customer_id = ? WHERE id = ?').run(me.id, row.id);
    return { ...row, customer_id: me.id };
  });
}

/** The cart for reading, its country changed when the request names one. */
export function cartForCountry(deps: Deps, cartId: number, countryId: number | undefined, customer: CustomerRow | null): CartRow {
  const country = checkCountry(deps, countryId);
  return setCountry(deps, loadCart(deps, cartId, customer), country);
}
