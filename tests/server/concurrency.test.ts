/**
 * Concurrency on real listening servers: an in-process instance and a second API *process* on
 * the same database file (like two workers), so transactions really race. Simultaneous pay
 * requests for one cart make exactly one order; shoppers racing for the last item make one order
 * and clear refusals.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../src/api/contract/common.ts';
import { PayResponse } from '../../src/api/contract/payment.ts';
import { startApi, type RunningApi } from '../../server/main.ts';
import { ADDRESS_AT, SECRET, fixture } from './helpers.ts';
import { FIX } from './fixture-export.ts';

let a: RunningApi;
let b: { url: string };
let child: ChildProcess | undefined;

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'api-concurrency-'));
  const env = { API_SECRET: SECRET, API_DB: join(dir, 'shop.sqlite'), API_EXPORT_DIR: await fixture(), MAIL_TRANSPORT: 'log' };
  a = await startApi({ env, config: { port: 0 }, log: () => {} });
  const proc = spawn(process.execPath, [join(import.meta.dirname, '../../server/main.ts')], { env: { ...process.env, ...env, API_PORT: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
  child = proc;
  b = await new Promise((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve({ url: m[1]! });
    });
    proc.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    proc.on('exit', (code) => reject(new Error(`second API process exited (${code}): ${out}`)));
  });
});
afterAll(async () => {
  child?.kill('SIGTERM');
  await a?.close();
});

async function post(base: string, path: string, body: unknown, token?: string) {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as any };
}

async function shopper(n: number) {
  const r = await post(a.url, '/api/register', { firstname: 'Race', lastname: 'Runner', email: `race${n}-${Date.now()}@example.com`, password: 'secret12', address: ADDRESS_AT });
  expect(r.status).toBe(200);
  return { token: r.json.data.token as string, id: r.json.data.customer_id as number };
}

describe('concurrency', () => {
  it('simultaneous pay requests for one cart make exactly one order', async () => {
    const me = await shopper(1);
    const add = await post(a.url, '/api/cart/add', { thelia_cart_add: { product_sale_elements_id: FIX.tshirt.pse, quantity: 2 } }, me.token);
    const cartId = add.json.data.cartId;
    const paths = ['/api/vorkasse/pay', '/api/paypal/pay', '/api/vorkasse/pay', '/api/stripe/pay'];
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => post(i % 2 ? a.url : b.url, paths[i % paths.length]!, { cart_id: cartId, customer_id: me.id }, me.token)),
    );
    for (const r of results) expect(r.status, JSON.stringify(r.json)).toBe(200);
    const ids = new Set(results.map((r) => PayResponse.parse(r.json).data.order_id));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => !r.json.data.repeated)).toHaveLength(1);
    const orders = await fetch(`${a.url}/api/ExternalOrderApi/order/?customer=${me.id}`, { headers: { authorization: `Bearer ${me.token}` } });
    expect(((await orders.json()) as any).OrderItems).toHaveLength(1);
  });

  it('shoppers racing for the last item: one order, the others a clear refusal', async () => {
    const shoppers = await Promise.all([2, 3, 4, 5].map(shopper));
    const carts: number[] = [];
    for (const s of shoppers) {
      const add = await post(a.url, '/api/cart/add', { thelia_cart_add: { product_sale_elements_id: FIX.tshirtPromo.pse, quantity: 1 } }, s.token);
      expect(add.status).toBe(200);
      carts.push(add.json.data.cartId);
    }
    const results = await Promise.all(shoppers.map((s, i) => post(i % 2 ? a.url : b.url, '/api/vorkasse/pay', { cart_id: carts[i], customer_id: s.id }, s.token)));
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(3);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.json.message).toBe(ERRORS.notEnoughStock);
    }
    const pse = await fetch(`${b.url}/api/get_pse/${FIX.tshirtPromo.pse}`);
    expect(((await pse.json()) as any).data.quantity).toBe(0);
    // the refused carts are intact and can still be changed
    const loser = results.findIndex((r) => r.status !== 200);
    const cart = await post(b.url, '/api/cart/get', { 'thelia.cart_id': carts[loser] }, shoppers[loser]!.token);
    expect(cart.json.data.items).toHaveLength(1);
  });
});
