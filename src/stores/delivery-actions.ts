/**
 * Delivery cost through the shop API (spec §7): GET ExternalOrderApi/getActiveDelivery/{cartId}
 * for the methods the cart can go by to the country, the method rule of delivery.ts, then POST
 * customdelivery/postage for its cost. Loaded with the cart islands (after an interaction).
 */
import { ApiError, call, connectionErrorText } from '../api/client.ts';
import { ERRORS } from '../api/contract/common.ts';
import { m } from '../i18n/generated/messages.js';
import { deliveryId, setDeliveryId } from './cart.ts';
import { toCents } from '../catalog/prices.ts';
import { latestWins } from './latest.ts';
import { chooseDeliveryMethod, deliveryState, storedDeliveryId, type DeliveryOption } from './delivery.ts';

export interface DeliveryInput {
  cartId: number;
  countryId: number;
  /** The shop's locale (de_DE, de_AT, ro_RO). */
  locale: 'de_DE' | 'de_AT' | 'ro_RO';
  /** deliveryKey() of the inputs: a computation for the same key is not repeated. */
  key: string;
}

let current: string | null = null;
const latest = latestWins();

/** Forgets the computed cost (a changed delivery choice is computed anew); a running computation no longer applies. */
export function resetDelivery(): void {
  current = null;
  latest.cancel();
  deliveryState.set({ status: 'idle' });
}

/** Computes the delivery cost for the inputs unless it was computed for the same key; the latest call wins. */
export async function computeDelivery(input: DeliveryInput, options: { force?: boolean } = {}): Promise<void> {
  if (!options.force && input.key === current && deliveryState.get().status !== 'error') return;
  current = input.key;
  const isLatest = latest.begin();
  if (input.cartId <= 0) {
    deliveryState.set({ status: 'idle' });
    return;
  }
  deliveryState.set({ status: 'loading' });
  try {
    const active = await call('activeDelivery', { params: { cartId: input.cartId }, query: { country_id: input.countryId } });
    if (!isLatest()) return;
    const options: DeliveryOption[] = active.data.map((d) => ({
      id: d.id,
      position: d.position,
      title: d.title,
      kind: d.kind,
      cents: d.postage_amount_taxed === null ? null : toCents(d.postage_amount_taxed),
    }));
    const methodId = chooseDeliveryMethod(storedDeliveryId(deliveryId.get()), options);
    if (methodId === null) {
      deliveryState.set({ status: 'ready', methodId: null, cents: 0, free: false, options });
      return;
    }
    const postage = await call('postage', {
      body: { country_id: input.countryId, cart_id: input.cartId, locale: input.locale, delivery_module_id: methodId },
    });
    if (!isLatest()) return;
    if (storedDeliveryId(deliveryId.get()) !== methodId) setDeliveryId(methodId);
    const cents = toCents(postage.postage_amount_taxed);
    deliveryState.set({ status: 'ready', methodId, cents, free: postage.free_shipping || cents === 0, options });
  } catch (error) {
    if (!isLatest()) return;
    current = null;
    if (error instanceof ApiError && error.serverMessage === ERRORS.cartNotFound) {
      deliveryState.set({ status: 'idle' });
      return;
    }
    const message = error instanceof ApiError && error.kind === 'server' ? m.delivery_failed() : connectionErrorText();
    console.warn('delivery:', error);
    deliveryState.set({ status: 'error', message });
  }
}
