/**
 * The cart, minimal (the cart issue extends it): the items persisted under `cart_items` and the id
 * under `cart_id` (spec §3 stored values), in step across tabs. totalItems = sum of quantity.
 */
import { computed } from 'nanostores';
import { persistentJSON, persistentAtom } from '@nanostores/persistent';

export interface CartItem {
  id: number;
  PRODUCT_SALE_ELEMENT?: number;
  quantity: number;
  price?: number;
  TITLE?: string;
}

export const cartItems = persistentJSON<CartItem[]>('cart_items', []);
export const cartId = persistentAtom<string>('cart_id', '');

export function sumQuantity(items: unknown): number {
  if (!Array.isArray(items)) return 0;
  let total = 0;
  for (const item of items) {
    const q = Number((item as CartItem | null)?.quantity);
    if (Number.isFinite(q) && q > 0) total += Math.floor(q);
  }
  return total;
}

export const totalItems = computed(cartItems, sumQuantity);
