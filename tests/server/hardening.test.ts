/**
 * Issue 17: what a hostile probe of the shop API found, one test (or more) per item. Each of these
 * failed on the code before the fix (see the commit that added them).
 */
import { connect } from 'node:net';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, NO_CONTROL_CHARACTERS } from '../../src/api/contract/common.ts';
import { DEV_SECRET, loadConfig } from '../../server/config.ts';
import { startApi } from '../../server/main.ts';
import { issueToken, verifyToken } from '../../server/lib/auth.ts';
import { checkVatOffline } from '../../server/lib/vat.ts';
import { ADDRESS_AT, ADDRESS_DE, SECRET, addToCart, fixture, makeApi, registerCustomer, type TestApi } from './helpers.ts';
import { FIX } from './fixture-export.ts';

let api: TestApi;
beforeAll(async () => {
  api = await makeApi();
});

const payBody = (cartId: number, customerId: number, extra: Record<string, unknown> = {}) => ({ cart_id: cartId, customer_id: customerId, locale: 'de_AT', ...extra });

/** A VAT number with a correct check digit: the first of body+0..9 the offline check accepts. */
function validVat(prefixAndBody: string): string {
  for (let d = 0; d <= 9; d++) if (checkVatOffline(prefixAndBody + d).result === 'valid') return prefixAndBody + d;
  throw new Error(`no check digit for ${prefixAndBody}`);
}

describe('1. production refuses to start with the public development secret', () => {
  it('loadConfig and startApi fail in production without API_SECRET, naming what to set', async () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/API_SECRET is not set.*NODE_ENV=production.*set API_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', API_SECRET: DEV_SECRET })).toThrow(/API_SECRET/);
    await expect(startApi({ env: { NODE_ENV: 'production', MAIL_TRANSPORT: 'log' }, exportDir: await fixture(), dbFile: ':memory:', port: 0, log: () => {} })).rejects.toThrow(
      /API_SECRET/,
    );
    // with a secret of its own it starts; development keeps its default
    expect(loadConfig({ NODE_ENV: 'production', API_SECRET: SECRET }).secret).toBe(SECRET);
    expect(loadConfig({}).secret).toBe(DEV_SECRET);
  });
});

describe('2. control characters in stored text', () => {
  const CONTROLS = ['\u0000', '\u0007', '\u001b', '\u007f', '\u0080', '\u009f'];
  const ADDRESS_FIELDS = ['label', 'firstname', 'lastname', 'company', 'address1', 'address2', 'address3', 'zipcode', 'city', 'phone', 'cellphone'] as const;
  let me: Awaited<ReturnType<typeof registerCustomer>>;
  beforeAll(async () => {
    me = await registerCustomer(api);
  });

  function expectRefused(r: { status: number; json: any }, field: string) {
    expect(r.status, `${field}: ${JSON.stringify(r.json)}`).toBe(400);
    expect(
      r.json.issues.some((i: any) => i.field === field && i.message === NO_CONTROL_CHARACTERS),
      `${field}: ${JSON.stringify(r.json.issues)}`,
    ).toBe(true);
  }

  it('every stored text field refuses each control character, and nothing is stored', async () => {
    const customers = () => (api.deps.db.prepare('SELECT COUNT(*) AS n FROM customer').get() as { n: number }).n;
    const addresses = () => (api.deps.db.prepare('SELECT COUNT(*) AS n FROM address').get() as { n: number }).n;
    const before = { customers: customers(), addresses: addresses() };
    for (const ch of CONTROLS) {
      const bad = (s: string) => `Ab${ch}cd`.replace('Ab', s.slice(0, 2) || 'Ab');
      for (const field of ['firstname', 'lastname', 'company'] as const) {
        const body = {
          kind: 'private',
          firstname: 'Anna',
          lastname: 'Huber',
          email: `cc-${field}@example.com`,
          password: 'secret12',
          password_confirm: 'secret12',
          [field]: bad('Ab'),
        };
        expectRefused(await api.call('register', { body }), field);
        expectRefused(await api.call('customerUpdate', { body: { [field]: bad('Ab') }, token: me.token }), field);
      }
      for (const field of ADDRESS_FIELDS) {
        const address = { ...ADDRESS_AT, [field]: `12${ch}34` };
        expectRefused(
          await api.call('register', { body: { kind: 'private', firstname: 'Anna', lastname: 'Huber', email: 'cc-address@example.com', password: 'secret12', address } }),
          `address.${field}`,
        );
        expectRefused(await api.call('addressCreate', { body: address, token: me.token }), field);
        expectRefused(await api.call('addressUpdate', { params: { id: me.addressId! }, body: address, token: me.token }), field);
      }
      for (const field of ['firstname', 'lastname'] as const)
        expectRefused(await api.call('newsletterSubscribe', { body: { email: 'cc-news@example.com', [field]: bad('Ab') } }), field);
      for (const field of ['title', 'content'] as const) {
        const body = { pse_id: FIX.tshirt.pse, rating: 5, title: 'Good shirt', content: 'Fits well', [field]: `Fine${ch}text` };
        expectRefused(await api.call('commentCreate', { body, token: me.token }), field);
      }
      const { cartId } = await addToCart(api, FIX.tshirt.pse, 1, undefined, me.token);
      expectRefused(await api.call('payVorkasse', { body: payBody(cartId, me.id, { message: `Bitte${ch}klingeln` }), token: me.token }), 'message');
    }
    // multi-line fields keep their line breaks
    const { cartId } = await addToCart(api, FIX.tshirt.pse, 1, undefined, me.token);
    expect((await api.call('payVorkasse', { body: payBody(cartId, me.id, { message: 'Bitte\r\nklingeln\tdanke' }), token: me.token })).status).toBe(200);
    expect({ customers: customers(), addresses: addresses() }).toEqual(before);
  });

  it('the invoice PDF is 200 and a valid PDF whatever is already stored (data from before the rule)', async () => {
    const { cartId } = await addToCart(api, FIX.tshirt.pse, 2, undefined, me.token);
    const pay = await api.call('payNachnahme', { body: payBody(cartId, me.id), token: me.token });
    expect(pay.status, pay.text).toBe(200);
    const orderId = pay.json.data.order_id as number;
    for (const ch of [...CONTROLS, '\u0001\u0002\u001f', '\ud800', '𝕦']) {
      const dirty = (s: string) => `${s}${ch}x`;
      const address = {
        FIRSTNAME: dirty('Anna'),
        LASTNAME: dirty('Huber'),
        COMPANY: dirty('ACME'),
        ADDRESS1: dirty('Straße'),
        ADDRESS2: dirty('1'),
        ADDRESS3: dirty('Hof'),
        ZIPCODE: dirty('1060'),
        CITY: dirty('Wien'),
        COUNTRY_ID: 13,
        COUNTRY_TITLE: dirty('Österreich'),
        PHONE: dirty('+43 1'),
      };
      api.deps.db
        .prepare('UPDATE orders SET invoice_address = ?, delivery_address = ?, message = ?, coupon_code = ? WHERE id = ?')
        .run(JSON.stringify(address), JSON.stringify(address), dirty('msg'), dirty('CODE'), orderId);
      api.deps.db.prepare('UPDATE order_product SET title = ?, ref = ? WHERE order_id = ?').run(dirty('T-Shirt'), dirty('REF'), orderId);
      const pdf = await api.raw(`/api/ExternalOrderApi/order/${orderId}/invoice`, { headers: { authorization: `Bearer ${me.token}` } });
      expect(pdf.status, JSON.stringify(ch)).toBe(200);
      expect(pdf.headers.get('content-type')).toContain('application/pdf');
      const bytes = new Uint8Array(await pdf.arrayBuffer());
      expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
      const doc = await PDFDocument.load(bytes);
      expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
    }
  });
});

describe('3. a once-per-customer coupon is counted per e-mail address', () => {
  it('guest checkouts and a later account with the same e-mail cannot use it again', async () => {
    const email = 'coupon-hunter@example.com';
    const guestOrder = async (mail: string) => {
      const g = await api.call('register', { body: { kind: 'guest', firstname: 'Gast', lastname: 'Kunde', email: mail, address: ADDRESS_AT } });
      expect(g.status, g.text).toBe(200);
      const token = g.json.data.token as string;
      const { cartId } = await addToCart(api, FIX.tshirt.pse, 2, undefined, token);
      return api.call('payVorkasse', { body: payBody(cartId, g.json.data.customer_id, { appliedCoupon: 'WELCOME10' }), token });
    };
    const first = await guestOrder(email);
    expect(first.status, first.text).toBe(200);
    for (const mail of [email, ` ${email.toUpperCase()}`]) {
      const again = await guestOrder(mail);
      expect(again.status).toBe(400);
      expect(again.json.message).toBe(ERRORS.couponUsed);
    }
    // registering the same e-mail: the fourth try is refused too, at the coupon and at the order
    const account = await api.call('register', { body: { kind: 'private', firstname: 'Anna', lastname: 'Huber', email, password: 'secret12', address: ADDRESS_AT } });
    expect(account.status).toBe(200);
    const token = account.json.data.token as string;
    const { cartId } = await addToCart(api, FIX.tshirt.pse, 2, undefined, token);
    const coupon = await api.call('insertCoupon', { body: { coupon_code: 'WELCOME10', cart_id: cartId }, token });
    expect(coupon.status).toBe(400);
    expect(coupon.json.message).toBe(ERRORS.couponUsed);
    const fourth = await api.call('payVorkasse', { body: payBody(cartId, account.json.data.customer_id, { appliedCoupon: 'WELCOME10' }), token });
    expect(fourth.status).toBe(400);
    expect(fourth.json.message).toBe(ERRORS.couponUsed);
    expect((api.deps.db.prepare("SELECT COUNT(*) AS n FROM coupon_usage WHERE code = 'WELCOME10' AND email = ?").get(email) as { n: number }).n).toBe(1);
  });
});

describe("4. VAT exclusion: another EU country than the shop's, delivered there", () => {
  const DE_VAT = validVat('DE13669597');
  const AT_VAT = validVat('ATU1358562');

  async function company(locale: string, vat: string, address: typeof ADDRESS_AT | typeof ADDRESS_DE) {
    const r = await api.call('register', {
      body: {
        kind: 'company',
        title: 3,
        firstname: 'Firma',
        lastname: 'Chef',
        company: 'ACME GmbH',
        vat_number: vat,
        exclude_vat: true,
        locale,
        address,
        email: `vat-${Math.random().toString(36).slice(2)}@example.com`,
        password: 'secret12',
      },
    });
    expect(r.status, r.text).toBe(200);
    return { token: r.json.data.token as string, id: r.json.data.customer_id as number, excludeVat: r.json.data.customer.EXCLUDE_VAT as boolean };
  }
  async function cartTo(c: { token: string }, country: number) {
    const { cartId } = await addToCart(api, FIX.tshirt.pse, 1, undefined, c.token);
    const r = await api.call('cartGet', { body: { 'thelia.cart_id': cartId, country_id: country }, token: c.token });
    return { cartId, cart: r.json.data };
  }

  it('refuses it at home: a German company buying from the German shop for Germany pays German VAT', async () => {
    const de = await company('de_DE', DE_VAT, ADDRESS_DE);
    expect(de.excludeVat).toBe(false);
    // even with the wish stored (a record from before the rule), the cart charges VAT
    api.deps.db.prepare('UPDATE customer SET exclude_vat = 1 WHERE id = ?').run(de.id);
    const { cart } = await cartTo(de, FIX.DE);
    expect(cart.vatExcluded).toBe(false);
    expect(cart.totals.vat).toBeGreaterThan(0);
  });

  it("refuses it at home for the Austrian shop, and for a delivery to another country than the VAT number's", async () => {
    const at = await company('de_AT', AT_VAT, ADDRESS_AT);
    expect(at.excludeVat).toBe(false);
    expect((await cartTo(at, FIX.AT)).cart.vatExcluded).toBe(false);
    const atOnDe = await company('de_DE', AT_VAT, ADDRESS_AT);
    expect((await cartTo(atOnDe, FIX.DE)).cart.vatExcluded).toBe(false);
  });

  it('grants it to an Austrian company buying from the German shop for Austria: cart, delivery costs and order without VAT', async () => {
    const c = await company('de_DE', AT_VAT, ADDRESS_AT);
    expect(c.excludeVat).toBe(true);
    const { cartId, cart } = await cartTo(c, FIX.AT);
    expect(cart.vatExcluded).toBe(true);
    expect(cart.totals.vat).toBe(0);
    const pay = await api.call('payVorkasse', { body: payBody(cartId, c.id, { locale: 'de_DE' }), token: c.token });
    expect(pay.status, pay.text).toBe(200);
    const order = await api.call('orderDetail', { params: { id: pay.json.data.order_id }, token: c.token });
    expect(order.status).toBe(200);
    expect(JSON.stringify(order.json)).toMatch(/"VAT_EXCLUDED":true/);
    const row = api.deps.db.prepare('SELECT vat_excluded, vat_cents FROM orders WHERE id = ?').get(pay.json.data.order_id) as { vat_excluded: number; vat_cents: number };
    expect(row).toEqual({ vat_excluded: 1, vat_cents: 0 });
  });

  it('says whether the VAT check came from the check digits only or from VIES', async () => {
    expect((await api.call('vatCheck', { body: { vat_number: AT_VAT } })).json.data).toMatchObject({ result: 'valid', source: 'offline' });
    const vies = await makeApi({ vatChecker: async (n, cc) => ({ result: 'valid', vatNumber: n, countryCode: cc, source: 'vies' }) });
    expect((await vies.call('vatCheck', { body: { vat_number: AT_VAT } })).json.data).toMatchObject({ result: 'valid', source: 'vies' });
  });
});

describe('5. token signatures: exactly one encoding', () => {
  it('refuses a signature re-encoded as standard base64, padded, or with stray characters', async () => {
    const me = await registerCustomer(api);
    const [body, sig] = me.token.split('.') as [string, string];
    const lookup = (token: string) => api.call('customerLookup', { query: { email: me.email }, token });
    expect((await lookup(me.token)).status).toBe(200);
    const base64 = Buffer.from(sig, 'base64url').toString('base64');
    for (const forged of [
      `${body}.${base64}`,
      `${body}.${sig}=`,
      `${body}.${sig}.`,
      `${body}.${sig.slice(0, 20)}!${sig.slice(20)}`,
      `${body}=.${sig}`,
      `${body}.${sig.replace(/-/g, '+').replace(/_/g, '/')}=`,
    ]) {
      expect(forged).not.toBe(me.token);
      const r = await lookup(forged);
      expect(r.status, forged).toBe(401);
    }
    // the same at the function
    const { token } = issueToken(SECRET, 1, 0, Date.now(), 3600);
    const [b, s] = token.split('.') as [string, string];
    expect(verifyToken(SECRET, token, Date.now())).not.toBeNull();
    expect(verifyToken(SECRET, `${b}.${Buffer.from(s, 'base64url').toString('base64')}`, Date.now())).toBeNull();
  });
});

describe('7. newsletter: unsubscribe only through the signed link', () => {
  it('refuses an unsubscribe without a valid link, with the same answer for known and unknown addresses', async () => {
    expect((await api.call('newsletterSubscribe', { body: { email: 'reader@example.com' } })).status).toBe(200);
    const mail = api.mails.at(-1)!;
    expect(mail.to).toBe('reader@example.com');
    expect(mail.text).toMatch(/\/newsletter-unsubscribe\?email=reader%40example\.com&sig=[\w-]{32}/);
    const answers = [];
    for (const body of [
      { email: 'reader@example.com' },
      { email: 'nobody-here@example.com' },
      { email: 'reader@example.com', sig: 'x'.repeat(32) },
      { email: 'nobody-here@example.com', sig: 'x'.repeat(32) },
    ]) {
      const r = await api.call('newsletterUnsubscribe', { body });
      expect(r.status).toBe(403);
      answers.push(r.text);
    }
    expect(new Set(answers).size).toBe(1);
    // the reader is still subscribed
    expect(
      (api.deps.db.prepare('SELECT unsubscribed_at FROM newsletter WHERE email = ?').get('reader@example.com') as { unsubscribed_at: string | null }).unsubscribed_at,
    ).toBeNull();
    // another address's link does not work for this one
    await api.call('newsletterSubscribe', { body: { email: 'other-reader@example.com' } });
    const otherSig = new URL(/https?:\/\/\S+/.exec(api.mails.at(-1)!.text)![0]).searchParams.get('sig')!;
    expect((await api.call('newsletterUnsubscribe', { body: { email: 'reader@example.com', sig: otherSig } })).status).toBe(403);
    const sig = new URL(/https?:\/\/\S+/.exec(mail.text)![0]).searchParams.get('sig')!;
    expect((await api.call('newsletterUnsubscribe', { body: { email: 'reader@example.com', sig } })).status).toBe(200);
  });
});

describe('8. client aborts', () => {
  it('are logged as one line without a stack, not as server errors', async () => {
    const lines: string[] = [];
    const dir = await mkdtemp(join(tmpdir(), 'api-abort-'));
    const running = await startApi({
      env: { API_SECRET: SECRET, MAIL_TRANSPORT: 'log' },
      exportDir: await fixture(),
      dbFile: join(dir, 'shop.sqlite'),
      port: 0,
      log: (l) => lines.push(l),
    });
    try {
      for (let i = 0; i < 3; i++) {
        await new Promise<void>((resolve) => {
          const socket = connect(running.port, '127.0.0.1', () => {
            socket.write('POST /api/cart/add HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"thelia_cart_add":');
            setTimeout(() => socket.destroy(), 100);
          });
          socket.on('close', () => setTimeout(resolve, 200));
        });
      }
    } finally {
      await running.close();
    }
    const log = lines.join('\n');
    expect(log).not.toMatch(/error on/);
    expect(log).not.toMatch(/\n\s+at /);
    expect(lines.filter((l) => l.startsWith('aborted request: POST /api/cart/add'))).toHaveLength(3);
  });
});

describe('9. the request log (API_LOG=1)', () => {
  it("names why a request was refused, the contract's message and the fields, never what was sent", async () => {
    const lines: string[] = [];
    const running = await startApi({
      env: { API_SECRET: SECRET, MAIL_TRANSPORT: 'log', API_LOG: '1' },
      exportDir: await fixture(),
      dbFile: join(await mkdtemp(join(tmpdir(), 'api-log-')), 'shop.sqlite'),
      port: 0,
      log: (l) => lines.push(l),
    });
    try {
      const post = (body: unknown) =>
        fetch(`http://127.0.0.1:${running.port}/api/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect((await post({ kind: 'guest', firstname: 'Eve', lastname: 'Secretname', email: 'not-an-address' })).status).toBe(400);
      expect((await post({ kind: 'guest', firstname: 'Eve', lastname: 'Guest', email: 'eve-log@example.com' })).status).toBe(200);
    } finally {
      await running.close();
    }
    const refused = lines.find((l) => l.startsWith('POST /api/register 400'));
    expect(refused).toMatch(/ms: .+ \(email\)$/);
    expect(lines.join('\n')).not.toMatch(/not-an-address|Secretname|eve-log/);
    expect(lines.find((l) => l.startsWith('POST /api/register 200'))).toMatch(/ms$/);
  });
});
