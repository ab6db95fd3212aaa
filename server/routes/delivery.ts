/** Delivery methods, postage, local pickup (spec §4, §7). Pickup only in Romania (elsewhere 'No pickup possible!', spec §2 footer). */
import type { Hono } from 'hono';
import { ERRORS } from '../../src/api/contract/common.ts';
import { DEFAULT_DELIVERY_ID } from '../../src/api/contract/delivery.ts';
import { fromCents, orderTotal } from '../../src/catalog/prices.ts';
import { isoNow, type Deps } from '../context.ts';
import { transaction } from '../db/open.ts';
import { HttpError } from '../lib/errors.ts';
import { idParam, route } from '../middleware/route.ts';
import { PICKUP, activeDeliveries, cartCustomer, loadCart, pickupPossible, postageFor, priceCart } from '../services/cart.ts';
import { ownOrder } from '../services/order.ts';
import { pricing } from '../services/pricing.ts';

export const PICKUP_MODULE_ID = 80;

export function registerDelivery(app: Hono, deps: Deps) {
  route(app, deps, 'activeDelivery', ({ params, query, customer }) => {
    const row = loadCart(deps, idParam(params.cartId, new HttpError(404, ERRORS.cartNotFound)), customer);
    const countryId = query.country_id ?? row.country_id;
    if (!pricing(deps).countryExists(countryId)) throw new HttpError(400, ERRORS.deliveryOptionsFailed);
    const priced = priceCart(deps, row, cartCustomer(deps, row, customer), { countryId });
    return { status_code: 200 as const, data: activeDeliveries(deps, priced, countryId) };
  });

  route(app, deps, 'postage', ({ body, customer }) => {
    if (!pricing(deps).countryExists(body.country_id)) throw new HttpError(400, ERRORS.invalidData, [{ field: 'country_id', message: ERRORS.countryNotFound }]);
    const row = loadCart(deps, body.cart_id, customer);
    const moduleId = body.delivery_module_id ?? row.delivery_module_id ?? DEFAULT_DELIVERY_ID;
    const priced = priceCart(deps, row, cartCustomer(deps, row, customer), { countryId: body.country_id, deliveryModuleId: moduleId });
    const postage = postageFor(deps, moduleId, body.country_id, priced, priced.vatExcluded);
    if (!postage.available) throw new HttpError(400, ERRORS.invalidData, [{ field: 'delivery_module_id', message: 'not available for this cart and country' }]);
    // the chosen method and country are remembered for the cart's totals
    if (row.status === 'open') deps.sql('UPDATE cart SET delivery_module_id = ?, country_id = ? WHERE id = ?').run(moduleId, body.country_id, row.id);
    return {
      status_code: 200 as const,
      postage_amount: fromCents(postage.netCents),
      postage_amount_taxed: fromCents(postage.taxedCents),
      delivery_module_id: moduleId,
      weight: Math.round(priced.weight * 1000) / 1000,
      free_shipping: postage.free,
    };
  });

  route(app, deps, 'localPickup', ({ query }) => {
    const countryId = query.country_id ?? deps.config.defaultCountryId;
    const available = pickupPossible(countryId);
    return { status_code: 200 as const, data: { available, message: available ? null : ERRORS.noPickup, ...PICKUP } };
  });

  const switchToPickup = (orderId: number, customerId: number, withAddress: boolean) =>
    transaction(deps.db, () => {
      const order = ownOrder(deps, orderId, { id: customerId } as never);
      if (!pickupPossible(order.country_id)) throw new HttpError(400, ERRORS.noPickup);
      if (order.status !== 'not_paid')
        throw new HttpError(409, withAddress ? ERRORS.localPickupAddressFailed : ERRORS.invalidData, [{ field: 'order_id', message: `the order is ${order.status}` }]);
      const total = orderTotal(order.goods_cents, 0, order.discount_cents);
      deps
        .sql('UPDATE orders SET local_pickup = 1, delivery_module_id = ?, postage_cents = 0, postage_net_cents = 0, total_cents = ?, updated_at = ? WHERE id = ?')
        .run(PICKUP_MODULE_ID, total, isoNow(deps), order.id);
      if (withAddress) {
        const delivery = JSON.parse(order.delivery_address) as Record<string, unknown>;
        const address = {
          ...delivery,
          COMPANY: PICKUP.name,
          ADDRESS1: PICKUP.address1,
          ADDRESS2: '',
          ADDRESS3: null,
          ZIPCODE: PICKUP.zipcode,
          CITY: PICKUP.city,
          COUNTRY_ID: PICKUP.country_id,
        };
        deps.sql('UPDATE orders SET delivery_address = ? WHERE id = ?').run(JSON.stringify(address), order.id);
      }
    });

  route(app, deps, 'localPickupOrder', ({ body, customer }) => {
    switchToPickup(body.order_id, customer!.id, false);
    return { status_code: 200 as const, message: ERRORS.localPickupUpdated };
  });
  route(app, deps, 'localPickupAddressOrder', ({ body, customer }) => {
    switchToPickup(body.order_id, customer!.id, true);
    return { status_code: 200 as const, message: ERRORS.localPickupAddressUpdated };
  });
}
