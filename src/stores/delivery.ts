/**
 * Delivery cost of the cart for the selected country (spec §4 Delivery method, §7 getActiveDelivery
 * and customdelivery/postage). The chosen method is kept under `delivery_id` (cart.ts `deliveryId`).
 * The rules are pure and unit-tested; `deliveryState` is what the mini cart and the cart page show.
 */
import { atom } from 'nanostores';
import { DEFAULT_DELIVERY_ID } from '../api/contract/delivery.ts';
import { positiveId } from '../api/contract/id.ts';

export { DEFAULT_DELIVERY_ID };

export interface DeliveryOption {
  id: number;
  position: number;
  title: string;
  kind?: 'parcel' | 'express' | 'freight' | 'pickup';
  /** Postage with VAT (none when VAT is excluded), in cents; null when the server cannot price it. */
  cents: number | null;
}

export type DeliveryState =
  | { status: 'idle' }
  | { status: 'loading' }
  /** methodId null: no delivery method can take this cart to this country. */
  | { status: 'ready'; methodId: number | null; cents: number; free: boolean; options: DeliveryOption[] }
  | { status: 'error'; message: string };

export const deliveryState = atom<DeliveryState>({ status: 'idle' });

/** A stored `delivery_id` as a method id: a positive whole number, else none. */
export function storedDeliveryId(raw: unknown): number | null {
  return positiveId(raw);
}

/**
 * Spec §4: 77 when none is stored; a stored method that is not in the active list gives way to
 * the active method with the lowest position. With no active method there is nothing to choose.
 */
export function chooseDeliveryMethod(stored: number | null, active: readonly { id: number; position: number }[]): number | null {
  if (active.length === 0) return null;
  const wanted = stored ?? DEFAULT_DELIVERY_ID;
  if (active.some((m) => m.id === wanted)) return wanted;
  return [...active].sort((a, b) => a.position - b.position || a.id - b.id)[0]!.id;
}

/**
 * What the delivery cost depends on (spec §4: recomputed when the cart, the cart id or the
 * country changes): equal keys need no new computation.
 */
export function deliveryKey(input: {
  cartId: number | null;
  countryId: number;
  lines: readonly { cartItemId?: number; PRODUCT_SALE_ELEMENT?: number; quantity: number }[];
}): string {
  const lines = input.lines
    .map((l) => `${l.cartItemId ?? 0}/${l.PRODUCT_SALE_ELEMENT ?? 0}x${l.quantity}`)
    .sort()
    .join(',');
  return `${input.cartId ?? 0}|${input.countryId}|${lines}`;
}

/** Spec §2: the shipment line shows 'Free' when the cost is 0. */
export function shipmentText(cents: number, format: (cents: number) => string, freeLabel: string): string {
  return cents === 0 ? freeLabel : format(cents);
}
