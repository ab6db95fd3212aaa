/**
 * The logged-in customer's own newsletter subscription (decision 0009): the customer data says
 * whether the customer's e-mail is on the list (`NEWSLETTER`) and `PUT /api/customer`
 * `{ newsletter }` changes it; nobody else learns it (subscribe answers the same for every
 * address, unsubscribe needs the signed link).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { makeApi, registerCustomer, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await makeApi();
});

const lookup = async (c: { email: string; token: string }) => {
  const r = await api.call('customerLookup', { query: { email: c.email }, token: c.token });
  expect(r.status, r.text).toBe(200);
  return r.json.CustomerItems[0] as { NEWSLETTER: boolean };
};

describe('the customer sees and changes their own subscription', () => {
  it('registration with the newsletter box, the lookup, unsubscribe and subscribe through PUT /api/customer', async () => {
    const c = await registerCustomer(api, { newsletter: true, locale: 'ro_RO' });
    expect((await lookup(c)).NEWSLETTER).toBe(true);

    const off = await api.call('customerUpdate', { body: { newsletter: false }, token: c.token });
    expect(off.status, off.text).toBe(200);
    expect(off.json.CustomerItems[0].NEWSLETTER).toBe(false);
    expect((await lookup(c)).NEWSLETTER).toBe(false);

    const mails = api.mails.length;
    const on = await api.call('customerUpdate', { body: { newsletter: true }, token: c.token });
    expect(on.json.CustomerItems[0].NEWSLETTER).toBe(true);
    // the welcome mail in the customer's language, with the signed unsubscribe link
    expect(api.mails.length).toBe(mails + 1);
    expect(api.mails.at(-1)!.to).toBe(c.email);
    expect(api.mails.at(-1)!.text).toMatch(/^Vă mulțumim pentru abonare\.\n\nDezabonare: \S+\/newsletter-unsubscribe\?email=\S+&sig=[\w-]{32}\n$/);
    // subscribing again changes nothing and sends nothing
    await api.call('customerUpdate', { body: { newsletter: true }, token: c.token });
    expect(api.mails.length).toBe(mails + 1);
    // the names are untouched by a newsletter-only change
    const after = await api.call('customerUpdate', { body: { newsletter: true }, token: c.token });
    expect(after.json.CustomerItems[0]).toMatchObject({ FIRSTNAME: 'Anna', LASTNAME: 'Huber', NEWSLETTER: true });
  });

  it('a customer without the box is not subscribed; the public subscribe still answers the same for a subscribed address', async () => {
    const c = await registerCustomer(api);
    expect((await lookup(c)).NEWSLETTER).toBe(false);
    const first = await api.call('newsletterSubscribe', { body: { email: c.email } });
    const again = await api.call('newsletterSubscribe', { body: { email: c.email } });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.text).toBe(first.text);
    expect((await lookup(c)).NEWSLETTER).toBe(true);
  });

  it('only with the token: no token 401, another customer cannot read or change it', async () => {
    const a = await registerCustomer(api, { newsletter: true });
    const b = await registerCustomer(api);
    expect((await api.call('customerUpdate', { body: { newsletter: false } })).status).toBe(401);
    expect((await api.call('customerLookup', { query: { email: a.email }, token: b.token })).status).toBe(403);
    // b's PUT changes b's own subscription only
    await api.call('customerUpdate', { body: { newsletter: false }, token: b.token });
    expect((await lookup(a)).NEWSLETTER).toBe(true);
  });

  it('a non-boolean newsletter value is refused and changes nothing', async () => {
    const c = await registerCustomer(api, { newsletter: true });
    const r = await api.call('customerUpdate', { body: { newsletter: 'no' }, token: c.token });
    expect(r.status).toBe(400);
    expect((await lookup(c)).NEWSLETTER).toBe(true);
  });
});
