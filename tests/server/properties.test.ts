/**
 * Property-based tests (fast-check): malformed, oversized and hostile input at every endpoint.
 * Never a 5xx; never a partial write (every order has its products, stock taken equals what the
 * live orders hold); every SQL statement parameterised.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, type EndpointKey } from '../../src/api/contract/paths.ts';
import { ERRORS, hasControlCharacters } from '../../src/api/contract/common.ts';
import { OPERATOR_TOKEN, addToCart, makeApi, registerCustomer, type TestApi } from './helpers.ts';
import { FIX } from './fixture-export.ts';

let api: TestApi;
let me: Awaited<ReturnType<typeof registerCustomer>>;
let cartId: number;
let orderId: number;
let orderRef: string;
let commentId: number;
const initialStock = new Map<number, number>();

const KEYS = Object.keys(ENDPOINTS) as EndpointKey[];
const OPERATOR_KEYS = KEYS.filter((k) => ENDPOINTS[k].auth === 'operator');

const hostileString = fc.oneof(
  fc.constantFrom(
    "' OR '1'='1",
    "'; DROP TABLE orders; --",
    '1; DELETE FROM pse',
    '" OR ""="',
    '%00',
    '\u0000',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    '__proto__',
    'constructor',
    '{"$gt":""}',
    'NaN',
    'Infinity',
    '-1',
    '0',
    '1e308',
    '9007199254740993',
    '99999999999999999999',
    '0x10',
    ' 5 ',
    '',
    'null',
    'true',
    'ｆｕｌｌｗｉｄｔｈ',
    '𝕦𝕟𝕚𝕔𝕠𝕕𝕖',
    'a'.repeat(5000),
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);
const numberish = fc.oneof(fc.integer(), fc.constantFrom(0, -1, 1, 2 ** 31, 2 ** 53, -(2 ** 53), Number.MAX_SAFE_INTEGER + 2, 1.5, -0.5, 1e308), fc.double());
let plausible: fc.Arbitrary<unknown>;
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    numberish,
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.array(tie('v'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(hostileString, fc.constantFrom('__proto__', 'quantity', 'product_sale_elements_id', 'token')), tie('v'), { maxKeys: 3 }),
  ),
})).v;

/** Field names the endpoint's body or query knows (from its JSON schema). */
function fieldsOf(schema: z.core.$ZodType | undefined): string[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown> };
  return Object.keys(json.properties ?? {});
}

function bodyFor(key: EndpointKey): fc.Arbitrary<Record<string, unknown>> {
  const e = ENDPOINTS[key];
  const fields = [...fieldsOf('body' in e ? e.body : undefined), 'thelia_cart_add[quantity]', 'thelia_cart_add[product_sale_elements_id]'];
  return fc.dictionary(fc.oneof(fc.constantFrom(...fields), hostileString), fc.oneof(value, plausible), { maxKeys: 8 });
}

function queryFor(key: EndpointKey): fc.Arbitrary<Record<string, string>> {
  const e = ENDPOINTS[key];
  const fields = fieldsOf('query' in e ? e.query : undefined);
  return fc.dictionary(fc.oneof(fc.constantFrom('x', ...fields), fc.string({ maxLength: 10 })), fc.oneof(hostileString, plausible.map(String)), { maxKeys: 4 });
}

function toForm(body: Record<string, unknown>): string {
  const params = new URLSearchParams();
  const walk = (prefix: string, v: unknown) => {
    if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(`${prefix}[${k}]`, x);
    else params.append(prefix, String(v));
  };
  for (const [k, v] of Object.entries(body)) walk(k, v);
  return params.toString();
}

function checkInvariants() {
  const db = api.deps.db;
  const orphan = db.prepare('SELECT COUNT(*) AS n FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_product p WHERE p.order_id = o.id)').get() as { n: number };
  expect(orphan.n, 'orders without products').toBe(0);
  expect((db.prepare('SELECT COUNT(*) AS n FROM orders WHERE ref IS NULL').get() as { n: number }).n).toBe(0);
  const held = new Map(
    (
      db
        .prepare(
          `SELECT p.pse_id, SUM(p.quantity) AS q FROM order_product p JOIN orders o ON o.id = p.order_id WHERE o.status NOT IN ('payment_error', 'canceled') GROUP BY p.pse_id`,
        )
        .all() as {
        pse_id: number;
        q: number;
      }[]
    ).map((r) => [r.pse_id, r.q]),
  );
  for (const [pse, initial] of initialStock) {
    const now = (db.prepare('SELECT quantity FROM pse WHERE id = ?').get(pse) as { quantity: number }).quantity;
    expect(initial - now, `stock of ${pse} taken vs held by live orders`).toBe(held.get(pse) ?? 0);
    expect(now).toBeGreaterThanOrEqual(0);
  }
  expect((db.prepare('SELECT COUNT(*) AS n FROM cart_item WHERE quantity <= 0').get() as { n: number }).n).toBe(0);
  // operator actions: whole state changes only, valid tracking numbers only
  expect((db.prepare(`SELECT COUNT(*) AS n FROM orders WHERE (status = 'sent') <> (shipped_at IS NOT NULL)`).get() as { n: number }).n, 'sent without shipped_at').toBe(0);
  expect((db.prepare(`SELECT COUNT(*) AS n FROM orders WHERE status IN ('paid', 'processing') AND paid_at IS NULL`).get() as { n: number }).n, 'paid without paid_at').toBe(0);
  for (const { t } of db.prepare('SELECT tracking_number AS t FROM orders WHERE tracking_number IS NOT NULL').all() as { t: string }[]) expect(t).toMatch(/^[A-Za-z0-9-]{4,40}$/);
  expect(
    (
      db.prepare(`SELECT COUNT(*) AS n FROM comment WHERE status NOT IN ('pending', 'approved', 'rejected') OR (status = 'pending') <> (moderated_at IS NULL)`).get() as {
        n: number;
      }
    ).n,
  ).toBe(0);
  // no control character was stored in any text a person typed (issue 17, item 2)
  for (const [table, columns] of STORED_TEXT) {
    for (const row of db.prepare(`SELECT ${columns.join(', ')} FROM ${table}`).all() as Record<string, unknown>[])
      for (const c of columns)
        if (typeof row[c] === 'string')
          expect(hasControlCharacters(row[c] as string, { multiline: MULTILINE.has(`${table}.${c}`) }), `${table}.${c} ${JSON.stringify(row[c])}`).toBe(false);
  }
}

/** Text columns filled from requests (constant names: the SQL check below allows `columns`/`table`). */
const STORED_TEXT: [string, string[]][] = [
  ['customer', ['firstname', 'lastname', 'company', 'vat_number']],
  ['address', ['label', 'firstname', 'lastname', 'company', 'address1', 'address2', 'address3', 'zipcode', 'city', 'phone', 'cellphone']],
  ['newsletter', ['firstname', 'lastname']],
  ['comment', ['title', 'content']],
  ['orders', ['message']],
];
const MULTILINE = new Set(['comment.content', 'orders.message']);

beforeAll(async () => {
  api = await makeApi();
  for (const r of api.deps.db.prepare('SELECT id, quantity FROM pse').all() as { id: number; quantity: number }[]) initialStock.set(r.id, r.quantity);
  me = await registerCustomer(api);
  cartId = (await addToCart(api, FIX.tshirt.pse, 1, undefined, me.token)).cartId;
  const order = await addToCart(api, FIX.tshirt.pse, 1, undefined, me.token);
  const placed = (await api.call('payVorkasse', { body: { cart_id: order.cartId, customer_id: me.id }, token: me.token })).json.data;
  orderId = placed.order_id;
  orderRef = placed.order_ref;
  // a pending review comment for the operator endpoints to find
  commentId = Number(
    api.deps.db
      .prepare(`INSERT INTO comment (customer_id, product_id, pse_id, rating, title, content, created_at) VALUES (?, ?, ?, 5, 'Gut', 'Sehr gut', '2026-06-01T10:00:00Z')`)
      .run(me.id, FIX.tshirt.product, FIX.tshirt.pse).lastInsertRowid,
  );
  plausible = fc.constantFrom<unknown>(
    cartId,
    String(cartId),
    me.id,
    orderId,
    orderRef,
    commentId,
    'CA123456789AT',
    '17.90',
    'approved',
    FIX.tshirt.pse,
    FIX.sofa.pse,
    FIX.screws.pse,
    FIX.AT,
    FIX.RO,
    77,
    79,
    'WELCOME10',
    me.email,
    'de_AT',
    1,
    '1',
    'true',
  );
});

/**
 * An arbitrary for the inputs a JSON schema (from the endpoint's zod schema) describes: values of
 * the right shape and bounds, so that most requests pass validation and reach the handlers,
 * with control characters and the fixture's real ids mixed in.
 */
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  pattern?: string;
};
const CONTROL = fc.constantFrom('\u0000', '\u0007', '\u001b', '\u007f', '\u0080', '\u009f', '\n', '\t');
function fromSchema(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return fc.oneof(...union.map((s) => fromSchema(s, depth + 1)));
  if (schema.allOf?.length) return fromSchema(schema.allOf[0]!, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      if (schema.format === 'email') return fc.oneof(fc.constantFrom(me.email, 'prop@example.com', 'PROP@Example.com'), fc.emailAddress());
      if (schema.pattern)
        return fc.oneof(
          plausible.map(String),
          fc.stringMatching(new RegExp(schema.pattern)).filter((x) => x.length <= 64),
        );
      const max = Math.min(schema.maxLength ?? 40, 40);
      const min = Math.min(schema.minLength ?? 0, max);
      const text = fc.string({ minLength: min, maxLength: max });
      const withControl = fc.tuple(fc.string({ minLength: Math.max(0, min - 1), maxLength: Math.max(0, max - 1) }), CONTROL).map(([a, c]) => a + c);
      return fc.oneof({ weight: 3, arbitrary: text }, { weight: 1, arbitrary: withControl }, { weight: 1, arbitrary: plausible.map(String) });
    }
    case 'integer':
    case 'number': {
      const min = Math.max(schema.minimum ?? -1000, -(2 ** 40));
      const max = Math.min(schema.maximum ?? 100_000, 2 ** 40);
      return fc.oneof(
        fc.integer({ min: Math.ceil(min), max: Math.floor(Math.max(min, max)) }),
        plausible.filter((v) => typeof v === 'number'),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(fromSchema(schema.items ?? {}, depth + 1), { maxLength: 3 });
    case 'object': {
      if (depth > 3) return fc.constant({});
      const props = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(props)) record[k] = fromSchema(v, depth + 1);
      return fc.record(record, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) });
    }
    default:
      return value;
  }
}
function schemaArbitrary(schema: z.core.$ZodType | undefined): fc.Arbitrary<Record<string, unknown>> {
  if (!schema) return fc.constant({});
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return fromSchema(json).map((v) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {}));
}

type Auth = 'me' | 'none' | 'garbage' | 'operator';

/** Random hostile requests at the given endpoints: never a 5xx, every error a message. */
async function hostileRuns(keys: EndpointKey[], auths: Auth[], numRuns: number) {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...keys).chain((key) =>
        fc.record({
          key: fc.constant(key),
          body: bodyFor(key),
          query: queryFor(key),
          params: fc.array(fc.oneof(hostileString, plausible.map(String)), { minLength: 3, maxLength: 3 }),
          encoding: fc.constantFrom('json', 'form', 'raw-json', 'none'),
          auth: fc.constantFrom(...auths),
        }),
      ),
      async ({ key, body, query, params, encoding, auth }) => {
        const e = ENDPOINTS[key];
        let i = 0;
        const path = e.path.replace(/:([A-Za-z]+)/g, () => encodeURIComponent(params[i++] ?? ''));
        const qs = new URLSearchParams(query).toString();
        const headers: Record<string, string> = {};
        if (auth === 'me') headers.authorization = `Bearer ${me.token}`;
        if (auth === 'garbage') headers.authorization = 'Bearer ' + 'x.y';
        if (auth === 'operator') headers.authorization = `Bearer ${OPERATOR_TOKEN}`;
        let payload: string | undefined;
        if (e.method !== 'GET') {
          if (encoding === 'json') {
            headers['content-type'] = 'application/json';
            payload = JSON.stringify(body);
          } else if (encoding === 'form') {
            headers['content-type'] = 'application/x-www-form-urlencoded';
            payload = toForm(body);
          } else if (encoding === 'raw-json') {
            headers['content-type'] = 'application/json';
            payload = JSON.stringify(body).slice(0, -1);
          }
        }
        const res = await api.raw(path + (qs ? `?${qs}` : ''), { method: e.method, headers, body: payload });
        expect(res.status, `${e.method} ${path} -> ${res.status} ${await res.clone().text()}`).toBeLessThan(500);
        if (res.status >= 400) {
          const json = (await res.json()) as { message: string };
          expect(typeof json.message).toBe('string');
        }
      },
    ),
    { numRuns },
  );
}

describe('hostile input at every endpoint', () => {
  it('never answers 5xx and never leaves a partial write (JSON and form bodies, queries, path parameters)', async () => {
    // 'operator' reaches the operator endpoints' validation and state checks
    await hostileRuns(KEYS, ['me', 'none', 'garbage', 'operator'], 700);
    checkInvariants();
  });

  it("inputs drawn from every endpoint's own input schema (mostly valid, some control characters): no 5xx, no partial write", async () => {
    const seen = new Set<EndpointKey>();
    const accepted = new Set<EndpointKey>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...KEYS).chain((key) => {
          const e = ENDPOINTS[key];
          return fc.record({
            key: fc.constant(key),
            body: schemaArbitrary('body' in e ? e.body : undefined),
            query: schemaArbitrary('query' in e ? e.query : undefined),
            params: fc.array(plausible.map(String), { minLength: 3, maxLength: 3 }),
          });
        }),
        async ({ key, body, query, params }) => {
          const e = ENDPOINTS[key];
          seen.add(key);
          let i = 0;
          const path = e.path.replace(/:([A-Za-z]+)/g, () => encodeURIComponent(params[i++] ?? ''));
          const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)])).toString();
          const headers: Record<string, string> = { authorization: `Bearer ${e.auth === 'operator' ? OPERATOR_TOKEN : me.token}` };
          let payload: string | undefined;
          if (e.method !== 'GET') {
            headers['content-type'] = 'application/json';
            payload = JSON.stringify(body);
          }
          const res = await api.raw(path + (qs ? `?${qs}` : ''), { method: e.method, headers, body: payload });
          expect(res.status, `${e.method} ${path} ${payload ?? ''} -> ${res.status} ${await res.clone().text()}`).toBeLessThan(500);
          if (res.status === 200) accepted.add(key);
        },
      ),
      { numRuns: 500 },
    );
    expect(seen.size, 'endpoints drawn').toBeGreaterThan(KEYS.length * 0.9);
    // the generated input is valid often enough to reach the handlers of many endpoints
    expect(accepted.size, `endpoints that answered 200: ${[...accepted].join(', ')}`).toBeGreaterThanOrEqual(10);
    checkInvariants();
  });

  it('operator endpoints with the operator token: hostile ids, refs, tracking numbers, amounts and queries', async () => {
    await hostileRuns(OPERATOR_KEYS, ['operator'], 400);
    checkInvariants();
  });

  it('answers oversized bodies with 413 and malformed encodings with 400', async () => {
    const big = JSON.stringify({ thelia_cart_add: { product_sale_elements_id: 2001 }, pad: 'x'.repeat(100_000) });
    const r = await api.raw('/api/cart/add', { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
    expect(r.status).toBe(413);
    expect(((await r.json()) as { message: string }).message).toBe(ERRORS.bodyTooLarge);
    for (const [type, body] of [
      ['application/json', '{"thelia.cart_id": '],
      ['application/json', '[1,2,3]'],
      ['application/json', '"text"'],
      ['multipart/form-data; boundary=xyz', '--xyz\r\ngarbage'],
      ['text/plain', '\u0000\u0001'],
    ]) {
      const res = await api.raw('/api/cart/get', { method: 'POST', headers: { 'content-type': type! }, body });
      expect(res.status, `${type} ${body}`).toBe(400);
    }
    const badEscape = await api.raw('/api/get_pse/%E0%A4%A', {});
    expect(badEscape.status).toBeLessThan(500);
  });

  it('cart operations with arbitrary quantities keep stock, steps and totals consistent', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            op: fc.constantFrom('add', 'update', 'delete', 'pay'),
            pse: fc.constantFrom(FIX.tshirt.pse, FIX.tshirtPromo.pse, FIX.screws.pse, FIX.sofa.pse),
            quantity: fc.oneof(fc.integer({ min: -5, max: 60 }), fc.constantFrom(1000, 100_001)),
          }),
          { maxLength: 8 },
        ),
        async (ops) => {
          const start = await api.call('cartAdd', { body: { thelia_cart_add: { product_sale_elements_id: FIX.screws.pse, quantity: 5 } }, token: me.token });
          if (start.status !== 200) return; // sold out by earlier runs
          const cart = start.json.data.cartId as number;
          for (const op of ops) {
            let res;
            if (op.op === 'add')
              res = await api.call('cartAdd', {
                body: { 'thelia.cart_id': cart, thelia_cart_add: { product_sale_elements_id: op.pse, quantity: op.quantity } },
                token: me.token,
                unchecked: true,
              });
            else if (op.op === 'update' || op.op === 'delete') {
              const got = await api.call('cartGet', { body: { 'thelia.cart_id': cart }, token: me.token, unchecked: true });
              const item = got.json?.data?.items?.find((i: { PRODUCT_SALE_ELEMENT: number }) => i.PRODUCT_SALE_ELEMENT === op.pse);
              if (!item) continue;
              res =
                op.op === 'update'
                  ? await api.call('cartUpdate', { body: { 'thelia.cart_id': cart, cart_item: item.cartItemId, quantity: op.quantity }, token: me.token, unchecked: true })
                  : await api.call('cartDelete', { body: { 'thelia.cart_id': cart, cart_item: item.cartItemId }, token: me.token, unchecked: true });
            } else
              res = await api.call('payVorkasse', { body: { cart_id: cart, customer_id: me.id, delivery_module_id: op.quantity % 2 ? 79 : 77 }, token: me.token, unchecked: true });
            expect(res.status).toBeLessThan(500);
          }
          const final = await api.call('cartGet', { body: { 'thelia.cart_id': cart }, token: me.token, unchecked: true });
          if (final.status === 200) {
            const items = final.json.data.items as { quantity: number; quantityStep: number; stock: number; price: number; TOTAL: number }[];
            for (const it of items) {
              expect(it.quantity % it.quantityStep).toBe(0);
              expect(it.quantity).toBeGreaterThan(0);
              expect(Math.round(it.price * it.quantity * 100)).toBe(Math.round(it.TOTAL * 100));
            }
            const goods = items.reduce((s, it) => s + Math.round(it.TOTAL * 100), 0);
            expect(Math.round(final.json.data.totals.goods * 100)).toBe(goods);
          }
          checkInvariants();
        },
      ),
      { numRuns: 60 },
    );
  });

  it('treats injection strings as plain data', async () => {
    const login = await api.call('login', { body: { email: "x@example.com' OR '1'='1", password: "' OR '1'='1" } });
    expect(login.status).toBe(400);
    // the random runs may have used up the login attempts of me.email: let the throttle window pass
    api.clock.now += api.deps.config.loginWindowSeconds * 1000;
    const login2 = await api.call('login', { body: { email: me.email, password: "' OR '1'='1" } });
    expect(login2.json.message).toBe(ERRORS.wrongLogin);
    // a variant the random runs above never buy, so it is still in stock
    const fresh = await api.call('cartAdd', { body: { thelia_cart_add: { product_sale_elements_id: FIX.solar.pse, quantity: 1 } } });
    const coupon = await api.call('insertCoupon', { body: { coupon_code: "' OR '1'='1", cart_id: fresh.json.data.cartId } });
    expect(coupon.json.message).toBe(ERRORS.couponNotFound);
    const nl = await api.call('newsletterUnsubscribe', { body: { email: "a@b.de'--", sig: "' OR '1'='1" } });
    expect(nl.status).toBeLessThan(500);
    expect((api.deps.db.prepare('SELECT COUNT(*) AS n FROM coupon').get() as { n: number }).n).toBe(3);
  });
});

describe('SQL is parameterised', () => {
  /** Template interpolations allowed inside SQL text: constants only, never request data. */
  // LIVE, PSE_SQL and COMMENT_SQL are SQL constants, table comes from a constant list, i + 1 is the migration counter (PRAGMA takes no parameters)
  const ALLOWED = new Set(['LIVE', 'PSE_SQL', 'COMMENT_SQL', 'table', 'i + 1', "columns.join(', ')"]);
  function files(dir: string): string[] {
    return readdirSync(dir).flatMap((f) => {
      const p = join(dir, f);
      return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
    });
  }
  it('builds every statement from constant text', () => {
    const offenders: string[] = [];
    for (const file of files(join(import.meta.dirname, '../../server'))) {
      const src = readFileSync(file, 'utf8');
      for (const m of src.matchAll(/\b(?:sql|prepare|exec)\(\s*`([^`]*)`/g)) {
        for (const i of m[1]!.matchAll(/\$\{([^}]*)\}/g)) if (!ALLOWED.has(i[1]!.trim())) offenders.push(`${file}: \${${i[1]}}`);
      }
      for (const m of src.matchAll(/\b(?:sql|prepare)\(\s*(['"])(.*?)\1\s*\+/g)) offenders.push(`${file}: concatenation after ${m[2]}`);
    }
    expect(offenders).toEqual([]);
  });
});
