/** The cart store, one test per rule of spec §3 Cart and §4 Cart status / Cart id resolution. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  cartError,
  cartId,
  cartItems,
  cartStatus,
  clearCart,
  clearCartId,
  clearError,
  deliveryId,
  initCart,
  isValidCartId,
  onStorageChange,
  parseLines,
  removeLine,
  removeOneLocal,
  resolveCartId,
  setCartId,
  setError,
  setFulfilmentCentre,
  setLineQuantity,
  setUndeliverable,
  totalItems,
  totalValue,
  upsertLine,
} from '../../../src/stores/cart.ts';
import { MemoryStorage, line } from './helpers.ts';

let storage: MemoryStorage;
let warn: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  storage = new MemoryStorage();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  initCart(storage);
});
afterEach(() => vi.restoreAllMocks());

describe('cart status', () => {
  it('starts idle without a cart id', () => {
    expect(cartStatus.get()).toBe('idle');
    expect(cartId.get()).toBe(0);
  });
  it('goes from idle to synced when a valid cart id is set', () => {
    expect(setCartId(42)).toBe(true);
    expect(cartStatus.get()).toBe('synced');
  });
  it('goes from idle to synced when initialised with a stored valid cart id', () => {
    storage.setItem('cart_id', '42');
    initCart(storage);
    expect(cartStatus.get()).toBe('synced');
    expect(cartId.get()).toBe(42);
  });
  it('goes to error when an error is set', () => {
    setCartId(42);
    setError('boom');
    expect(cartStatus.get()).toBe('error');
    expect(cartError.get()).toBe('boom');
  });
  it('clearing the error returns to synced when a cart id exists', () => {
    setCartId(42);
    setError('boom');
    clearError();
    expect(cartStatus.get()).toBe('synced');
    expect(cartError.get()).toBeNull();
  });
  it('clearing the error returns to idle without a cart id', () => {
    setError('boom');
    clearError();
    expect(cartStatus.get()).toBe('idle');
  });
  it('clearing the cart gives idle', () => {
    setCartId(42);
    upsertLine(line());
    clearCart('/');
    expect(cartStatus.get()).toBe('idle');
    expect(cartItems.get()).toEqual([]);
  });
  it('clearing the cart id gives idle', () => {
    setCartId(42);
    clearCartId('/');
    expect(cartStatus.get()).toBe('idle');
    expect(cartId.get()).toBe(0);
  });
});

describe('cart id validation', () => {
  it.each([0, null, '0', 'null', undefined, 'abc', -3, '-3', 1.5, '', 'undefined'])('rejects cart id %j', (v) => {
    expect(isValidCartId(v)).toBe(false);
  });
  it('accepts positive whole numbers and their digits', () => {
    expect(isValidCartId(7)).toBe(true);
    expect(isValidCartId('123456789012')).toBe(true);
  });
  it("rejects cart id 'null' and removes it from storage with a warning", () => {
    storage.setItem('cart_id', 'null');
    initCart(storage);
    expect(cartId.get()).toBe(0);
    expect(storage.getItem('cart_id')).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('invalid stored cart id'));
  });
  it.each(['0', 'undefined', 'abc', '-5', ''])('removes the invalid stored cart id %j with a warning', (raw) => {
    storage.setItem('cart_id', raw);
    initCart(storage);
    expect(cartId.get()).toBe(0);
    expect(storage.getItem('cart_id')).toBeNull();
    expect(warn).toHaveBeenCalled();
  });
  it('setting an invalid id is rejected with a warning and changes nothing', () => {
    setCartId(42);
    for (const v of [0, null, '0', 'null', undefined, 'x', -1]) expect(setCartId(v)).toBe(false);
    expect(cartId.get()).toBe(42);
    expect(storage.getItem('cart_id')).toBe('42');
    expect(warn).toHaveBeenCalledTimes(7);
  });
  it('saves the id only when positive', () => {
    setCartId(0);
    expect(storage.getItem('cart_id')).toBeNull();
    setCartId('15');
    expect(storage.getItem('cart_id')).toBe('15');
  });
});

describe('cart id resolution', () => {
  it("takes the store's cart id first", () => {
    setCartId(42);
    storage.setItem('cart_id', '43');
    expect(resolveCartId('/', '')).toBe(42);
  });
  it('else the stored cart_id', () => {
    storage.setItem('cart_id', '43');
    expect(resolveCartId('/', '')).toBe(43);
  });
  it('else 0', () => {
    expect(resolveCartId('/', '')).toBe(0);
  });
  it('on /order-placed the cart_id query parameter wins', () => {
    setCartId(42);
    expect(resolveCartId('/order-placed', '?cart_id=77')).toBe(77);
    storage.setItem('cart_id', '42');
    initCart(storage, '/order-placed', '?cart_id=77');
    expect(cartId.get()).toBe(77);
  });
  it('on /order-failed the cart_id query parameter wins', () => {
    setCartId(42);
    expect(resolveCartId('/order-failed', '?cart_id=78')).toBe(78);
  });
  it('elsewhere the cart_id query parameter is ignored', () => {
    setCartId(42);
    expect(resolveCartId('/cart', '?cart_id=77')).toBe(42);
  });
  it('an invalid cart_id query parameter on /order-placed is ignored with a warning', () => {
    setCartId(42);
    expect(resolveCartId('/order-placed', '?cart_id=null')).toBe(42);
    expect(warn).toHaveBeenCalled();
  });
});

describe('clearing', () => {
  it('on clearing the cart the stored id is removed', () => {
    setCartId(42);
    upsertLine(line());
    clearCart('/cart');
    expect(storage.getItem('cart_id')).toBeNull();
    expect(storage.getItem('cart_items')).toBeNull();
  });
  it.each(['/order-placed', '/order-failed'])('on clearing the cart on %s the stored id stays', (path) => {
    setCartId(42);
    clearCart(path);
    expect(cartId.get()).toBe(0);
    expect(storage.getItem('cart_id')).toBe('42');
  });
});

describe('start-up', () => {
  it('initialises from the stored id and items', () => {
    storage.setItem('cart_id', '500');
    storage.setItem('cart_items', JSON.stringify([line(), line({ cartItemId: 2, PRODUCT_SALE_ELEMENT: 12, quantity: 3 })]));
    storage.setItem('delivery_id', '77');
    initCart(storage);
    expect(cartId.get()).toBe(500);
    expect(cartItems.get()).toHaveLength(2);
    expect(deliveryId.get()).toBe('77');
    expect(totalItems.get()).toBe(4);
  });
  it('initialises empty without stored values', () => {
    expect(cartItems.get()).toEqual([]);
    expect(deliveryId.get()).toBeNull();
  });
  it('drops corrupt stored lines with a warning and keeps the good ones', () => {
    storage.setItem('cart_items', JSON.stringify([line(), { id: 'x' }, null, line({ cartItemId: 3, quantity: -1 })]));
    initCart(storage);
    expect(cartItems.get()).toHaveLength(1);
    expect(warn).toHaveBeenCalledTimes(3);
    expect(JSON.parse(storage.getItem('cart_items')!)).toHaveLength(1);
  });
  it('starts empty when the stored items are not JSON, with a warning', () => {
    expect(parseLines('{oops')).toEqual([]);
    expect(parseLines('{"a":1}')).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(2);
  });
});

describe('totals', () => {
  it('totalItems is the sum of quantities', () => {
    upsertLine(line({ quantity: 2 }));
    upsertLine(line({ cartItemId: 2, PRODUCT_SALE_ELEMENT: 12, quantity: 5 }));
    expect(totalItems.get()).toBe(7);
  });
  it('totalValue is the sum of quantity x price (cents)', () => {
    upsertLine(line({ quantity: 2, price: 1999 }));
    upsertLine(line({ cartItemId: 2, PRODUCT_SALE_ELEMENT: 12, quantity: 3, price: 500 }));
    expect(totalValue.get()).toBe(2 * 1999 + 1500);
  });
});

describe('lines (local)', () => {
  it('local add requires a quantity', () => {
    expect(upsertLine(line({ quantity: 0 }))).toBe(false);
    expect(cartItems.get()).toEqual([]);
  });
  it('local add updates an existing line, otherwise appends', () => {
    upsertLine(line({ quantity: 1 }));
    upsertLine(line({ quantity: 4 }));
    expect(cartItems.get()).toEqual([expect.objectContaining({ cartItemId: 1, quantity: 4 })]);
    upsertLine(line({ cartItemId: 2, PRODUCT_SALE_ELEMENT: 12 }));
    expect(cartItems.get()).toHaveLength(2);
  });
  it('remove-one locally: quantity 1 deletes the line, else sets the remaining quantity', () => {
    upsertLine(line({ quantity: 3 }));
    removeOneLocal(1);
    expect(cartItems.get()[0]!.quantity).toBe(2);
    removeOneLocal(1);
    removeOneLocal(1);
    expect(cartItems.get()).toEqual([]);
  });
  it('update to 0 or less deletes the line', () => {
    upsertLine(line({ quantity: 3 }));
    setLineQuantity(1, 5);
    expect(cartItems.get()[0]!.quantity).toBe(5);
    setLineQuantity(1, 0);
    expect(cartItems.get()).toEqual([]);
  });
  it('delete removes one line', () => {
    upsertLine(line());
    upsertLine(line({ cartItemId: 2, PRODUCT_SALE_ELEMENT: 12 }));
    removeLine(1);
    expect(cartItems.get().map((l) => l.cartItemId)).toEqual([2]);
  });
  it('fulfilment centre change and the undeliverable flag are local only, and stored', () => {
    upsertLine(line());
    setFulfilmentCentre(1, 3);
    setUndeliverable(1, true);
    expect(cartItems.get()[0]).toMatchObject({ selectedFulfilmentCenter: 3, undeliverable: true });
    expect(JSON.parse(storage.getItem('cart_items')!)[0]).toMatchObject({ selectedFulfilmentCenter: 3, undeliverable: true });
  });
});

describe('other tabs', () => {
  it('follows the cart id, items and delivery id another tab stores', () => {
    onStorageChange('cart_id', '900');
    expect(cartId.get()).toBe(900);
    expect(cartStatus.get()).toBe('synced');
    onStorageChange('cart_items', JSON.stringify([line({ quantity: 6 })]));
    expect(totalItems.get()).toBe(6);
    onStorageChange('delivery_id', '77');
    expect(deliveryId.get()).toBe('77');
    onStorageChange('cart_id', null);
    expect(cartId.get()).toBe(0);
    expect(cartStatus.get()).toBe('idle');
  });
  it('does not write back what another tab stored', () => {
    const spy = vi.spyOn(storage, 'setItem');
    onStorageChange('cart_items', JSON.stringify([line()]));
    expect(spy).not.toHaveBeenCalled();
  });
});
