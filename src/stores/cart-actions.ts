/**
 * The cart operations through the shop API (spec §4 Add to cart, Decrease; §7 cart calls).
 * Loaded lazily, on the first interaction with a cart control: it brings the API client and zod.
 *
 * After every successful change the server's cart (prices, totals) is kept in `serverCart` and
 * the local lines follow it. Every failure shows a toast with the spec §8 text, sets the cart
 * status to 'error' and keeps the local cart as it was; the next successful call recovers.
 */
import { atom } from 'nanostores';
import { toCents } from '../catalog/prices.ts';
import { ERRORS } from '../api/contract/common.ts';
import type { Cart, CartItem } from '../api/contract/cart.ts';
import { ApiError, call, connectionErrorText } from '../api/client.ts';
import { m } from '../i18n/generated/messages.js';
import { latestWins } from './latest.ts';
import { notify } from './notice.ts';
import { countryId, selectedCountry } from './country.ts';
import {
  cartId,
  cartItems,
  clearCart,
  clearCartId,
  isValidCartId,
  markSynced,
  resolveCartId,
  setCartId,
  setDeliveryId,
  setError,
  setLines,
  stepQuantity,
  upsertLine,
  type CartLine,
} from './cart.ts';

export type { Cart };
export { setFulfilmentCentre, setUndeliverable } from './cart.ts';

/** The last cart the server answered, with its totals (goods, discount, shipment, total). */
export const serverCart = atom<Cart | null>(null);

const path = () => (typeof location === 'undefined' ? '' : location.pathname);
const search = () => (typeof location === 'undefined' ? '' : location.search);

/** The selected country (header dropdown) when it is one of the shop's, else the shop's default (<html data-country data-countries>). */
export function selectedCountryId(): number | undefined {
  const page = typeof document === 'undefined' ? undefined : document.documentElement.dataset;
  const fallback = Number(page?.country);
  if (!isValidCartId(fallback)) return isValidCartId(countryId.get()) ? Number(countryId.get()) : undefined;
  const ids = (page?.countries ?? '')
    .split(',')
    .map(Number)
    .filter((n) => n > 0);
  return selectedCountry(countryId.get(), ids.length ? ids : [fallback], fallback);
}

/** A server line as a local one; local-only choices (fulfilment centre, colour, size, undeliverable flag) are kept. */
export function lineFromServer(item: CartItem, previous?: CartLine): CartLine {
  return {
    id: item.PRODUCT_ID || item.id,
    PRODUCT_SALE_ELEMENT: item.PRODUCT_SALE_ELEMENT,
    cartId: item.cartId,
    cartItemId: item.cartItemId,
    quantity: item.quantity,
    quantityStep: item.quantityStep,
    price: toCents(item.price),
    REF: item.REF,
    TITLE: item.TITLE,
    URL: item.URL,
    PSE_URL: item.PSE_URL,
    IMAGE: item.IMAGE,
    IMAGE_THUMB: item.IMAGE_THUMB,
    stock: item.stock,
    selectedFulfilmentCenter: previous?.selectedFulfilmentCenter,
    selectedProductColor: previous?.selectedProductColor,
    selectedProductSize: previous?.selectedProductSize,
    undeliverable: previous ? previous.undeliverable : item.undeliverable,
  };
}

/** cart/get answers: the latest request's wins. */
const refreshes = latestWins();

/** The server's cart becomes the local one. */
export function applyServerCart(cart: Cart): void {
  // A change's answer is newer than any cart/get still under way.
  refreshes.cancel();
  serverCart.set(cart);
  const before = new Map(cartItems.get().map((l) => [l.cartItemId, l]));
  setCartId(cart.cartId);
  setLines(cart.items.map((item) => lineFromServer(item, before.get(item.cartItemId))));
  markSynced();
}

/** Spec §8's 'Hinzufügen zum Einkaufswagen fehlgeschlagen', and why when the shopper can act on it (too few in stock). */
export function addFailedText(error: unknown): string {
  const reason = error instanceof ApiError && error.serverMessage === ERRORS.notEnoughStock ? m.cart_notEnoughStock() : '';
  return reason ? `${m.cart_addFailed()}. ${reason}` : m.cart_addFailed();
}

const isCartNotFound = (e: unknown) => e instanceof ApiError && e.serverMessage === ERRORS.cartNotFound;

/** 'Cart not found': the local cart id and delivery id are cleared (spec §4, §8). */
function forgetCart(): void {
  clearCartId(path());
  setDeliveryId(null);
  serverCart.set(null);
}

function fail(error: unknown, text: string): void {
  const message = error instanceof ApiError && error.kind === 'connection' ? connectionErrorText() : text;
  if (!(error instanceof ApiError)) console.error('cart:', error);
  else console.warn(`cart: ${error.serverMessage ?? error.message} (HTTP ${error.status})`);
  setError(message);
  notify(message, 'error');
}

/** POST /api/cart/get: the server cart with its totals into `serverCart`; null without a cart or on failure. */
export async function refreshCart(): Promise<Cart | null> {
  const id = resolveCartId(path(), search());
  if (id <= 0) {
    serverCart.set(null);
    return null;
  }
  const isLatest = refreshes.begin();
  try {
    const answer = await call('cartGet', { body: { 'thelia.cart_id': id, country_id: selectedCountryId() } });
    // An older answer (another country, lines since changed) never overwrites a newer one.
    if (isLatest()) applyServerCart(answer.data);
    return answer.data;
  } catch (error) {
    if (!isLatest()) return null;
    if (isCartNotFound(error)) {
      // The server has no such cart: its lines are gone too.
      clearCart(path());
      setDeliveryId(null);
      serverCart.set(null);
      return null;
    }
    if (error instanceof ApiError) setError(error.kind === 'connection' ? connectionErrorText() : error.message);
    else setError(connectionErrorText());
    return null;
  }
}

export interface AddInput {
  productId: number;
  pseId: number;
  quantity: number;
  step?: number;
  /** What the page knows of the line (title, URL, image, price in cents, colour, size...). */
  line?: Partial<CartLine>;
}

const adding = new Set<number>();
/** True while an add of this variant is under way. */
export const isAdding = (pseId: number) => adding.has(pseId);

/**
 * Spec §4 Add to cart: check the cart first ('Cart not found' clears the local cart id and
 * delivery id), then add. On status_code 200 with a quantity the line is stored with cart id,
 * cart item id and quantity and a success toast shows; otherwise 'Hinzufügen zum Einkaufswagen
 * fehlgeschlagen'. A second call for the same variant while one is under way is ignored.
 */
export async function addToCart({ productId, pseId, quantity, step = 1, line }: AddInput): Promise<boolean> {
  if (adding.has(pseId)) return false;
  adding.add(pseId);
  try {
    const wanted = stepQuantity(quantity, step).quantity;
    const country = selectedCountryId();
    let id = resolveCartId(path(), search());
    if (id > 0) {
      try {
        await call('cartGet', { body: { 'thelia.cart_id': id } });
      } catch (error) {
        if (!isCartNotFound(error)) throw error;
        forgetCart();
        id = 0;
      }
    }
    const answer = await call('cartAdd', {
      body: {
        ...(id > 0 ? { 'thelia.cart_id': id } : {}),
        thelia_cart_add: { append: true, product: productId, product_sale_elements_id: pseId, quantity: wanted },
        country_id: country,
      },
    });
    const { data } = answer;
    const previous = cartItems.get().find((l) => l.cartItemId === data.cartItemId || l.PRODUCT_SALE_ELEMENT === pseId);
    setCartId(data.cartId);
    upsertLine({
      REF: '',
      TITLE: '',
      URL: '',
      PSE_URL: '',
      IMAGE: null,
      price: 0,
      undeliverable: false,
      ...previous,
      ...line,
      id: productId,
      PRODUCT_SALE_ELEMENT: pseId,
      cartId: data.cartId,
      cartItemId: data.cartItemId,
      quantity: data.quantity,
      quantityStep: Math.max(1, step),
    });
    markSynced();
    const added = previous ? data.quantity - previous.quantity : data.quantity;
    const adjusted = data.adjusted || wanted !== quantity;
    notify(adjusted ? `${m.cart_added()}. ${m.cart_quantityAdjusted({ n: String(Math.max(added, wanted)), step: String(step) })}` : m.cart_added(), 'success');
    void refreshCart();
    return true;
  } catch (error) {
    fail(error, addFailedText(error));
    return false;
  } finally {
    adding.delete(pseId);
  }
}

function lineOf(cartItemId: number): CartLine | undefined {
  return cartItems.get().find((l) => l.cartItemId === cartItemId);
}

/** The cart id for a change of existing lines; without one there is nothing on the server to change. */
function currentId(): number {
  return cartId.get() || resolveCartId(path(), search());
}

/** Spec §4 Delete: removes one line (toast 'Aus dem Einkaufswagen entfernt'). */
export async function deleteItem(cartItemId: number): Promise<boolean> {
  const id = currentId();
  if (id <= 0) return false;
  try {
    const answer = await call('cartDelete', { body: { 'thelia.cart_id': id, cart_item: cartItemId, country_id: selectedCountryId() } });
    applyServerCart(answer.data);
    notify(m.cart_removed(), 'success');
    return true;
  } catch (error) {
    if (isCartNotFound(error)) forgetCart();
    fail(error, m.cart_addFailed());
    return false;
  }
}

/**
 * Spec §4 Update: sets an absolute quantity; 0 or less deletes the line. Other quantities are
 * raised to a multiple of the product's step, with a note.
 */
export async function updateQuantity(cartItemId: number, quantity: number): Promise<boolean> {
  if (!Number.isFinite(quantity) || quantity <= 0) return deleteItem(cartItemId);
  const id = currentId();
  const line = lineOf(cartItemId);
  if (id <= 0) return false;
  const step = line?.quantityStep ?? 1;
  const wanted = stepQuantity(quantity, step).quantity;
  try {
    const answer = await call('cartUpdate', { body: { 'thelia.cart_id': id, cart_item: cartItemId, quantity: wanted, country_id: selectedCountryId() } });
    applyServerCart(answer.data);
    const now = answer.data.items.find((i) => i.cartItemId === cartItemId)?.quantity;
    if (now !== undefined && now !== quantity) notify(m.cart_quantityAdjusted({ n: String(now), step: String(step) }), 'info');
    else notify(m.cart_updated(), 'success');
    return true;
  } catch (error) {
    if (isCartNotFound(error)) forgetCart();
    fail(error, m.cart_addFailed());
    return false;
  }
}

/** Spec §4 Decrease: by `count` (in steps of the product); below 1 the line is removed. */
export async function decreaseItem(cartItemId: number, count = 1): Promise<boolean> {
  const line = lineOf(cartItemId);
  if (!line) return false;
  const next = line.quantity - count * line.quantityStep;
  if (next < 1) return deleteItem(cartItemId);
  return updateQuantity(cartItemId, next);
}

/** Remove one: a line of one (step) is deleted, otherwise one (step) less remains. */
export async function removeOne(cartItemId: number): Promise<boolean> {
  return decreaseItem(cartItemId, 1);
}

/** One more (step) of a line. */
export async function increaseItem(cartItemId: number, count = 1): Promise<boolean> {
  const line = lineOf(cartItemId);
  if (!line) return false;
  return updateQuantity(cartItemId, line.quantity + count * line.quantityStep);
}

/** Spec §4 Delete-all: clears the cart on the server, then the stored cart id and delivery id. */
export async function deleteAll(): Promise<boolean> {
  const id = currentId();
  try {
    if (id > 0) await call('cartClear', { body: { 'thelia.cart_id': id } });
  } catch (error) {
    if (!isCartNotFound(error)) {
      fail(error, m.cart_addFailed());
      return false;
    }
  }
  clearCart(path());
  setDeliveryId(null);
  serverCart.set(null);
  notify(m.cart_removed(), 'success');
  return true;
}
