/**
 * The cart store (spec §3 Cart, §4 Cart status and Cart id resolution). Lean on purpose: the
 * always-on chrome imports `totalItems` from here for the header count, so no API client and no
 * zod. The operations through the shop API live in cart-actions.ts (loaded on interaction).
 *
 * Persistence: `cart_id`, `cart_items` (JSON) and `delivery_id` in local storage (spec §3 stored
 * values), written by the functions below and read back on the `storage` event, so every tab
 * shows the same cart. The persistence is hand-made rather than @nanostores/persistent because
 * clearing the cart on /order-placed and /order-failed must empty the store but keep the stored id.
 */
import { atom, computed } from 'nanostores';
import { stepQuantity } from '../catalog/quantity.ts';
import { positiveId } from '../api/contract/id.ts';

export type CartStatus = 'idle' | 'synced' | 'error';

/** One cart line (spec §3 Cart item). `price` is the unit price the shopper pays, in cents. */
export interface CartLine {
  /** product id */
  id: number;
  PRODUCT_SALE_ELEMENT: number;
  cartId: number;
  cartItemId: number;
  quantity: number;
  quantityStep: number;
  price: number;
  REF: string;
  TITLE: string;
  URL: string;
  PSE_URL: string;
  IMAGE: string | null;
  /** The API's thumbnail of IMAGE (the contract's CartItem). */
  IMAGE_THUMB?: string | null;
  selectedFulfilmentCenter?: number | null;
  selectedProductColor?: string | null;
  selectedProductSize?: string | null;
  stock?: number;
  undeliverable: boolean;
}

export const CART_ID_KEY = 'cart_id';
export const CART_ITEMS_KEY = 'cart_items';
export const DELIVERY_ID_KEY = 'delivery_id';
/** Paths where the cart id comes from the `cart_id` query parameter and clearing keeps the stored id. */
const ORDER_OUTCOME = /^\/order-(placed|failed)\/?$/;

export const cartId = atom<number>(0);
export const cartItems = atom<CartLine[]>([]);
export const deliveryId = atom<string | null>(null);
export const cartStatus = atom<CartStatus>('idle');
export const cartError = atom<string | null>(null);
/** When the cart last matched the server (ms epoch). */
export const lastSync = atom<number | null>(null);
/** When the store last read or wrote local storage (ms epoch). */
export const lastLocalStorageSync = atom<number | null>(null);
export const cartInitialized = atom(false);

export function sumQuantity(items: readonly { quantity: number }[]): number {
  let total = 0;
  for (const item of items) if (Number.isFinite(item.quantity) && item.quantity > 0) total += Math.floor(item.quantity);
  return total;
}
export const totalItems = computed(cartItems, sumQuantity);

/** The quantity-step rule (spec §5) has one home, shared with the shop API. */
export { stepQuantity };

/** Sum of quantity x unit price, in cents. */
export const totalValue = computed(cartItems, (items) => items.reduce((sum, l) => sum + Math.max(0, Math.floor(l.quantity)) * l.price, 0));

// ---------------------------------------------------------------- storage

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
let storage: Store | null = null;

function write(key: string, value: string | null): void {
  if (!storage) return;
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
    lastLocalStorageSync.set(Date.now());
  } catch (error) {
    // Full or blocked storage: the cart still works for this page.
    console.warn(`cart: could not write ${key}`, error);
  }
}
function read(key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export const isOrderOutcomePath = (path: string) => ORDER_OUTCOME.test(path);

/** Spec §5: cart ids are numeric and > 0; 0, null, '0', 'null', undefined, '' and the like are not. */
export function isValidCartId(v: unknown): boolean {
  return positiveId(v) !== null;
}
const toId = (v: unknown) => positiveId(v) ?? 0;

/** A stored cart id that is not valid is removed, with a console warning. */
function storedCartId(): number {
  const raw = read(CART_ID_KEY);
  if (raw === null) return 0;
  if (isValidCartId(raw)) return toId(raw);
  console.warn(`cart: invalid stored cart id ${JSON.stringify(raw)} removed`);
  write(CART_ID_KEY, null);
  return 0;
}

/**
 * Spec §4 Cart id resolution: on /order-placed and /order-failed a valid `cart_id` query
 * parameter wins; else the store's id, else the stored `cart_id`, else 0.
 */
export function resolveCartId(path = '', search = ''): number {
  if (isOrderOutcomePath(path)) {
    const fromQuery = new URLSearchParams(search).get('cart_id');
    if (fromQuery !== null) {
      if (isValidCartId(fromQuery)) return toId(fromQuery);
      console.warn(`cart: invalid cart_id query parameter ${JSON.stringify(fromQuery)} ignored`);
    }
  }
  return cartId.get() || storedCartId();
}

function updateStatus(): void {
  if (cartStatus.get() !== 'error') cartStatus.set(cartId.get() > 0 ? 'synced' : 'idle');
}

/** Sets the cart id; an invalid one is rejected with a console warning (false). Saved only when positive. */
export function setCartId(id: unknown): boolean {
  if (!isValidCartId(id)) {
    console.warn(`cart: invalid cart id ${JSON.stringify(id)} rejected`);
    return false;
  }
  const n = toId(id);
  cartId.set(n);
  write(CART_ID_KEY, String(n));
  updateStatus();
  return true;
}

/** Forgets the cart id (status idle); the stored one stays on /order-placed and /order-failed. */
export function clearCartId(path = ''): void {
  cartId.set(0);
  if (!isOrderOutcomePath(path)) write(CART_ID_KEY, null);
  cartStatus.set('idle');
  cartError.set(null);
}

export function setDeliveryId(id: string | number | null): void {
  const v = id === null || id === '' ? null : String(id);
  deliveryId.set(v);
  write(DELIVERY_ID_KEY, v);
}

export function setError(message: string): void {
  cartError.set(message);
  cartStatus.set('error');
}
/** Clearing the error returns to synced when a cart id exists, else idle. */
export function clearError(): void {
  cartError.set(null);
  cartStatus.set(cartId.get() > 0 ? 'synced' : 'idle');
}
export function markSynced(now = Date.now()): void {
  lastSync.set(now);
  clearError();
}

// ---------------------------------------------------------------- lines

const int = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) ? v : null);
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const optNum = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** A stored line, checked field by field; null when it cannot be a cart line. */
export function parseLine(v: unknown): CartLine | null {
  if (!v || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  const id = int(o.id),
    pse = int(o.PRODUCT_SALE_ELEMENT),
    cid = int(o.cartId),
    item = int(o.cartItemId),
    quantity = int(o.quantity),
    price = optNum(o.price);
  if (!id || id <= 0 || !pse || pse <= 0 || cid === null || cid < 0 || item === null || item < 0 || !quantity || quantity <= 0 || price === null || price < 0) return null;
  const step = int(o.quantityStep);
  const line: CartLine = {
    id,
    PRODUCT_SALE_ELEMENT: pse,
    cartId: cid,
    cartItemId: item,
    quantity,
    quantityStep: step && step > 0 ? step : 1,
    price: Math.round(price),
    REF: str(o.REF),
    TITLE: str(o.TITLE),
    URL: str(o.URL),
    PSE_URL: str(o.PSE_URL),
    IMAGE: typeof o.IMAGE === 'string' ? o.IMAGE : null,
    IMAGE_THUMB: typeof o.IMAGE_THUMB === 'string' ? o.IMAGE_THUMB : null,
    undeliverable: o.undeliverable === true,
  };
  const fc = int(o.selectedFulfilmentCenter);
  if (fc !== null) line.selectedFulfilmentCenter = fc;
  if (typeof o.selectedProductColor === 'string') line.selectedProductColor = o.selectedProductColor;
  if (typeof o.selectedProductSize === 'string') line.selectedProductSize = o.selectedProductSize;
  const stock = int(o.stock);
  if (stock !== null) line.stock = stock;
  return line;
}

/** The stored `cart_items`: corrupt JSON gives an empty cart, corrupt entries are dropped; each with a warning. */
export function parseLines(raw: string | null): CartLine[] {
  if (raw === null || raw === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    console.warn('cart: stored cart items are not JSON; starting with an empty cart');
    return [];
  }
  if (!Array.isArray(parsed)) {
    console.warn('cart: stored cart items are not a list; starting with an empty cart');
    return [];
  }
  const lines: CartLine[] = [];
  for (const entry of parsed) {
    const line = parseLine(entry);
    if (line) lines.push(line);
    else console.warn('cart: a corrupt stored cart line was dropped', entry);
  }
  return lines;
}

export function setLines(lines: CartLine[]): void {
  cartItems.set(lines);
  write(CART_ITEMS_KEY, lines.length ? JSON.stringify(lines) : null);
}

const sameLine = (a: Pick<CartLine, 'cartItemId' | 'PRODUCT_SALE_ELEMENT'>, b: CartLine) =>
  a.cartItemId > 0 && b.cartItemId > 0 ? a.cartItemId === b.cartItemId : a.PRODUCT_SALE_ELEMENT === b.PRODUCT_SALE_ELEMENT;

/** Local add (spec §4): a quantity is required; an existing line is updated, otherwise appended. */
export function upsertLine(line: CartLine): boolean {
  if (!Number.isSafeInteger(line.quantity) || line.quantity <= 0) {
    console.warn('cart: a line without a quantity was not added', line);
    return false;
  }
  const items = cartItems.get();
  const i = items.findIndex((l) => sameLine(line, l));
  setLines(i < 0 ? [...items, line] : items.map((l, j) => (j === i ? { ...l, ...line } : l)));
  return true;
}

export function removeLine(cartItemId: number): void {
  setLines(cartItems.get().filter((l) => l.cartItemId !== cartItemId));
}

/** Absolute quantity; 0 or less deletes the line. */
export function setLineQuantity(cartItemId: number, quantity: number): void {
  if (quantity <= 0) {
    removeLine(cartItemId);
    return;
  }
  setLines(cartItems.get().map((l) => (l.cartItemId === cartItemId ? { ...l, quantity } : l)));
}

/** Remove one locally: a line of one (step) is deleted, otherwise the rest remains. */
export function removeOneLocal(cartItemId: number): void {
  const line = cartItems.get().find((l) => l.cartItemId === cartItemId);
  if (!line) return;
  setLineQuantity(cartItemId, line.quantity <= line.quantityStep ? 0 : line.quantity - line.quantityStep);
}

/** Local only (spec §4). */
export function setFulfilmentCentre(cartItemId: number, centerId: number | null): void {
  setLines(cartItems.get().map((l) => (l.cartItemId === cartItemId ? { ...l, selectedFulfilmentCenter: centerId } : l)));
}
/** Local only (spec §4). */
export function setUndeliverable(cartItemId: number, flag: boolean): void {
  setLines(cartItems.get().map((l) => (l.cartItemId === cartItemId ? { ...l, undeliverable: flag } : l)));
}

/** Empties the cart (status idle); the stored id stays on /order-placed and /order-failed. */
export function clearCart(path = ''): void {
  setLines([]);
  clearCartId(path);
}

// ---------------------------------------------------------------- start-up and other tabs

/**
 * Start-up (spec §4): the cart from the resolved id and the stored items, or empty. `storage` is
 * local storage in the browser (a stub in tests); null keeps the cart in memory only.
 */
export function initCart(store: Store | null, path = '', search = ''): void {
  storage = store;
  cartId.set(0);
  cartStatus.set('idle');
  cartError.set(null);
  const id = resolveCartId(path, search);
  if (id > 0) {
    cartId.set(id);
    if (read(CART_ID_KEY) !== String(id)) write(CART_ID_KEY, String(id));
  }
  const raw = read(CART_ITEMS_KEY);
  const lines = parseLines(raw);
  cartItems.set(lines);
  if (raw !== null && JSON.stringify(lines) !== raw) write(CART_ITEMS_KEY, lines.length ? JSON.stringify(lines) : null);
  const delivery = read(DELIVERY_ID_KEY);
  deliveryId.set(delivery && delivery !== 'null' && delivery !== 'undefined' ? delivery : null);
  updateStatus();
  lastLocalStorageSync.set(Date.now());
  cartInitialized.set(true);
}

/** Another tab changed local storage: follow it (without writing back). */
export function onStorageChange(key: string | null, newValue: string | null): void {
  if (key === null) {
    // storage.clear() elsewhere
    cartId.set(0);
    cartItems.set([]);
    deliveryId.set(null);
  } else if (key === CART_ID_KEY) {
    cartId.set(isValidCartId(newValue) ? toId(newValue) : 0);
  } else if (key === CART_ITEMS_KEY) {
    cartItems.set(parseLines(newValue));
  } else if (key === DELIVERY_ID_KEY) {
    deliveryId.set(newValue);
  } else return;
  updateStatus();
  lastLocalStorageSync.set(Date.now());
}

if (typeof window !== 'undefined' && typeof document !== 'undefined') {
  let local: Storage | null = null;
  try {
    local = window.localStorage;
  } catch {
    // privacy mode: memory only
  }
  initCart(local, location.pathname, location.search);
  window.addEventListener('storage', (e) => {
    if (e.storageArea === local) onStorageChange(e.key, e.newValue);
  });
}
