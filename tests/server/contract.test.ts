/**
 * Contract tests: every endpoint of src/api/contract/paths.ts is called, every answer is checked
 * against the shared schemas (helpers.call), and each spec §8 error text the server produces is
 * asserted.
 */
import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceHash, thumbnailPath } from '../../src/catalog/images.ts';
import { ENDPOINTS, type EndpointKey } from '../../src/api/contract/paths.ts';
import { ERRORS } from '../../src/api/contract/common.ts';
import { ADDRESS_AT, ADDRESS_DE, ADDRESS_RO, OPERATOR_TOKEN, addToCart, makeApi, registerCustomer, stockOf, type TestApi } from './helpers.ts';
import { FIX } from './fixture-export.ts';

let api: TestApi;
beforeAll(async () => {
  api = await makeApi();
});
afterAll(() => {
  const missing = (Object.keys(ENDPOINTS) as EndpointKey[]).filter((k) => !api.called.has(k));
  expect(missing, 'endpoints without a contract test').toEqual([]);
});

describe('cart', () => {
  it('adds as JSON and as form-encoded Thelia fields, and prices on the server (AT 20%)', async () => {
    const first = await addToCart(api, FIX.tshirt.pse, 2);
    expect(first.quantity).toBe(2);
    const form = await api.call('cartAdd', {
      form: {
        'thelia.cart_id': String(first.cartId),
        'thelia_cart_add[product_sale_elements_id]': String(FIX.tshirtPromo.pse),
        'thelia_cart_add[quantity]': '1',
        'thelia_cart_add[append]': '1',
      },
    });
    expect(form.status).toBe(200);
    expect(form.json.data.cartId).toBe(first.cartId);
    const get = await api.call('cartGet', { body: { 'thelia.cart_id': first.cartId } });
    expect(get.status).toBe(200);
    const cart = get.json.data;
    expect(cart.country_id).toBe(FIX.AT);
    const tshirt = cart.items.find((i: any) => i.PRODUCT_SALE_ELEMENT === FIX.tshirt.pse);
    expect(tshirt.price).toBe(12);
    expect(tshirt.TOTAL).toBe(24);
    // Links and images as paths on the shop's site, the way the pages link them.
    expect(tshirt.URL).toMatch(/^\/[^/]/);
    expect(tshirt.PSE_URL).toMatch(/^\/[^/]/);
    if (tshirt.IMAGE) expect(tshirt.IMAGE).toMatch(/^(\/[^/]|https?:)/);
    const promo = cart.items.find((i: any) => i.PRODUCT_SALE_ELEMENT === FIX.tshirtPromo.pse);
    expect(promo).toMatchObject({ price: 18, TAXED_PRICE: 24, BEST_TAXED_PRICE: 18, IS_PROMO: 1, PROMO_PRICE: 15 });
    expect(cart.totals).toMatchObject({ goods: 42, goodsNet: 35, vat: 7, discount: 0, shipment: 5.9, total: 47.9 });
    expect(cart.totalItems).toBe(3);
  });

  it("names each line's thumbnail in the site, from its image file's content and width; none without the file", async () => {
    const { cartId } = await addToCart(api, FIX.tshirt.pse, 1);
    const lineOf = async () => (await api.call('cartGet', { body: { 'thelia.cart_id': cartId } })).json.data.items[0];
    // The fixture's export names media/TSHIRT.jpg (800 px) but has no such file.
    expect(await lineOf()).toMatchObject({ IMAGE: '/media/TSHIRT.jpg', IMAGE_THUMB: null });
    const file = join(api.deps.config.exportDir, 'media', 'TSHIRT.jpg');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, 'one image');
    const first = (await lineOf()).IMAGE_THUMB;
    expect(first).toBe(thumbnailPath(sourceHash(file), 800));
    expect(first).toMatch(/^\/_img\/[0-9a-f]{16}-128\.webp$/);
    // A new export's file of another content: another thumbnail.
    writeFileSync(file, 'another image, a new export');
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const second = (await lineOf()).IMAGE_THUMB;
    expect(second).toBe(thumbnailPath(sourceHash(file), 800));
    expect(second).not.toBe(first);
    rmSync(file);
  });

  it("follows the country's VAT and zero-VAT categories", async () => {
    const { cartId } = await addToCart(api, FIX.solar.pse, 1);
    const at = await api.call('cartGet', { body: { 'thelia.cart_id': cartId } });
    expect(at.json.data.items[0].price).toBe(240);
    const de = await api.call('cartGet', { body: { 'thelia.cart_id': cartId, country_id: FIX.DE } });
    expect(de.json.data.items[0]).toMatchObject({ price: 200, VAT_PERCENT: 0 });
    const ro = await api.call('cartGet', { body: { 'thelia.cart_id': cartId, country_id: FIX.RO } });
    expect(ro.json.data.items[0].price).toBe(242);
  });

  it('enforces quantity steps and stock', async () => {
    const r = await api.call('cartAdd', { body: { thelia_cart_add: { product_sale_elements_id: FIX.screws.pse, quantity: 3 } } });
    expect(r.json.data).toMatchObject({ quantity: 5, adjusted: true });
    const tooMany = await api.call('cartAdd', { body: { thelia_cart_add: { product_sale_elements_id: FIX.sofa.pse, quantity: 4 } } });
    expect(tooMany.status).toBe(409);
    expect(tooMany.json.message).toBe(ERRORS.notEnoughStock);
    const unknown = await api.call('cartAdd', { body: { thelia_cart_add: { product_sale_elements_id: 999999 } } });
    expect(unknown.status).toBe(404);
  });

  it("answers 'Cart not found' for a missing cart", async () => {
    for (const key of ['cartGet', 'cartClear'] as const) {
      const r = await api.call(key, { body: { 'thelia.cart_id': 424242 } });
      expect(r.status).toBe(404);
      expect(r.json.status).toBe(ERRORS.cartNotFound);
    }
    const add = await api.call('cartAdd', { body: { 'thelia.cart_id': 424242, thelia_cart_add: { product_sale_elements_id: FIX.tshirt.pse } } });
    expect(add.json.status).toBe(ERRORS.cartNotFound);
  });

  it('updates: absolute, decrease, increase, zero removes; delete; clear', async () => {
    const { cartId, cartItemId } = await addToCart(api, FIX.tshirt.pse, 4);
    const abs = await api.call('cartUpdate', { body: { 'thelia.cart_id': cartId, cart_item: cartItemId, quantity: 6 } });
    expect(abs.json.data.items[0].quantity).toBe(6);
    const dec = await api.call('cartUpdate', { body: { 'thelia.cart_id': cartId, cart_item: cartItemId, action: 'decrease', count: 2 } });
    expect(dec.json.data.items[0].quantity).toBe(4);
    const inc = await api.call('cartUpdate', { form: { 'thelia.cart_id': String(cartId), cart_item: String(cartItemId), action: 'increase', count: '3' } });
    expect(inc.json.data.items[0].quantity).toBe(7);
    const over = await api.call('cartUpdate', { body: { 'thelia.cart_id': cartId, cart_item: cartItemId, quantity: 51 } });
    expect(over.json.message).toBe(ERRORS.notEnoughStock);
    const zero = await api.call('cartUpdate', { body: { 'thelia.cart_id': cartId, cart_item: cartItemId, quantity: 0 } });
    expect(zero.json.data.items).toHaveLength(0);
    const missingItem = await api.call('cartUpdate', { body: { 'thelia.cart_id': cartId, cart_item: cartItemId, quantity: 1 } });
    expect(missingItem.json.message).toBe(ERRORS.cartItemNotFound);
    const line = await addToCart(api, FIX.screws.pse, 10, cartId);
    const step = await api.call('cartUpdate', { body: { 'thelia.cart_id': cartId, cart_item: line.cartItemId, quantity: 11 } });
    expect(step.json.data.items[0].quantity).toBe(15);
    const del = await api.call('cartDelete', { body: { 'thelia.cart_id': cartId, cart_item: line.cartItemId } });
    expect(del.json.data.items).toHaveLength(0);
    await addToCart(api, FIX.tshirt.pse, 1, cartId);
    const clear = await api.call('cartClear', { body: { 'thelia.cart_id': cartId, login: '' } });
    expect(clear.status).toBe(200);
    expect((await api.call('cartGet', { body: { 'thelia.cart_id': cartId } })).json.data.items).toHaveLength(0);
  });

  it('assigns a cart to the logged-in customer', async () => {
    const me = await registerCustomer(api);
    const { cartId } = await addToCart(api, FIX.tshirt.pse, 1);
    const wrong = await api.call('cartAssign', { body: { email: 'other@example.com', cart_id: cartId }, token: me.token });
    expect(wrong.status).toBe(403);
    const ok = await api.call('cartAssign', { body: { email: me.email, cart_id: cartId }, token: me.token });
    expect(ok.json.data.customer_id).toBe(me.id);
    const anonymous = await api.call('cartGet', { body: { 'thelia.cart_id': cartId } });
    expect(anonymous.status).toBe(401);
  });
});

describe('customers', () => {
  it('registers, refuses a second account, and logs in', async () => {
    const me = await registerCustomer(api, { newsletter: true });
    const again = await api.call('register', { body: { kind: 'private', firstname: 'Xx', lastname: 'Yy', email: me.email, password: 'abcd' } });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(ERRORS.emailExists);
    const guest = await api.call('register', { body: { kind: 'guest', firstname: 'Xx', lastname: 'Yy', email: me.email } });
    expect(guest.json.message).toBe(ERRORS.accountExists);
    const wrong = await api.call('login', { body: { email: me.email, password: 'nope' } });
    expect(wrong.status).toBe(401);
    expect(wrong.json.message).toBe(ERRORS.wrongLogin);
    const nobody = await api.call('login', { body: { email: 'nobody@example.com', password: 'nope' } });
    expect(nobody.json.message).toBe(ERRORS.wrongLogin);
    const ok = await api.call('login', { body: { email: me.email.toUpperCase(), password: me.password } });
    expect(ok.status).toBe(200);
    const expires = Date.parse(ok.json.data.expiresAt) - api.clock.now;
    expect(Math.abs(expires - 6 * 3600 * 1000)).toBeLessThan(2000);
    expect(ok.json.data.customer).toMatchObject({ EMAIL: me.email, TITLE: 1, TITLE_LABEL: 'Mr', COUNTRY_ID: FIX.AT, ZIPCODE: '1060' });
  });

  it('registers guests (express) repeatedly and checks passwords and e-mails', async () => {
    const email = 'guest@example.com';
    for (let i = 0; i < 2; i++) {
      const g = await api.call('register', { body: { kind: 'guest', firstname: 'Gast', lastname: 'Kunde', email } });
      expect(g.status).toBe(200);
      expect(g.json.data.customer.EXPRESS).toBe(true);
    }
    const mismatch = await api.call('register', { body: { firstname: 'Anna', lastname: 'Huber', email: 'a@example.com', password: 'abcd', password_confirm: 'abce' } });
    expect(mismatch.json.message).toBe(ERRORS.passwordsDontMatch);
    const emails = await api.call('register', { body: { firstname: 'Anna', lastname: 'Huber', email: 'a@example.com', email_confirm: 'b@example.com', password: 'abcd' } });
    expect(emails.json.message).toBe(ERRORS.emailsDontMatch);
    const short = await api.call('register', { body: { firstname: 'A', lastname: 'Huber', email: 'a@example.com', password: 'abc' } });
    expect(short.status).toBe(400);
    expect(short.json.issues.map((i: any) => i.field)).toEqual(expect.arrayContaining(['firstname', 'password']));
  });

  it('registers companies: VAT checked, VAT excluded from prices', async () => {
    const bad = await api.call('register', {
      body: { kind: 'company', title: 3, firstname: 'Firma', lastname: 'Chef', company: 'Acme GmbH', vat_number: 'DE136695977', email: 'co1@example.com', password: 'abcd' },
    });
    expect(bad.json.message).toBe(ERRORS.vatInvalid);
    const good = await api.call('register', {
      body: {
        kind: 'company',
        firstname: 'Firma',
        lastname: 'Chef',
        company: 'Acme GmbH',
        vat_number: 'DE 136 695 976',
        exclude_vat: true,
        email: 'co2@example.com',
        password: 'abcd',
        address: ADDRESS_DE,
      },
    });
    expect(good.status).toBe(200);
    expect(good.json.data.customer).toMatchObject({ IS_COMPANY: true, EXCLUDE_VAT: true, VAT_NUMBER: 'DE136695976', TITLE_LABEL: 'Company' });
    const { cartId } = await addToCart(api, FIX.tshirt.pse, 1, undefined, good.json.data.token);
    const cart = await api.call('cartGet', { body: { 'thelia.cart_id': cartId }, token: good.json.data.token });
    expect(cart.json.data).toMatchObject({ vatExcluded: true, country_id: FIX.DE });
    expect(cart.json.data.items[0]).toMatchObject({ price: 10, VAT_PERCENT: 0 });
  });

  it('registers a guest buying as a company: the same VAT check, stored on the express customer, the decision-0006 home rule', async () => {
    const guest = { kind: 'guest', firstname: 'Firma', lastname: 'Gast', company: 'Huber GmbH', locale: 'de_DE' } as const;
    // another EU country's valid number (an Austrian company at the German shop): stored with the exclusion
    const abroad = await api.call('register', {
      body: { ...guest, email: 'guest-co-at@example.com', vat_number: 'ATU 1358 5627', exclude_vat: true, address: { ...ADDRESS_AT, company: 'Huber GmbH' } },
    });
    expect(abroad.status, abroad.text).toBe(200);
    expect(abroad.json.data.customer).toMatchObject({ EXPRESS: true, IS_COMPANY: true, EXCLUDE_VAT: true, VAT_NUMBER: 'ATU13585627', COMPANY: 'Huber GmbH' });
    // its cart, delivered to Austria, is priced net (the guest's token prices an anonymous cart)
    const token = abroad.json.data.token as string;
    const { cartId } = await addToCart(api, FIX.tshirt.pse, 1, undefined, token);
    const cart = await api.call('cartGet', { body: { 'thelia.cart_id': cartId, country_id: FIX.AT }, token });
    expect(cart.json.data).toMatchObject({ vatExcluded: true, country_id: FIX.AT });
    expect(cart.json.data.items[0]).toMatchObject({ price: 10, VAT_PERCENT: 0 });

    // an invalid number: refused with the field's error, nothing stored
    const bad = await api.call('register', { body: { ...guest, email: 'guest-co-bad@example.com', vat_number: 'ATU13585628', exclude_vat: true } });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe(ERRORS.vatInvalid);
    expect(bad.json.issues).toEqual([{ field: 'vat_number', message: ERRORS.vatInvalid }]);
    // a company needs its name, as kind company does
    const nameless = await api.call('register', { body: { ...guest, company: undefined, email: 'guest-co-x@example.com', vat_number: 'ATU13585627' } });
    expect(nameless.status).toBe(400);
    expect(nameless.json.issues.map((i: { field: string }) => i.field)).toContain('company');

    // a number of the shop's own country: a company at home pays VAT, the wish is not stored
    const home = await api.call('register', { body: { ...guest, email: 'guest-co-de@example.com', vat_number: 'DE136695976', exclude_vat: true, address: ADDRESS_DE } });
    expect(home.status).toBe(200);
    expect(home.json.data.customer).toMatchObject({ EXPRESS: true, IS_COMPANY: true, EXCLUDE_VAT: false, VAT_NUMBER: 'DE136695976' });

    // a guest without a VAT number stays a private buyer (exclude_vat alone changes nothing)
    const plain = await api.call('register', { body: { ...guest, company: undefined, email: 'guest-plain@example.com', exclude_vat: true } });
    expect(plain.json.data.customer).toMatchObject({ IS_COMPANY: false, EXCLUDE_VAT: false, VAT_NUMBER: null });

    // the checker cannot answer: 503 with the spec's text, nothing stored
    const broken = await makeApi({ vatChecker: async () => Promise.reject(new Error('VIES down')) });
    const down = await broken.call('register', { body: { ...guest, email: 'guest-co-503@example.com', vat_number: 'ATU13585627', exclude_vat: true } });
    expect(down.status).toBe(503);
    expect(down.json.message).toBe(ERRORS.vatError);
    const stored = broken.deps.db.prepare("SELECT COUNT(*) AS n FROM customer WHERE email = 'guest-co-503@example.com'").get() as { n: number };
    expect(stored.n).toBe(0);
  });

  it('refreshes tokens as the spec describes, and expires them after 6 hours', async () => {
    const me = await registerCustomer(api);
    const missing = await api.call('refreshToken', { body: {}, token: me.token });
    expect(missing.json.message).toBe(ERRORS.missingRefreshData);
    const mismatch = await api.call('refreshToken', { body: { customer_id: me.id, email: 'x@example.com' }, token: me.token });
    expect(mismatch.json.message).toBe(ERRORS.refreshFailed);
    api.clock.now += 4 * 3600 * 1000;
    const ok = await api.call('refreshToken', { body: { customer_id: me.id, email: me.email }, token: me.token });
    expect(ok.status).toBe(200);
    api.clock.now += 2 * 3600 * 1000 + 1000;
    const expired = await api.call('refreshToken', { body: { customer_id: me.id, email: me.email }, token: me.token });
    expect(expired.status).toBe(401);
    expect(expired.json.message).toBe(ERRORS.pleaseLoginAgain);
    const fresh = await api.call('refreshToken', { body: { customer_id: me.id, email: me.email }, token: ok.json.data.token });
    expect(fresh.status).toBe(200);
    const none = await api.call('refreshToken', { body: { customer_id: me.id, email: me.email } });
    expect(none.json.message).toBe(ERRORS.loginRequired);
  });

  it('changes the password (old tokens stop working)', async () => {
    const me = await registerCustomer(api);
    const wrong = await api.call('changePassword', { body: { old_password: 'nope', password: 'newpass', password_confirm: 'newpass' }, token: me.token });
    expect(wrong.json.message).toBe(ERRORS.wrongLogin);
    const mismatch = await api.call('changePassword', { body: { old_password: me.password, password: 'newpass', password_confirm: 'other' }, token: me.token });
    expect(mismatch.json.message).toBe(ERRORS.passwordsDontMatch);
    const ok = await api.call('changePassword', { body: { old_password: me.password, password: 'newpass', password_confirm: 'newpass' }, token: me.token });
    expect(ok.status).toBe(200);
    expect((await api.call('customerLookup', { query: { email: me.email }, token: me.token })).status).toBe(401);
    expect((await api.call('login', { body: { email: me.email, password: 'newpass' } })).status).toBe(200);
  });

  it('recovers a password through the mail outbox', async () => {
    const me = await registerCustomer(api);
    const unknown = await api.call('forgotPassword', { body: { email: 'nobody@example.com' } });
    expect(unknown.status).toBe(200);
    const before = api.mails.length;
    await api.call('forgotPassword', { body: { email: me.email } });
    expect(api.mails.length).toBe(before + 1);
    const token = /token=([A-Za-z0-9_-]+)/.exec(api.mails.at(-1)!.text)![1]!;
    const reset = await api.call('resetPassword', { body: { token, password: 'fresh1', password_confirm: 'fresh1' } });
    expect(reset.status).toBe(200);
    const again = await api.call('resetPassword', { body: { token, password: 'fresh2', password_confirm: 'fresh2' } });
    expect(again.json.message).toBe(ERRORS.invalidResetToken);
    expect((await api.call('login', { body: { email: me.email, password: 'fresh1' } })).status).toBe(200);
  });

  it('looks a customer up by e-mail and updates personal data', async () => {
    const me = await registerCustomer(api);
    const own = await api.call('customerLookup', { query: { email: me.email }, token: me.token });
    expect(own.json.CustomerItems[0].ID).toBe(me.id);
    const other = await api.call('customerLookup', { query: { email: 'co2@example.com' }, token: me.token });
    expect(other.status).toBe(403);
    const upd = await api.call('customerUpdate', { body: { firstname: 'Annette', title: 2 }, token: me.token });
    expect(upd.json.CustomerItems[0]).toMatchObject({ FIRSTNAME: 'Annette', TITLE_LABEL: 'Miss' });
  });

  it('checks VAT numbers: valid, invalid, error', async () => {
    expect((await api.call('vatCheck', { body: { vat_number: 'ATU13585627' } })).json.data.result).toBe('valid');
    expect((await api.call('vatCheck', { body: { vat_number: 'RO18547290' } })).json.data.result).toBe('valid');
    const invalid = await api.call('vatCheck', { body: { vat_number: 'RO18547291' } });
    expect(invalid.json.data).toMatchObject({ result: 'invalid', message: ERRORS.vatInvalid });
    const broken = await makeApi({ vatChecker: async () => Promise.reject(new Error('VIES down')) });
    const error = await broken.call('vatCheck', { body: { vat_number: 'DE136695976' } });
    expect(error.json.data).toMatchObject({ result: 'error', message: ERRORS.vatError });
  });

  it('subscribes and unsubscribes the newsletter (with the signed link of the mail)', async () => {
    const sub = await api.call('newsletterSubscribe', { body: { email: 'news@example.com' } });
    expect(sub.json.message).toBe('Subscribed');
    // the same answer when the address is already on the list (the mail says so)
    expect((await api.call('newsletterSubscribe', { body: { email: 'news@example.com' } })).json.message).toBe('Subscribed');
    const link = new URL(/https?:\/\/\S+newsletter-unsubscribe\S+/.exec(api.mails.at(-1)!.text)![0]);
    const sig = link.searchParams.get('sig')!;
    expect(link.searchParams.get('email')).toBe('news@example.com');
    expect((await api.call('newsletterUnsubscribe', { body: { email: 'news@example.com', sig } })).status).toBe(200);
    const twice = await api.call('newsletterUnsubscribe', { body: { email: 'news@example.com', sig } });
    expect(twice.json.message).toBe(ERRORS.newsletterAlreadyUnsubscribed);
    const unsigned = await api.call('newsletterUnsubscribe', { body: { email: 'nobody@example.com' } });
    expect(unsigned.status).toBe(403);
    expect(unsigned.json.message).toBe(ERRORS.newsletterLinkInvalid);
  });
});

describe('addresses and states', () => {
  it('lists, adds, edits, sets default, deletes', async () => {
    const me = await registerCustomer(api);
    const list = await api.call('addressList', { query: { customer_id: me.id, limit: 100 }, token: me.token });
    expect(list.json.AddressItems).toHaveLength(1);
    expect(list.json.AddressItems[0].IS_DEFAULT).toBe(true);
    const add = await api.call('addressCreate', { body: { ...ADDRESS_RO, customer_id: me.id }, token: me.token });
    expect(add.status).toBe(200);
    expect(add.json.data).toMatchObject({ STATE_TITLE: 'București', IS_DEFAULT: false });
    const id = add.json.data.ID;
    const edit = await api.call('addressUpdate', { params: { id }, body: { ...ADDRESS_RO, city: 'Cluj-Napoca', state_id: 902 }, token: me.token });
    expect(edit.json.data).toMatchObject({ CITY: 'Cluj-Napoca', STATE_ID: 902 });
    const def = await api.call('addressSetDefault', { params: { id }, token: me.token });
    expect(def.json.data.IS_DEFAULT).toBe(true);
    const delDefault = await api.call('addressDelete', { params: { customerId: me.id, addressId: id }, token: me.token });
    expect(delDefault.status).toBe(409);
    expect(delDefault.json.message).toBe(ERRORS.deleteAddressFailed);
    const del = await api.call('addressDelete', { params: { customerId: me.id, addressId: me.addressId! }, token: me.token });
    expect(del.status).toBe(200);
    expect((await api.call('addressList', { query: { customer_id: me.id }, token: me.token })).json.AddressItems).toHaveLength(1);
  });

  it('applies the validation rules per country', async () => {
    const me = await registerCustomer(api);
    const zip = await api.call('addressCreate', { body: { ...ADDRESS_AT, zipcode: '10600' }, token: me.token });
    expect(zip.status).toBe(400);
    expect(zip.json.message).toBe(ERRORS.addAddressFailed);
    expect(zip.json.issues).toEqual([{ field: 'zipcode', message: 'Invalid postal format' }]);
    const phone = await api.call('addressCreate', { body: { ...ADDRESS_AT, phone: '+49 30 123456' }, token: me.token });
    expect(phone.json.issues).toEqual([{ field: 'phone', message: 'Phone number is invalid for the selected country' }]);
    const phoneChars = await api.call('addressCreate', { body: { ...ADDRESS_AT, phone: '12' }, token: me.token });
    expect(phoneChars.json.issues[0].field).toBe('phone');
    const state = await api.call('addressCreate', { body: { ...ADDRESS_RO, state_id: undefined }, token: me.token });
    expect(state.json.issues).toEqual([{ field: 'state_id', message: 'is required' }]);
    const required = await api.call('addressCreate', { body: { ...ADDRESS_AT, address2: '', city: '', label: '' }, token: me.token });
    expect(required.json.issues.map((i: any) => i.field).sort()).toEqual(['address2', 'city', 'label']);
    const upd = await api.call('addressUpdate', { params: { id: me.addressId! }, body: { ...ADDRESS_AT, zipcode: 'ABCD' }, token: me.token });
    expect(upd.json.message).toBe(ERRORS.updateAddressFailed);
  });

  it('lists states per country', async () => {
    const ro = await api.call('states', { params: { countryId: FIX.RO } });
    expect(ro.json.data.map((s: any) => s.id)).toEqual([901, 902]);
    expect((await api.call('states', { params: { countryId: FIX.DE } })).json.data).toEqual([]);
    const none = await api.call('states', { params: { countryId: 999 } });
    expect(none.status).toBe(404);
    expect(none.json.message).toBe(ERRORS.countryNotFound);
  });
});

describe('delivery', () => {
  it('lists delivery methods by position with postage; freight goods go by forwarder; pickup only in Romania', async () => {
    const { cartId } = await addToCart(api, FIX.tshirt.pse, 1);
    const at = await api.call('activeDelivery', { params: { cartId } });
    expect(at.json.data.map((d: any) => d.id)).toEqual([77, 78]);
    expect(at.json.data[0]).toMatchObject({ postage_amount: 4.92, postage_amount_taxed: 5.9 });
    const ro = await api.call('activeDelivery', { params: { cartId }, query: { country_id: FIX.RO } });
    expect(ro.json.data.map((d: any) => d.id)).toEqual([77, 78, 80]);
    expect(ro.json.data[2]).toMatchObject({ kind: 'pickup', postage_amount_taxed: 0 });
    const sofa = await addToCart(api, FIX.sofa.pse, 1);
    const freight = await api.call('activeDelivery', { params: { cartId: sofa.cartId } });
    expect(freight.json.data.map((d: any) => d.id)).toEqual([79]);
    const freightRo = await api.call('activeDelivery', { params: { cartId: sofa.cartId }, query: { country_id: FIX.RO } });
    expect(freightRo.json.data.map((d: any) => d.id)).toContain(80);
    const pickupRo = await api.call('localPickup', { query: { country_id: FIX.RO } });
    expect(pickupRo.json.data).toMatchObject({ available: true, message: null, country_id: FIX.RO });
    expect((await api.call('localPickup', {})).json.data).toMatchObject({ available: false, message: ERRORS.noPickup });
    expect((await api.call('localPickup', { query: { country_id: FIX.DE } })).json.data.available).toBe(false);
  });

  it("computes postage per country, weight and freight; 'Invalid data' on bad input", async () => {
    const { cartId } = await addToCart(api, FIX.tshirt.pse, 1);
    const de = await api.call('postage', { body: { country_id: FIX.DE, cart_id: cartId, delivery_module_id: 77, locale: 'de_DE' } });
    expect(de.json).toMatchObject({ postage_amount: 4.12, postage_amount_taxed: 4.9, free_shipping: false });
    await addToCart(api, FIX.tshirt.pse, 9, cartId);
    const free = await api.call('postage', { body: { country_id: FIX.DE, cart_id: cartId } });
    expect(free.json).toMatchObject({ postage_amount_taxed: 0, free_shipping: true });
    for (const body of [
      { country_id: 999, cart_id: cartId },
      { country_id: FIX.DE, cart_id: cartId, delivery_module_id: 79 },
      { country_id: FIX.DE, cart_id: cartId, delivery_module_id: 80 },
      { country_id: 'x', cart_id: cartId },
    ]) {
      const r = await api.call('postage', { body });
      expect(r.status).toBe(400);
      expect(r.json.message).toBe(ERRORS.invalidData);
    }
    const solar = await addToCart(api, FIX.solar.pse, 2);
    const parcel = await api.call('postage', { body: { country_id: FIX.AT, cart_id: solar.cartId, delivery_module_id: 77 } });
    expect(parcel.json.message).toBe(ERRORS.invalidData);
    const heavy = await api.call('postage', { body: { country_id: FIX.AT, cart_id: solar.cartId, delivery_module_id: 79 } });
    expect(heavy.json).toMatchObject({ weight: 40, postage_amount: 74.17, postage_amount_taxed: 89 });
    const light = await addToCart(api, FIX.solar.pse, 1);
    const one = await api.call('postage', { body: { country_id: FIX.AT, cart_id: light.cartId } });
    expect(one.json).toMatchObject({ weight: 20, postage_amount_taxed: 0, free_shipping: true });
  });
});

describe('payment methods and coupons', () => {
  it('lists payment methods per cart and country', async () => {
    const { cartId } = await addToCart(api, FIX.tshirt.pse, 1);
    const at = await api.call('activePayment', { params: { cartId } });
    expect(at.json.data.map((m: any) => m.code)).toEqual(['PayPal', 'GlobalPayments', 'Sofort', 'StripePayment', 'Nachnahme', 'Vorkasse', 'Klarna']);
    await api.call('cartGet', { body: { 'thelia.cart_id': cartId, country_id: FIX.RO } });
    const ro = await api.call('activePayment', { params: { cartId } });
    expect(ro.json.data.map((m: any) => m.code)).toEqual(['PayPal', 'GlobalPayments', 'StripePayment', 'Nachnahme', 'Vorkasse']);
  });

  it('applies coupons: minimum amount, expiry, unknown codes', async () => {
    const { cartId } = await addToCart(api, FIX.tshirt.pse, 1);
    expect((await api.call('insertCoupon', { body: { coupon_code: 'WELCOME10', cart_id: cartId } })).json.message).toBe(ERRORS.couponMinimum);
    expect((await api.call('insertCoupon', { body: { coupon_code: 'EXPIRED', cart_id: cartId } })).json.message).toBe(ERRORS.couponExpired);
    const unknown = await api.call('insertCoupon', { body: { coupon_code: 'NOPE', cart_id: cartId } });
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBe(ERRORS.couponNotFound);
    await addToCart(api, FIX.tshirt.pse, 2, cartId);
    const ok = await api.call('insertCoupon', { body: { coupon_code: 'welcome10', cart_id: cartId } });
    expect(ok.json.data).toMatchObject({ coupon_code: 'WELCOME10', type: 'percent', discount: 3.6 });
    const fixed = await api.call('insertCoupon', { body: { coupon_code: 'MINUS5', cart_id: cartId } });
    expect(fixed.json.data).toMatchObject({ discount: 5 });
    const cart = await api.call('cartGet', { body: { 'thelia.cart_id': cartId } });
    expect(cart.json.data.totals).toMatchObject({ goods: 36, discount: 5, shipment: 5.9, total: 36.9 });
    const removed = await api.call('removeCoupon', { body: { cart_id: cartId } });
    expect(removed.json.data).toMatchObject({ coupon_code: null, totals: { goods: 36, discount: 0, shipment: 5.9, total: 41.9 } });
    expect((await api.call('cartGet', { body: { 'thelia.cart_id': cartId } })).json.data.coupon_code).toBeNull();
    expect((await api.call('removeCoupon', { body: { cart_id: 424242 } })).json.message).toBe(ERRORS.cartNotFound);
  });
});

describe('orders', () => {
  async function shopper(country = ADDRESS_AT) {
    const me = await registerCustomer(api, { address: country });
    return me;
  }
  const payBody = (cartId: number, customerId: number, extra: Record<string, unknown> = {}) => ({ cart_id: cartId, customer_id: customerId, locale: 'de_AT', ...extra });

  it('Vorkasse: places the order at once, takes stock, closes the cart, shows the slip and the EPC QR code', async () => {
    const me = await shopper();
    const stock = await stockOf(api, FIX.tshirt.pse);
    const { cartId } = await addToCart(api, FIX.tshirt.pse, 2, undefined, me.token);
    const pay = await api.call('payVorkasse', { body: payBody(cartId, me.id), token: me.token });
    expect(pay.status, pay.text).toBe(200);
    expect(pay.json.data).toMatchObject({ status: 'not_paid', redirect_url: `/order-placed?cart_id=${cartId}`, total: 29.9, repeated: false });
    expect(pay.json.data.bank_transfer).toMatchObject({ iban: 'DE89370400440532013000', reference: pay.json.data.order_ref, amount: 29.9 });
    expect(await stockOf(api, FIX.tshirt.pse)).toBe(stock - 2);
    expect((await api.call('cartGet', { body: { 'thelia.cart_id': cartId }, token: me.token })).json.status).toBe(ERRORS.cartNotFound);
    const again = await api.call('payVorkasse', { body: payBody(cartId, me.id), token: me.token });
    expect(again.json.data).toMatchObject({ order_id: pay.json.data.order_id, repeated: true });
    expect(await stockOf(api, FIX.tshirt.pse)).toBe(stock - 2);
    const qr = await api.call('qrCode', { body: { order_id: pay.json.data.order_id }, token: me.token });
    expect(qr.json.data.payload.split('\n').slice(0, 8)).toEqual(['BCD', '002', '1', 'SCT', 'COBADEFFXXX', 'Storefront Demo GmbH', 'DE89370400440532013000', 'EUR29.90']);
    expect(qr.json.data.qr.startsWith('data:image/png;base64,')).toBe(true);
    expect(api.mails.at(-1)!.subject).toContain(pay.json.data.order_ref);
  });

  it('lists orders, shows detail, products, invoice PDF, guest link', async () => {
    const me = await shopper();
    const { cartId } = await addToCart(api, FIX.tshirt.pse, 1, undefined, me.token);
    await addToCart(api, FIX.screws.pse, 5, cartId, me.token);
    const pay = await api.call('payNachnahme', { body: payBody(cartId, me.id, { message: 'Bitte klingeln' }), token: me.token });
    const orderId = pay.json.data.order_id;
    const list = await api.call('orderList', { query: { customer: me.id, limit: 999 }, token: me.token });
    expect(list.json.OrderItems.map((o: any) => o.ID)).toEqual([orderId]);
    const detail = await api.call('orderDetail', { params: { id: orderId }, query: { customer: me.id }, token: me.token });
    expect(detail.json.OrderItems[0]).toMatchObject({ STATUS: 'not_paid', PAYMENT_MODULE: 'Nachnahme', GOODS: 15, POSTAGE: 5.9, TOTAL: 20.9, MESSAGE: 'Bitte klingeln' });
    const products = await api.call('orderProducts', { query: { order_id: orderId }, token: me.token });
    expect(products.json.OrderProductItems.map((p: any) => [p.PRODUCT_SALE_ELEMENTS_ID, p.QUANTITY, p.TOTAL_TAXED_PRICE])).toEqual([
      [FIX.tshirt.pse, 1, 12],
      [FIX.screws.pse, 5, 3],
    ]);
    const pdf = await api.raw(`/api/ExternalOrderApi/order/${orderId}/invoice`, { headers: { authorization: `Bearer ${me.token}` } });
    api.called.add('orderInvoice');
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const [, , , ref, hash] = pay.json.data.guest_invoice_path.split('/');
    const guest = await api.call('guestInvoice', { params: { ref, hash } });
    expect(guest.json.data.order.ID).toBe(orderId);
    expect(guest.json.data.products).toHaveLength(2);
    const guestPdf = await api.raw(`/api/guest/invoice/${ref}/${hash}/pdf`);
    api.called.add('guestInvoicePdf');
    expect(guestPdf.headers.get('content-type')).toBe('application/pdf');
    const forged = await api.call('guestInvoice', { params: { ref, hash: hash.replace(/.$/, (c: string) => (c === 'A' ? 'B' : 'A')) } });
    expect(forged.status).toBe(404);
    expect(forged.json.message).toBe(ERRORS.orderNotFound);
  });

  it('card payment: local payment page; decline keeps the cart, closes the order, gives stock back, refuses a retry for 2 minutes', async () => {
    const me = await shopper();
    const stock = await stockOf(api, FIX.tshirt.pse);
    const { cartId } = await addToCart(api, FIX.tshirt.pse, 3, undefined, me.token);
    const pay = await api.call('payPaypal', { body: payBody(cartId, me.id), token: me.token });
    expect(pay.json.data.redirect_url).toMatch(/^\/api\/payment\/local\/[A-Za-z0-9_-]+$/);
    expect(await stockOf(api, FIX.tshirt.pse)).toBe(stock - 3);
    const locked = await api.call('cartAdd', { body: { 'thelia.cart_id': cartId, thelia_cart_add: { product_sale_elements_id: FIX.tshirt.pse } }, token: me.token });
    expect(locked.json.message).toBe(ERRORS.paymentInProgress);
    const token = pay.json.data.redirect_url.split('/').pop();
    const page = await api.call('localPaymentPage', { params: { token } });
    expect(page.status).toBe(200);
    expect(page.text).toContain(pay.json.data.order_ref);
    const decline = await api.call('localPaymentDecision', { params: { token, decision: 'decline' } });
    expect(decline.status).toBe(303);
    expect(decline.headers.get('location')).toBe(`/order-failed?cart_id=${cartId}`);
    expect(await stockOf(api, FIX.tshirt.pse)).toBe(stock);
    const order = await api.call('orderDetail', { params: { id: pay.json.data.order_id }, token: me.token });
    expect(order.json.OrderItems[0].STATUS).toBe('payment_error');
    expect((await api.call('cartGet', { body: { 'thelia.cart_id': cartId }, token: me.token })).json.data.items[0].quantity).toBe(3);
    const retry = await api.call('payGlobalPayments', { body: payBody(cartId, me.id), token: me.token });
    expect(retry.status).toBe(429);
    expect(retry.json.message).toBe(ERRORS.paymentRetryWait);
    api.clock.now += 121_000;
    const second = await api.call('payGlobalPayments', { body: payBody(cartId, me.id), token: me.token });
    expect(second.json.data.order_id).not.toBe(pay.json.data.order_id);
    const t2 = second.json.data.redirect_url.split('/').pop();
    const approve = await api.call('localPaymentDecision', { params: { token: t2, decision: 'approve' } });
    expect(approve.headers.get('location')).toBe(`/order-placed?cart_id=${cartId}`);
    const paid = await api.call('orderDetail', { params: { id: second.json.data.order_id }, token: me.token });
    expect(paid.json.OrderItems[0].STATUS).toBe('paid');
    const twice = await api.call('localPaymentDecision', { params: { token: t2, decision: 'decline' } });
    expect(twice.headers.get('location')).toBe(`/order-placed?cart_id=${cartId}`);
    expect((await api.call('orderList', { query: { customer: me.id }, token: me.token })).json.OrderItems.map((o: any) => o.STATUS)).toEqual(['paid', 'payment_error']);
  });

  it('Stripe, Sofort, Klarna, PayPal accept and cancel, Amazon', async () => {
    const me = await shopper();
    const c1 = await addToCart(api, FIX.tshirt.pse, 1, undefined, me.token);
    const stripe = await api.call('payStripe', { body: payBody(c1.cartId, me.id), token: me.token });
    expect(stripe.json.data.session_id).toMatch(/^sessionId___/);
    const accept = await api.call('paypalAccept', { body: { paypal_data: { token: stripe.json.data.session_id.slice('sessionId___'.length) } } });
    expect(accept.status).toBe(200);
    const c2 = await addToCart(api, FIX.tshirt.pse, 1, undefined, me.token);
    const sofort = await api.call('paySofort', { body: payBody(c2.cartId, me.id), token: me.token });
    const cancel = await api.call('paypalCancel', { body: { token: sofort.json.data.redirect_url.split('/').pop() } });
    expect(cancel.status).toBe(200);
    api.clock.now += 121_000;
    const klarna = await api.call('payKlarna', { body: payBody(c2.cartId, me.id), token: me.token });
    expect(klarna.status).toBe(200);
    const amazon = await api.call('amazonPay', { body: { cart_id: c2.cartId, amazon_session_id: 'x' }, token: me.token });
    expect(amazon.json.message).toBe(ERRORS.amazonPay);
    const unknown = await api.call('paypalAccept', { body: { paypal_data: 'not-a-token-at-all' } });
    expect(unknown.json.message).toBe(ERRORS.orderNotFound);
  });

  it('refuses what the cart, country or method does not allow', async () => {
    const me = await shopper(ADDRESS_RO);
    const hose = await addToCart(api, FIX.hose.pse, 1, undefined, me.token);
    expect((await api.call('payVorkasse', { body: payBody(hose.cartId, me.id), token: me.token })).json.message).toBe(ERRORS.undeliverable);
    const c = await addToCart(api, FIX.tshirt.pse, 1, undefined, me.token);
    expect((await api.call('paySofort', { body: payBody(c.cartId, me.id), token: me.token })).json.message).toBe(ERRORS.paymentMethodUnavailable);
    expect((await api.call('payVorkasse', { body: payBody(c.cartId, me.id, { delivery_module_id: 79 }), token: me.token })).json.message).toBe(ERRORS.deliveryOptionsFailed);
    expect((await api.call('payVorkasse', { body: payBody(424242, me.id), token: me.token })).json.message).toBe(ERRORS.cartNotFound);
    const ok = await api.call('payVorkasse', { body: payBody(c.cartId, me.id), token: me.token });
    expect(ok.json.data.total).toBe(12.1 + 20);
    const guest = await api.call('register', { body: { kind: 'guest', firstname: 'Gast', lastname: 'Kunde', email: 'g2@example.com' } });
    const empty = await addToCart(api, FIX.tshirt.pse, 1, undefined, guest.json.data.token);
    expect((await api.call('payVorkasse', { body: payBody(empty.cartId, guest.json.data.customer_id), token: guest.json.data.token })).json.message).toBe(ERRORS.addressRequired);
  });

  it('undeliverable items: refused without the partial-delivery consent; with it, the order sends and charges the rest only', async () => {
    const me = await shopper(ADDRESS_RO);
    const { cartId } = await addToCart(api, FIX.tshirt.pse, 1, undefined, me.token);
    await addToCart(api, FIX.hose.pse, 1, cartId, me.token);
    const hoseStock = await stockOf(api, FIX.hose.pse);
    // the cart's sums leave the hose out for Romania (it is listed, flagged)
    const cart = await api.call('cartGet', { body: { 'thelia.cart_id': cartId, country_id: 146 }, token: me.token });
    expect(cart.json.data.items.map((i: any) => [i.PRODUCT_SALE_ELEMENT, i.undeliverable])).toEqual(
      expect.arrayContaining([
        [FIX.tshirt.pse, false],
        [FIX.hose.pse, true],
      ]),
    );
    expect(cart.json.data.totals.goods).toBe(12.1);
    expect((await api.call('payVorkasse', { body: payBody(cartId, me.id), token: me.token })).json.message).toBe(ERRORS.undeliverable);
    expect((await api.call('payVorkasse', { body: payBody(cartId, me.id, { isCompleteDelivery: true }), token: me.token })).json.message).toBe(ERRORS.undeliverable);
    const pay = await api.call('payVorkasse', { body: payBody(cartId, me.id, { isCompleteDelivery: false }), token: me.token });
    expect(pay.status, pay.text).toBe(200);
    expect(pay.json.data.total).toBe(12.1 + 20);
    const products = await api.call('orderProducts', { query: { order_id: pay.json.data.order_id }, token: me.token });
    expect(products.json.OrderProductItems.map((p: any) => p.PRODUCT_SALE_ELEMENTS_ID)).toEqual([FIX.tshirt.pse]);
    expect(await stockOf(api, FIX.hose.pse)).toBe(hoseStock);
  });

  it('coupons are single use per customer and recomputed at payment', async () => {
    const me = await shopper();
    const c1 = await addToCart(api, FIX.tshirt.pse, 3, undefined, me.token);
    await api.call('insertCoupon', { body: { coupon_code: 'WELCOME10', cart_id: c1.cartId, customer_id: me.id }, token: me.token });
    const pay = await api.call('payVorkasse', { body: payBody(c1.cartId, me.id), token: me.token });
    expect(pay.json.data.total).toBe(36 - 3.6 + 5.9);
    const c2 = await addToCart(api, FIX.tshirt.pse, 3, undefined, me.token);
    const used = await api.call('insertCoupon', { body: { coupon_code: 'WELCOME10', cart_id: c2.cartId }, token: me.token });
    expect(used.json.message).toBe(ERRORS.couponUsed);
    const viaPay = await api.call('payVorkasse', { body: payBody(c2.cartId, me.id, { appliedCoupon: 'WELCOME10' }), token: me.token });
    expect(viaPay.json.message).toBe(ERRORS.couponUsed);
  });

  it('cancels orders, and switches an order to local pickup (Romania only)', async () => {
    const at = await shopper();
    const atCart = await addToCart(api, FIX.tshirt.pse, 1, undefined, at.token);
    const atPay = await api.call('payVorkasse', { body: payBody(atCart.cartId, at.id), token: at.token });
    expect((await api.call('localPickupOrder', { body: { order_id: atPay.json.data.order_id }, token: at.token })).json.message).toBe(ERRORS.noPickup);
    const me = await shopper(ADDRESS_RO);
    const stock = await stockOf(api, FIX.sofa.pse);
    const { cartId } = await addToCart(api, FIX.sofa.pse, 1, undefined, me.token);
    const parcel = await api.call('payVorkasse', { body: payBody(cartId, me.id), token: me.token });
    expect(parcel.json.message).toBe(ERRORS.deliveryOptionsFailed);
    const pay = await api.call('payVorkasse', { body: payBody(cartId, me.id, { delivery_module_id: 79 }), token: me.token });
    const postage = (await api.call('orderDetail', { params: { id: pay.json.data.order_id }, token: me.token })).json.OrderItems[0].POSTAGE as number;
    expect(postage).toBeGreaterThan(0);
    const pickup = await api.call('localPickupOrder', { body: { order_id: pay.json.data.order_id }, token: me.token });
    expect(pickup.json.message).toBe(ERRORS.localPickupUpdated);
    const addr = await api.call('localPickupAddressOrder', { body: { order_id: pay.json.data.order_id }, token: me.token });
    expect(addr.json.message).toBe(ERRORS.localPickupAddressUpdated);
    const detail = await api.call('orderDetail', { params: { id: pay.json.data.order_id }, token: me.token });
    expect(detail.json.OrderItems[0]).toMatchObject({
      LOCAL_PICKUP: true,
      POSTAGE: 0,
      TOTAL: Math.round((pay.json.data.total - postage) * 100) / 100,
      DELIVERY_ADDRESS: { CITY: 'Voluntari' },
    });
    expect(await stockOf(api, FIX.sofa.pse)).toBe(stock - 1);
    expect((await api.call('orderCancel', { body: { order_id: pay.json.data.order_id }, token: me.token })).status).toBe(200);
    expect(await stockOf(api, FIX.sofa.pse)).toBe(stock);
    const again = await api.call('orderCancel', { body: { order_id: pay.json.data.order_id }, token: me.token });
    expect(again.json.message).toBe(ERRORS.cancelFailed);
  });
});

describe('comments', () => {
  it('checks rights by variant and customer, stores comments as pending', async () => {
    const me = await registerCustomer(api);
    const before = await api.call('commentRights', { params: { pse: FIX.tshirt.pse, customer: me.id }, token: me.token });
    expect(before.json.data).toEqual({ allowed: false, reason: 'not_bought' });
    const refused = await api.call('commentCreate', { body: { pse_id: FIX.tshirt.pse, rating: 5, title: 'Super', content: 'Sehr gut' }, token: me.token });
    expect(refused.json.message).toBe(ERRORS.commentNotAllowed);
    const { cartId } = await addToCart(api, FIX.tshirt.pse, 1, undefined, me.token);
    const pay = await api.call('payPaypal', { body: { cart_id: cartId, customer_id: me.id }, token: me.token });
    await api.call('localPaymentDecision', { params: { token: pay.json.data.redirect_url.split('/').pop(), decision: 'approve' } });
    expect((await api.call('commentRights', { params: { pse: FIX.tshirt.pse, customer: me.id }, token: me.token })).json.data.allowed).toBe(true);
    const ok = await api.call('commentCreate', { body: { pse_id: FIX.tshirt.pse, rating: '4', title: 'Super', content: 'Sehr gut' }, token: me.token });
    expect(ok.json.data.status).toBe('pending');
    expect((await api.call('comments', { params: { productId: FIX.tshirt.product } })).json.data).toEqual([]);
    const second = await api.call('commentCreate', { body: { pse_id: FIX.tshirt.pse, rating: 4, title: 'Super', content: 'Sehr gut' }, token: me.token });
    expect(second.json.message).toBe(ERRORS.commentFailed);
    const bad = await api.call('commentCreate', { body: { pse_id: FIX.tshirt.pse, rating: 9, title: 'S', content: '' }, token: me.token });
    expect(bad.json.message).toBe(ERRORS.commentFailed);
  });
});

describe('live catalog data', () => {
  it('serves the current price and stock of a variant, per country, and stock per fulfilment centre', async () => {
    const at = await api.call('pse', { params: { pseId: FIX.tshirtPromo.pse } });
    expect(at.json.data).toMatchObject({ taxed_price: 24, taxed_promo_price: 18, best_taxed_price: 18, list_price: 30, vat_percent: 20, is_promo: true });
    const solarDe = await api.call('pse', { params: { pseId: FIX.solar.pse }, query: { country_id: FIX.DE } });
    expect(solarDe.json.data).toMatchObject({ taxed_price: 200, vat_percent: 0 });
    const net = await api.call('pse', { params: { pseId: FIX.solar.pse }, query: { country_id: FIX.AT, vat_excluded: 'true' } });
    expect(net.json.data.taxed_price).toBe(200);
    expect((await api.call('pse', { params: { pseId: 9999 } })).json.message).toBe(ERRORS.productNotFound);
    const stock = await api.call('fulfilmentStock', { params: { pseId: FIX.tshirt.pse } });
    expect(stock.json.data.map((s: any) => s.name)).toEqual(['Wien', 'Bucuresti']);
    const search = await api.call('fulfilmentSearch', { query: { search_pse: FIX.tshirt.pse } });
    expect(search.status).toBe(200);
    const features = await api.call('features', { params: { productId: FIX.tshirt.product, langCode: 'ro' } });
    expect(features.json.data).toEqual([{ FEATURE_ID: 1, POSITION: 1, TITLE: 'Material', VALUES: ['Bumbac'] }]);
    expect((await api.call('features', { params: { productId: 424242, langCode: 'de' } })).status).toBe(404);
    const product = await api.call('product', { params: { id: FIX.tshirt.product }, query: { country_id: FIX.RO } });
    expect(product.json.data.variants.map((v: any) => v.taxed_price)).toEqual([12.1, 24.2]);
  });

  it('serves the OpenAPI document', async () => {
    const res = await api.raw('/api/doc');
    const doc = (await res.json()) as any;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/cart/add'].post.requestBody.content['application/x-www-form-urlencoded']).toBeDefined();
    expect(doc.paths['/api/ExternalOrderApi/order/{id}'].get.operationId).toBe('orderDetail');
  });
});

describe('operator (back office)', () => {
  const op = OPERATOR_TOKEN;
  async function order(code: 'payVorkasse' | 'payNachnahme' | 'payPaypal', extra: Record<string, unknown> = {}, address = ADDRESS_AT) {
    const me = await registerCustomer(api, { address });
    const { cartId } = await addToCart(api, FIX.tshirt.pse, 1, undefined, me.token);
    const pay = await api.call(code, { body: { cart_id: cartId, customer_id: me.id, ...extra }, token: me.token });
    expect(pay.status, pay.text).toBe(200);
    return { me, id: pay.json.data.order_id as number, ref: pay.json.data.order_ref as string, pay: pay.json.data };
  }

  it('Vorkasse: mark paid (amount checked), set tracking, mark shipped; the customer sees the tracking number everywhere', async () => {
    const { me, id, ref, pay } = await order('payVorkasse');
    const byRef = await api.call('operatorOrder', { params: { order: ref }, token: op });
    expect(byRef.json.data).toMatchObject({ order: { ID: id, STATUS: 'not_paid', PAYMENT_MODULE: 'Vorkasse', TOTAL: 17.9 }, paid_at: null, shipped_at: null });
    expect(byRef.json.data.products).toHaveLength(1);
    expect((await api.call('operatorOrder', { params: { order: id }, token: op })).json.data.order.REF).toBe(ref);

    const early = await api.call('operatorOrderTracking', { params: { order: id }, body: { tracking_number: 'CA123456789AT' }, token: op });
    expect(early.status).toBe(409);
    expect(early.json.message).toBe(ERRORS.orderNotPaidYet);
    const earlyShip = await api.call('operatorOrderShipped', { params: { order: id }, token: op });
    expect(earlyShip.json.message).toBe(ERRORS.orderNotPaidYet);

    const wrong = await api.call('operatorOrderPaid', { params: { order: ref }, body: { amount: '17.00' }, token: op });
    expect(wrong.status).toBe(409);
    expect(wrong.json.message).toBe(ERRORS.amountMismatch);
    expect(wrong.json.issues[0].message).toBe('the order total is 17.90');
    const badAmount = await api.call('operatorOrderPaid', { params: { order: ref }, body: { amount: '17.901' }, token: op });
    expect(badAmount.status).toBe(400);
    expect(badAmount.json.message).toBe(ERRORS.amountInvalid);
    const paid = await api.call('operatorOrderPaid', { params: { order: ref }, form: { amount: '17,90' }, token: op });
    expect(paid.status).toBe(200);
    expect(paid.json.message).toBe('Order marked paid');
    expect(paid.json.data.order.STATUS).toBe('paid');
    expect(paid.json.data.paid_at).toBe(new Date(api.clock.now).toISOString());
    const twice = await api.call('operatorOrderPaid', { params: { order: id }, token: op });
    expect(twice.status).toBe(409);
    expect(twice.json.message).toBe(ERRORS.orderAlreadyPaid);

    const tracking = await api.call('operatorOrderTracking', { params: { order: id }, body: { tracking_number: ' CA 1234 5678 9AT ' }, token: op });
    expect(tracking.status).toBe(200);
    expect(tracking.json.data.order.TRACKING_NUMBER).toBe('CA123456789AT');
    const list = await api.call('orderList', { query: { customer: me.id }, token: me.token });
    expect(list.json.OrderItems[0]).toMatchObject({ ID: id, TRACKING_NUMBER: 'CA123456789AT', STATUS: 'paid' });
    const detail = await api.call('orderDetail', { params: { id }, token: me.token });
    expect(detail.json.OrderItems[0].TRACKING_NUMBER).toBe('CA123456789AT');
    const [, , , gref, hash] = pay.guest_invoice_path.split('/');
    expect((await api.call('guestInvoice', { params: { ref: gref, hash } })).json.data.order.TRACKING_NUMBER).toBe('CA123456789AT');

    const mails = api.mails.length;
    const shipped = await api.call('operatorOrderShipped', { params: { order: ref }, body: {}, token: op });
    expect(shipped.status).toBe(200);
    expect(shipped.json.data).toMatchObject({ order: { STATUS: 'sent', TRACKING_NUMBER: 'CA123456789AT' }, shipped_at: new Date(api.clock.now).toISOString() });
    expect(api.mails.length).toBe(mails + 1);
    expect(api.mails.at(-1)).toMatchObject({ to: me.email });
    expect(api.mails.at(-1)!.text).toContain('CA123456789AT');
    const again = await api.call('operatorOrderShipped', { params: { order: id }, token: op });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(ERRORS.orderAlreadyShipped);
    // a correction after shipping is allowed
    const fixed = await api.call('operatorOrderTracking', { params: { order: id }, body: { tracking_number: '00340434161094015902' }, token: op });
    expect((await api.call('orderDetail', { params: { id }, token: me.token })).json.OrderItems[0]).toMatchObject({ STATUS: 'sent', TRACKING_NUMBER: '00340434161094015902' });
    expect(fixed.json.data.order.TRACKING_NUMBER).toBe('00340434161094015902');
    // the customer cannot cancel a shipped order
    expect((await api.call('orderCancel', { body: { order_id: id }, token: me.token })).json.message).toBe(ERRORS.cancelFailed);
  });

  it('Nachnahme ships unpaid, with the tracking number in one step; only Vorkasse can be marked paid', async () => {
    const { id } = await order('payNachnahme');
    const notTransfer = await api.call('operatorOrderPaid', { params: { order: id }, token: op });
    expect(notTransfer.status).toBe(409);
    expect(notTransfer.json.message).toBe(ERRORS.notBankTransfer);
    const shipped = await api.call('operatorOrderShipped', { params: { order: id }, body: { tracking_number: '1Z999AA10123456784' }, token: op });
    expect(shipped.json.data.order).toMatchObject({ STATUS: 'sent', TRACKING_NUMBER: '1Z999AA10123456784' });
  });

  it('refuses closed, unpaid card and pickup orders with a clear message, and changes nothing', async () => {
    const card = await order('payPaypal');
    expect((await api.call('operatorOrderShipped', { params: { order: card.id }, token: op })).json.message).toBe(ERRORS.orderNotPaidYet);
    expect((await api.call('operatorOrderPaid', { params: { order: card.id }, token: op })).json.message).toBe(ERRORS.notBankTransfer);
    const canceled = await order('payVorkasse');
    await api.call('orderCancel', { body: { order_id: canceled.id }, token: canceled.me.token });
    for (const key of ['operatorOrderShipped', 'operatorOrderPaid'] as const) {
      const r = await api.call(key, { params: { order: canceled.id }, token: op });
      expect(r.status).toBe(409);
      expect(r.json.message).toBe(ERRORS.orderClosed);
    }
    expect((await api.call('operatorOrderTracking', { params: { order: canceled.id }, body: { tracking_number: 'ABCD1234' }, token: op })).json.message).toBe(ERRORS.orderClosed);
    const pickup = await order('payVorkasse', { delivery_module_id: 80 }, ADDRESS_RO);
    await api.call('operatorOrderPaid', { params: { order: pickup.id }, token: op });
    const noTracking = await api.call('operatorOrderShipped', { params: { order: pickup.id }, body: { tracking_number: 'ABCD1234' }, token: op });
    expect(noTracking.json.message).toBe(ERRORS.pickupNoTracking);
    expect((await api.call('operatorOrder', { params: { order: pickup.id }, token: op })).json.data).toMatchObject({
      order: { STATUS: 'paid', TRACKING_NUMBER: null },
      shipped_at: null,
    });
    expect((await api.call('operatorOrderShipped', { params: { order: pickup.id }, body: { tracking_number: '' }, token: op })).json.data.order.STATUS).toBe('sent');
  });

  it('validates every input: 400/404 with a clear message', async () => {
    const { id } = await order('payVorkasse');
    await api.call('operatorOrderPaid', { params: { order: id }, token: op });
    const missing = await api.call('operatorOrderTracking', { params: { order: id }, body: {}, token: op });
    expect(missing.status).toBe(400);
    expect(missing.json.message).toBe(ERRORS.trackingRequired);
    for (const bad of ['ab', 'x'.repeat(41), 'AB/1234', "1'; DROP TABLE orders; --", 12345678]) {
      const r = await api.call('operatorOrderTracking', { params: { order: id }, body: { tracking_number: bad }, token: op });
      expect(r.status, String(bad)).toBe(400);
      expect(r.json.message).toBe(ERRORS.trackingInvalid);
    }
    for (const key of ['abc', '0', '-1', 'ORD12', '1.5']) {
      const r = await api.call('operatorOrder', { params: { order: key }, token: op });
      expect(r.status).toBe(400);
      expect(r.json.message).toBe(ERRORS.orderKeyInvalid);
    }
    for (const key of [424242, 'ORD000424242']) expect((await api.call('operatorOrderShipped', { params: { order: key }, token: op })).json.message).toBe(ERRORS.orderNotFound);
    const status = await api.call('operatorComments', { query: { status: 'spam' }, token: op });
    expect(status.status).toBe(400);
    expect((await api.call('operatorComments', { query: { limit: 0 }, token: op })).status).toBe(400);
    for (const cid of ['x', '0', '424242']) {
      const r = await api.call('operatorCommentApprove', { params: { id: cid }, token: op });
      expect(r.status).toBe(404);
      expect(r.json.message).toBe(ERRORS.commentNotFound);
    }
    expect((await api.call('operatorOrder', { params: { order: id }, token: op })).json.data.order).toMatchObject({ STATUS: 'paid', TRACKING_NUMBER: null });
  });

  it('needs the operator token (constant-time check; a customer token is not enough)', async () => {
    const me = await registerCustomer(api);
    for (const token of [undefined, me.token, 'wrong', OPERATOR_TOKEN + 'x', OPERATOR_TOKEN.slice(0, -1)]) {
      const r = await api.call('operatorComments', { token });
      expect(r.status).toBe(401);
      expect(r.json.message).toBe(ERRORS.operatorRequired);
      expect(r.headers.get('www-authenticate')).toBe('Bearer realm="operator"');
    }
    const { id } = await order('payVorkasse');
    const r = await api.call('operatorOrderPaid', { params: { order: id }, token: me.token });
    expect(r.status).toBe(401);
    expect((await api.call('operatorOrder', { params: { order: id }, token: op })).json.data.order.STATUS).toBe('not_paid');
  });

  it('moderates review comments: approved ones are listed by GET comments/{id}, rejected ones never', async () => {
    const buyers = await Promise.all([0, 1].map(() => registerCustomer(api)));
    const ids: number[] = [];
    for (const b of buyers) {
      const { cartId } = await addToCart(api, FIX.tshirt.pse, 1, undefined, b.token);
      const pay = await api.call('payVorkasse', { body: { cart_id: cartId, customer_id: b.id }, token: b.token });
      // a bank transfer order counts as bought once the operator marks it paid
      expect((await api.call('commentRights', { params: { pse: FIX.tshirt.pse, customer: b.id }, token: b.token })).json.data.allowed).toBe(false);
      await api.call('operatorOrderPaid', { params: { order: pay.json.data.order_id }, token: op });
      const c = await api.call('commentCreate', { body: { pse_id: FIX.tshirt.pse, rating: 5, title: `Titel ${b.id}`, content: 'Sehr gut' }, token: b.token });
      expect(c.status, c.text).toBe(200);
      ids.push(c.json.data.id);
    }
    const pending = await api.call('operatorComments', { query: { product_id: FIX.tshirt.product }, token: op });
    expect(pending.json.data.map((c: any) => c.id)).toEqual(expect.arrayContaining(ids));
    expect(pending.json.data.find((c: any) => c.id === ids[0])).toMatchObject({ status: 'pending', customer_email: buyers[0]!.email, moderated_at: null });
    const before = (await api.call('comments', { params: { productId: FIX.tshirt.product } })).json.data.length;
    const approve = await api.call('operatorCommentApprove', { params: { id: ids[0]! }, token: op });
    expect(approve.json).toMatchObject({ message: 'Comment approved', data: { id: ids[0], status: 'approved' } });
    const reject = await api.call('operatorCommentReject', { params: { id: ids[1]! }, token: op });
    expect(reject.json.data.status).toBe('rejected');
    const listed = await api.call('comments', { params: { productId: FIX.tshirt.product } });
    expect(listed.json.data).toHaveLength(before + 1);
    expect(listed.json.data[0]).toMatchObject({ id: ids[0], title: `Titel ${buyers[0]!.id}`, rating: 5 });
    expect(listed.json.data.map((c: any) => c.id)).not.toContain(ids[1]);
    for (const [key, cid] of [
      ['operatorCommentReject', ids[0]],
      ['operatorCommentApprove', ids[1]],
    ] as const) {
      const r = await api.call(key, { params: { id: cid! }, token: op });
      expect(r.status).toBe(409);
      expect(r.json.message).toBe(ERRORS.commentNotPending);
    }
    const approved = await api.call('operatorComments', { query: { status: 'approved', limit: 500 }, token: op });
    expect(approved.json.data.map((c: any) => c.id)).toContain(ids[0]);
    expect((await api.call('operatorComments', { token: op })).json.data.map((c: any) => c.id)).not.toContain(ids[0]);
  });

  it('is in the OpenAPI document with the operator security scheme', async () => {
    const doc = (await (await api.raw('/api/doc')).json()) as any;
    expect(doc.components.securitySchemes.operator).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/operator/orders/{order}/tracking'].put).toMatchObject({ operationId: 'operatorOrderTracking', security: [{ operator: [] }] });
    expect(doc.paths['/api/operator/orders/{order}/paid'].post.operationId).toBe('operatorOrderPaid');
    expect(doc.paths['/api/operator/orders/{order}/shipped'].post.requestBody).toBeDefined();
    expect(doc.paths['/api/operator/comments/{id}/approve'].post.operationId).toBe('operatorCommentApprove');
    expect(doc.paths['/api/operator/comments'].get.parameters.map((p: any) => p.name)).toEqual(['status', 'product_id', 'limit']);
    expect(doc.paths['/api/login'].post.responses['4XX'].description).toContain(ERRORS.tooManyLogins);
  });
});
