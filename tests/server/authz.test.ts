/**
 * Authorisation: a customer can never read or change another's orders, addresses or cart, and a
 * guest invoice link with a wrong hash reveals nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../src/api/contract/common.ts';
import { ADDRESS_DE, addToCart, makeApi, registerCustomer, stockOf, type TestApi } from './helpers.ts';
import { FIX } from './fixture-export.ts';
import { issueToken } from '../../server/lib/auth.ts';

let api: TestApi;
let alice: Awaited<ReturnType<typeof registerCustomer>>;
let bob: Awaited<ReturnType<typeof registerCustomer>>;
let aliceCart: number;
let aliceItem: number;
let aliceOrder: { id: number; ref: string; guest: string };

beforeAll(async () => {
  api = await makeApi();
  alice = await registerCustomer(api);
  bob = await registerCustomer(api, { address: ADDRESS_DE });
  const order = await addToCart(api, FIX.tshirt.pse, 1, undefined, alice.token);
  const pay = await api.call('payVorkasse', { body: { cart_id: order.cartId, customer_id: alice.id }, token: alice.token });
  aliceOrder = { id: pay.json.data.order_id, ref: pay.json.data.order_ref, guest: pay.json.data.guest_invoice_path };
  const cart = await addToCart(api, FIX.tshirt.pse, 2, undefined, alice.token);
  aliceCart = cart.cartId;
  aliceItem = cart.cartItemId;
});

describe("another customer's orders", () => {
  it('cannot be listed, read, cancelled, printed or used for QR codes, pickup or comments', async () => {
    expect((await api.call('orderList', { query: { customer: alice.id }, token: bob.token })).status).toBe(403);
    const detail = await api.call('orderDetail', { params: { id: aliceOrder.id }, token: bob.token });
    expect(detail.status).toBe(404);
    expect(detail.json.message).toBe(ERRORS.orderNotFound);
    expect((await api.call('orderDetail', { params: { id: aliceOrder.id }, query: { customer: alice.id }, token: bob.token })).status).toBe(404);
    expect((await api.call('orderProducts', { query: { order_id: aliceOrder.id }, token: bob.token })).status).toBe(404);
    expect((await api.call('orderCancel', { body: { order_id: aliceOrder.id }, token: bob.token })).status).toBe(404);
    expect((await api.call('qrCode', { body: { order_id: aliceOrder.id }, token: bob.token })).status).toBe(404);
    expect((await api.call('localPickupOrder', { body: { order_id: aliceOrder.id }, token: bob.token })).status).toBe(404);
    const pdf = await api.raw(`/api/ExternalOrderApi/order/${aliceOrder.id}/invoice`, { headers: { authorization: `Bearer ${bob.token}` } });
    expect(pdf.status).toBe(404);
    expect((await api.call('commentRights', { params: { pse: FIX.tshirt.pse, customer: alice.id }, token: bob.token })).status).toBe(403);
    // alice's order is untouched
    const own = await api.call('orderDetail', { params: { id: aliceOrder.id }, token: alice.token });
    expect(own.json.OrderItems[0]).toMatchObject({ STATUS: 'not_paid', LOCAL_PICKUP: false });
  });

  it('need a token at all', async () => {
    for (const r of [
      await api.call('orderList', { query: { customer: alice.id } }),
      await api.call('orderDetail', { params: { id: aliceOrder.id } }),
      await api.call('addressList', { query: { customer_id: alice.id } }),
    ]) {
      expect(r.status).toBe(401);
      expect(r.json.message).toBe(ERRORS.loginRequired);
    }
  });

  it('refuse forged, tampered and foreign-secret tokens', async () => {
    const [body, mac] = alice.token.split('.');
    const tampered = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), sub: bob.id })).toString('base64url');
    const foreign = issueToken('another-secret-another-secret-another-secret', alice.id, 0, api.clock.now, 3600).token;
    for (const token of [`${tampered}.${mac}`, foreign, 'garbage', `${body}.`, '.']) {
      const r = await api.call('orderList', { query: { customer: alice.id }, token });
      expect(r.status).toBe(401);
      expect(r.json.message).toBe(ERRORS.pleaseLoginAgain);
    }
  });
});

describe('guests sharing an e-mail with an account', () => {
  it("never see the account's data", async () => {
    const guest = await api.call('register', { body: { kind: 'guest', firstname: 'Eve', lastname: 'Guest', email: 'eve-guest@example.com' } });
    const account = await registerCustomer(api);
    const impostor = await api.call('register', { body: { kind: 'guest', firstname: 'Eve', lastname: 'Guest', email: account.email } });
    expect(impostor.json.message).toBe(ERRORS.accountExists);
    // a guest made before the account existed keeps only its own record
    const early = await api.call('register', { body: { kind: 'guest', firstname: 'Eve', lastname: 'Early', email: 'shared@example.com' } });
    const full = await api.call('register', { body: { firstname: 'Real', lastname: 'Owner', email: 'shared@example.com', password: 'secret12', address: ADDRESS_DE } });
    expect(full.status).toBe(200);
    const lookup = await api.call('customerLookup', { query: { email: 'shared@example.com' }, token: early.json.data.token });
    expect(lookup.json.CustomerItems).toHaveLength(1);
    expect(lookup.json.CustomerItems[0]).toMatchObject({ ID: early.json.data.customer_id, LASTNAME: 'Early', ADDRESS1: null });
    expect((await api.call('customerLookup', { query: { email: account.email }, token: guest.json.data.token })).status).toBe(403);
  });
});

describe("another customer's addresses", () => {
  it('cannot be listed, edited, deleted or made default', async () => {
    expect((await api.call('addressList', { query: { customer_id: alice.id }, token: bob.token })).status).toBe(403);
    const upd = await api.call('addressUpdate', { params: { id: alice.addressId! }, body: { ...ADDRESS_DE }, token: bob.token });
    expect(upd.status).toBe(404);
    expect(upd.json.message).toBe(ERRORS.addressNotFound);
    expect((await api.call('addressDelete', { params: { customerId: alice.id, addressId: alice.addressId! }, token: bob.token })).status).toBe(403);
    expect((await api.call('addressDelete', { params: { customerId: bob.id, addressId: alice.addressId! }, token: bob.token })).status).toBe(404);
    expect((await api.call('addressSetDefault', { params: { id: alice.addressId! }, token: bob.token })).status).toBe(404);
    expect((await api.call('addressCreate', { body: { ...ADDRESS_DE, customer_id: alice.id }, token: bob.token })).status).toBe(403);
    const list = await api.call('addressList', { query: { customer_id: alice.id }, token: alice.token });
    expect(list.json.AddressItems.map((a: any) => a.CITY)).toEqual(['Wien']);
  });

  it('cannot be used to pay', async () => {
    const cart = await addToCart(api, FIX.tshirt.pse, 1, undefined, bob.token);
    const r = await api.call('payVorkasse', { body: { cart_id: cart.cartId, customer_id: bob.id, delivery_address_id: alice.addressId }, token: bob.token });
    expect(r.status).toBe(404);
    expect(r.json.message).toBe(ERRORS.addressNotFound);
  });
});

describe("another customer's cart", () => {
  it('cannot be read, changed, cleared, assigned, priced or paid', async () => {
    const stock = await stockOf(api, FIX.tshirt.pse);
    const bodies = [
      ['cartGet', { 'thelia.cart_id': aliceCart }],
      ['cartAdd', { 'thelia.cart_id': aliceCart, thelia_cart_add: { product_sale_elements_id: FIX.tshirt.pse } }],
      ['cartUpdate', { 'thelia.cart_id': aliceCart, cart_item: aliceItem, quantity: 5 }],
      ['cartDelete', { 'thelia.cart_id': aliceCart, cart_item: aliceItem }],
      ['cartClear', { 'thelia.cart_id': aliceCart }],
      ['cartAssign', { email: bob.email, cart_id: aliceCart }],
      ['insertCoupon', { coupon_code: 'MINUS5', cart_id: aliceCart }],
      ['removeCoupon', { cart_id: aliceCart }],
      ['postage', { country_id: FIX.AT, cart_id: aliceCart }],
      ['payVorkasse', { cart_id: aliceCart, customer_id: bob.id }],
      ['payPaypal', { cart_id: aliceCart, customer_id: alice.id }],
    ] as const;
    for (const [key, body] of bodies) {
      const r = await api.call(key, { body, token: bob.token });
      expect([403, 404], `${key}: ${r.text}`).toContain(r.status);
    }
    for (const key of ['activeDelivery', 'activePayment'] as const) expect((await api.call(key, { params: { cartId: aliceCart }, token: bob.token })).status).toBe(404);
    // anonymous callers are asked to log in, and learn nothing else
    expect((await api.call('cartGet', { body: { 'thelia.cart_id': aliceCart } })).json.message).toBe(ERRORS.pleaseLoginAgain);
    const own = await api.call('cartGet', { body: { 'thelia.cart_id': aliceCart }, token: alice.token });
    expect(own.json.data.items.map((i: any) => i.quantity)).toEqual([2]);
    expect(own.json.data.coupon_code).toBe(null);
    expect(await stockOf(api, FIX.tshirt.pse)).toBe(stock);
  });

  it('anonymous carts have unguessable ids', async () => {
    const ids = await Promise.all([1, 2, 3, 4, 5].map(async () => (await addToCart(api, FIX.tshirt.pse, 1)).cartId));
    for (const id of ids) expect(id).toBeGreaterThan(1000);
    expect(new Set(ids).size).toBe(5);
  });
});

describe('guest invoice links', () => {
  it('reveal nothing with a wrong hash or ref', async () => {
    const [, , , ref, hash] = aliceOrder.guest.split('/');
    expect((await api.call('guestInvoice', { params: { ref: ref!, hash: hash! } })).status).toBe(200);
    const otherRef = `ORD${String(aliceOrder.id + 1).padStart(9, '0')}`;
    const wrong = [
      { ref: ref!, hash: 'x'.repeat(hash!.length) },
      { ref: ref!, hash: hash!.slice(0, -1) },
      { ref: otherRef, hash: hash! },
      { ref: ref!, hash: '' + hash + 'A' },
      { ref: 'ORD000000000', hash: hash! },
    ];
    for (const p of wrong) {
      const r = await api.call('guestInvoice', { params: p });
      expect(r.status).toBe(404);
      expect(r.json).toEqual({ status_code: 404, status: ERRORS.orderNotFound, message: ERRORS.orderNotFound });
      const pdf = await api.raw(`/api/guest/invoice/${encodeURIComponent(p.ref)}/${encodeURIComponent(p.hash)}/pdf`);
      expect(pdf.status).toBe(404);
    }
  });
});
