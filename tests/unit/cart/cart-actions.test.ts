/** The cart operations (spec §4 Add to cart, Decrease, Delete...), against a scripted fetch. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage, line, notFound, scriptFetch, serverCart as cartAnswer, serverItem } from './helpers.ts';

const { notice } = await import('../../../src/stores/notice.ts');
const store = await import('../../../src/stores/cart.ts');
const actions = await import('../../../src/stores/cart-actions.ts');
const { countryId } = await import('../../../src/stores/country.ts');

const CONNECTION = 'Bei der Verbindung zum Server ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.';
const ADD_FAILED = 'Hinzufügen zum Einkaufswagen fehlgeschlagen';
const REMOVED = 'Aus dem Einkaufswagen entfernt';

let storage: MemoryStorage;
/** The notices the operations announce (the toast island shows them). */
const toast = vi.fn();
notice.listen((n) => {
  if (n) toast(n.text, n.kind);
});
const added = (over: Record<string, unknown> = {}) => ({ body: { status_code: 200, data: { quantity: 1, cartId: 500, cartItemId: 1, adjusted: false, ...over } } });
const add = (over: Partial<Parameters<typeof actions.addToCart>[0]> = {}) => actions.addToCart({ productId: 1, pseId: 11, quantity: 1, step: 1, ...over });

beforeEach(() => {
  storage = new MemoryStorage();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  store.initCart(storage);
  actions.serverCart.set(null);
  countryId.set('');
  toast.mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Lets the background refresh after an add finish. */
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('add to cart', () => {
  it('without a cart id adds to a new cart and stores cart id, cart item id and quantity', async () => {
    const { calls } = scriptFetch({
      '/api/cart/add': [added({ quantity: 2, cartId: 500, cartItemId: 9 })],
      '/api/cart/get': [{ body: cartAnswer([serverItem({ cartItemId: 9, quantity: 2 })]) }],
    });
    expect(await add({ quantity: 2 })).toBe(true);
    expect(calls[0]!.path).toBe('/api/cart/add');
    expect(calls[0]!.body).toMatchObject({ thelia_cart_add: { product: 1, product_sale_elements_id: 11, quantity: 2, append: true } });
    expect(calls[0]!.body).not.toHaveProperty(['thelia.cart_id']);
    expect(store.cartId.get()).toBe(500);
    expect(storage.getItem('cart_id')).toBe('500');
    expect(store.cartItems.get()).toEqual([expect.objectContaining({ cartId: 500, cartItemId: 9, quantity: 2, PRODUCT_SALE_ELEMENT: 11 })]);
    expect(store.cartStatus.get()).toBe('synced');
  });
  it('on status_code 200 with a quantity a success toast shows', async () => {
    scriptFetch({ '/api/cart/add': [added()], '/api/cart/get': [{ body: cartAnswer([serverItem()]) }] });
    await add();
    expect(toast).toHaveBeenCalledWith('In den Warenkorb gelegt', 'success');
  });
  it('checks the cart first when a cart id is known, then adds to it', async () => {
    store.setCartId(500);
    const { calls } = scriptFetch({ '/api/cart/get': [{ body: cartAnswer([]) }], '/api/cart/add': [added()] });
    await add();
    expect(calls.map((c) => c.path).slice(0, 2)).toEqual(['/api/cart/get', '/api/cart/add']);
    expect(calls[1]!.body['thelia.cart_id']).toBe(500);
  });
  it('Cart not found clears the local cart id and delivery id, then adds to a new cart', async () => {
    store.setCartId(404);
    store.setDeliveryId(77);
    const { calls } = scriptFetch({ '/api/cart/get': [notFound(), { body: cartAnswer([serverItem({ cartId: 600 })], 600) }], '/api/cart/add': [added({ cartId: 600 })] });
    expect(await add()).toBe(true);
    expect(calls[1]!.body).not.toHaveProperty(['thelia.cart_id']);
    expect(store.deliveryId.get()).toBeNull();
    expect(storage.getItem('delivery_id')).toBeNull();
    expect(store.cartId.get()).toBe(600);
  });
  it("a non-200 answer shows the toast 'Hinzufügen zum Einkaufswagen fehlgeschlagen' and keeps the cart", async () => {
    store.setCartId(500);
    store.upsertLine(line());
    scriptFetch({
      '/api/cart/get': [{ body: cartAnswer([serverItem()]) }],
      '/api/cart/add': [{ status: 400, body: { status_code: 400, status: 'Invalid data', message: 'Invalid data' } }],
    });
    expect(await add()).toBe(false);
    expect(toast).toHaveBeenCalledWith(ADD_FAILED, 'error');
    expect(store.cartItems.get()).toEqual([line()]);
    expect(store.cartStatus.get()).toBe('error');
  });
  it('an add refused for lack of stock says so after the add-failed text, and keeps the cart', async () => {
    store.setCartId(500);
    store.upsertLine(line());
    scriptFetch({
      '/api/cart/get': [{ body: cartAnswer([serverItem()]) }],
      '/api/cart/add': [{ status: 409, body: { status_code: 409, status: 'Not enough stock', message: 'Not enough stock' } }],
    });
    expect(await add()).toBe(false);
    expect(toast).toHaveBeenCalledWith(`${ADD_FAILED}. Nicht genug auf Lager.`, 'error');
    expect(store.cartItems.get()).toEqual([line()]);
  });
  it('an answer without a quantity shows the add-failed toast', async () => {
    scriptFetch({ '/api/cart/add': [{ body: { status_code: 200, data: { cartId: 500, cartItemId: 1 } } }] });
    expect(await add()).toBe(false);
    expect(toast).toHaveBeenCalledWith(expect.stringMatching(new RegExp(`${CONNECTION}|${ADD_FAILED}`)), 'error');
    expect(store.cartItems.get()).toEqual([]);
  });
  it('a malformed answer (not JSON) shows the server-connection message and loses nothing', async () => {
    store.upsertLine(line());
    scriptFetch({ '/api/cart/add': [{ raw: '<html>proxy error</html>' }] });
    expect(await add({ pseId: 12 })).toBe(false);
    expect(toast).toHaveBeenCalledWith(CONNECTION, 'error');
    expect(store.cartItems.get()).toEqual([line()]);
  });
  it('a network failure shows the server-connection message, keeps the cart and sets status error', async () => {
    store.setCartId(500);
    store.upsertLine(line());
    scriptFetch({ '/api/cart/get': [new TypeError('Failed to fetch')] });
    expect(await add()).toBe(false);
    expect(toast).toHaveBeenCalledWith(CONNECTION, 'error');
    expect(store.cartError.get()).toBe(CONNECTION);
    expect(store.cartStatus.get()).toBe('error');
    expect(store.cartId.get()).toBe(500);
    expect(storage.getItem('cart_id')).toBe('500');
    expect(store.cartItems.get()).toEqual([line()]);
  });
  it('a 500 shows the server-connection message', async () => {
    scriptFetch({ '/api/cart/add': [{ status: 500, body: { status_code: 500, status: 'Unknown error', message: 'Unknown error' } }] });
    expect(await add()).toBe(false);
    expect(toast).toHaveBeenCalledWith(CONNECTION, 'error');
  });
  it('the cart recovers on the next successful call', async () => {
    scriptFetch({ '/api/cart/add': [new TypeError('Failed to fetch'), added()], '/api/cart/get': [{ body: cartAnswer([serverItem()]) }] });
    expect(await add()).toBe(false);
    expect(store.cartStatus.get()).toBe('error');
    expect(await add()).toBe(true);
    expect(store.cartStatus.get()).toBe('synced');
    expect(store.cartError.get()).toBeNull();
  });
  it('double click adds once', async () => {
    const { calls } = scriptFetch({ '/api/cart/add': [added()], '/api/cart/get': [{ body: cartAnswer([serverItem()]) }] });
    const [first, second] = await Promise.all([add(), add()]);
    expect([first, second]).toEqual([true, false]);
    expect(calls.filter((c) => c.path === '/api/cart/add')).toHaveLength(1);
  });
  it("quantities go in multiples of the product's step, adjusted with a note", async () => {
    const { calls } = scriptFetch({ '/api/cart/add': [added({ quantity: 20 })], '/api/cart/get': [{ body: cartAnswer([serverItem({ quantity: 20, quantityStep: 10 })]) }] });
    await add({ quantity: 11, step: 10 });
    expect((calls[0]!.body.thelia_cart_add as { quantity: number }).quantity).toBe(20);
    expect(toast).toHaveBeenCalledWith(expect.stringContaining('auf 20 angepasst'), 'success');
  });
  it('the server answering adjusted shows the note', async () => {
    scriptFetch({ '/api/cart/add': [added({ quantity: 10, adjusted: true })], '/api/cart/get': [{ body: cartAnswer([serverItem({ quantity: 10 })]) }] });
    await add({ quantity: 10, step: 10 });
    expect(toast).toHaveBeenCalledWith(expect.stringContaining('angepasst'), 'success');
  });
  it("passes the selected country as country_id, else the shop's default", async () => {
    countryId.set('146');
    const { calls } = scriptFetch({ '/api/cart/add': [added()], '/api/cart/get': [{ body: cartAnswer([serverItem()]) }] });
    await add();
    expect(calls[0]!.body.country_id).toBe(146);
    countryId.set('');
    vi.stubGlobal('document', { documentElement: { dataset: { country: '5' } } });
    await add();
    expect(calls.find((c, i) => i > 0 && c.path === '/api/cart/add')!.body.country_id).toBe(5);
  });
  it('after a successful add the server cart is refreshed into serverCart', async () => {
    scriptFetch({ '/api/cart/add': [added()], '/api/cart/get': [{ body: cartAnswer([serverItem({ TITLE: 'Vom Server' })]) }] });
    await add();
    await settle();
    expect(actions.serverCart.get()?.totals.total).toBe(19.99);
    expect(store.cartItems.get()[0]).toMatchObject({ TITLE: 'Vom Server', price: 1999 });
  });

  it("the line keeps the server's image and thumbnail, also in the stored cart", async () => {
    const images = { IMAGE: '/media/images/pool/a.jpg', IMAGE_THUMB: '/_img/0123456789abcdef-128.webp' };
    scriptFetch({ '/api/cart/add': [added()], '/api/cart/get': [{ body: cartAnswer([serverItem(images)]) }] });
    await add();
    await settle();
    expect(store.cartItems.get()[0]).toMatchObject(images);
    expect(JSON.parse(storage.getItem(store.CART_ITEMS_KEY) ?? '[]')[0]).toMatchObject(images);
  });
});

describe('changing lines', () => {
  beforeEach(() => {
    store.setCartId(500);
    store.setLines([line({ quantity: 3 })]);
  });
  it("decrease below 1 removes the item with the toast 'Aus dem Einkaufswagen entfernt'", async () => {
    store.setLines([line({ quantity: 1 })]);
    const { calls } = scriptFetch({ '/api/cart/delete': [{ body: cartAnswer([]) }] });
    expect(await actions.decreaseItem(1)).toBe(true);
    expect(calls[0]!.body).toMatchObject({ 'thelia.cart_id': 500, cart_item: 1 });
    expect(store.cartItems.get()).toEqual([]);
    expect(toast).toHaveBeenCalledWith(REMOVED, 'success');
  });
  it('decrease otherwise updates to the current quantity minus the count', async () => {
    const { calls } = scriptFetch({ '/api/cart/update': [{ body: cartAnswer([serverItem({ quantity: 2 })]) }] });
    await actions.decreaseItem(1);
    expect(calls[0]!.body).toMatchObject({ cart_item: 1, quantity: 2 });
    expect(store.cartItems.get()[0]!.quantity).toBe(2);
  });
  it('remove one: a line of one is deleted, otherwise one less remains', async () => {
    const { calls } = scriptFetch({ '/api/cart/update': [{ body: cartAnswer([serverItem({ quantity: 2 })]) }], '/api/cart/delete': [{ body: cartAnswer([]) }] });
    await actions.removeOne(1);
    expect(store.cartItems.get()[0]!.quantity).toBe(2);
    store.setLines([line({ quantity: 1 })]);
    await actions.removeOne(1);
    expect(calls.map((c) => c.path)).toEqual(['/api/cart/update', '/api/cart/delete']);
    expect(store.cartItems.get()).toEqual([]);
  });
  it('update sets an absolute quantity', async () => {
    const { calls } = scriptFetch({ '/api/cart/update': [{ body: cartAnswer([serverItem({ quantity: 7 })]) }] });
    expect(await actions.updateQuantity(1, 7)).toBe(true);
    expect(calls[0]!.body).toMatchObject({ cart_item: 1, quantity: 7 });
    expect(store.totalItems.get()).toBe(7);
    expect(actions.serverCart.get()).not.toBeNull();
  });
  it('update to 0 deletes the line', async () => {
    const { calls } = scriptFetch({ '/api/cart/delete': [{ body: cartAnswer([]) }] });
    await actions.updateQuantity(1, 0);
    expect(calls.map((c) => c.path)).toEqual(['/api/cart/delete']);
    expect(store.cartItems.get()).toEqual([]);
  });
  it('update to a quantity between steps is raised to the next multiple, with a note', async () => {
    store.setLines([line({ quantity: 10, quantityStep: 10 })]);
    const { calls } = scriptFetch({ '/api/cart/update': [{ body: cartAnswer([serverItem({ quantity: 20, quantityStep: 10 })]) }] });
    await actions.updateQuantity(1, 13);
    expect(calls[0]!.body.quantity).toBe(20);
    expect(toast).toHaveBeenCalledWith(expect.stringContaining('auf 20 angepasst'), 'info');
  });
  it('delete removes one item', async () => {
    store.setLines([line(), line({ cartItemId: 2, PRODUCT_SALE_ELEMENT: 12 })]);
    scriptFetch({ '/api/cart/delete': [{ body: cartAnswer([serverItem({ cartItemId: 2, PRODUCT_SALE_ELEMENT: 12 })]) }] });
    await actions.deleteItem(1);
    expect(store.cartItems.get().map((l) => l.cartItemId)).toEqual([2]);
  });
  it("a failed removal shows 'Hinzufügen zum Einkaufswagen fehlgeschlagen' and keeps the line", async () => {
    scriptFetch({ '/api/cart/delete': [{ status: 404, body: { status_code: 404, status: 'Cart item not found', message: 'Cart item not found' } }] });
    expect(await actions.deleteItem(1)).toBe(false);
    expect(toast).toHaveBeenCalledWith(ADD_FAILED, 'error');
    expect(store.cartItems.get()).toHaveLength(1);
  });
  it('a change while the API is down shows the server-connection message and loses nothing', async () => {
    scriptFetch({ '/api/cart/update': [new TypeError('Failed to fetch')] });
    expect(await actions.updateQuantity(1, 5)).toBe(false);
    expect(toast).toHaveBeenCalledWith(CONNECTION, 'error');
    expect(store.cartItems.get()[0]!.quantity).toBe(3);
    expect(store.cartStatus.get()).toBe('error');
  });
  it('delete all clears the server cart and the stored cart id and delivery id', async () => {
    store.setDeliveryId(77);
    const { calls } = scriptFetch({ '/api/cart/clear': [{ body: { status_code: 200, message: 'Cart cleared' } }] });
    expect(await actions.deleteAll()).toBe(true);
    expect(calls[0]!.body).toMatchObject({ 'thelia.cart_id': 500 });
    expect(store.cartItems.get()).toEqual([]);
    expect(storage.getItem('cart_id')).toBeNull();
    expect(storage.getItem('delivery_id')).toBeNull();
    expect(store.cartStatus.get()).toBe('idle');
  });
  it('delete all failing keeps everything', async () => {
    store.setDeliveryId(77);
    scriptFetch({ '/api/cart/clear': [{ status: 502, raw: 'Bad gateway' }] });
    expect(await actions.deleteAll()).toBe(false);
    expect(storage.getItem('cart_id')).toBe('500');
    expect(storage.getItem('delivery_id')).toBe('77');
    expect(store.cartItems.get()).toHaveLength(1);
  });
  it('fulfilment centre change and the undeliverable flag are local only (no call)', () => {
    const { fn } = scriptFetch({});
    actions.setFulfilmentCentre(1, 4);
    actions.setUndeliverable(1, true);
    expect(fn).not.toHaveBeenCalled();
    expect(store.cartItems.get()[0]).toMatchObject({ selectedFulfilmentCenter: 4, undeliverable: true });
  });
  it('a refresh keeps the local-only choices of a line', async () => {
    actions.setFulfilmentCentre(1, 4);
    actions.setUndeliverable(1, true);
    scriptFetch({ '/api/cart/get': [{ body: cartAnswer([serverItem({ quantity: 3 })]) }] });
    await actions.refreshCart();
    expect(store.cartItems.get()[0]).toMatchObject({ selectedFulfilmentCenter: 4, undeliverable: true, quantity: 3 });
  });
  it('refresh: Cart not found empties the local cart, its id and delivery id', async () => {
    store.setDeliveryId(77);
    scriptFetch({ '/api/cart/get': [notFound()] });
    expect(await actions.refreshCart()).toBeNull();
    expect(store.cartItems.get()).toEqual([]);
    expect(store.cartId.get()).toBe(0);
    expect(storage.getItem('delivery_id')).toBeNull();
  });
  it('refresh: a malformed answer sets the error and keeps the cart', async () => {
    scriptFetch({ '/api/cart/get': [{ body: { status_code: 200, status: 'ok', data: { items: 'nope' } } }] });
    expect(await actions.refreshCart()).toBeNull();
    expect(store.cartStatus.get()).toBe('error');
    expect(store.cartError.get()).toBe(CONNECTION);
    expect(store.cartItems.get()).toHaveLength(1);
  });
});
