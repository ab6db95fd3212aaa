/**
 * Test harness: the fixture export imported into an in-memory database, the app built on it,
 * and `call()` which speaks to an endpoint of the contract table and checks every answer against
 * the shared schemas (the 200 schema, or ErrorResponse for anything else).
 */
import { expect } from 'vitest';
import { ENDPOINTS, pathFor, type EndpointKey } from '../../src/api/contract/paths.ts';
import { ErrorResponse } from '../../src/api/contract/common.ts';
import { createApp } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { importExport } from '../../server/db/import-export.ts';
import { openDatabase } from '../../server/db/open.ts';
import type { Mail } from '../../server/lib/mail.ts';
import { writeFixtureExport } from './fixture-export.ts';

let fixtureDir: Promise<string> | null = null;
export function fixture(): Promise<string> {
  return (fixtureDir ??= writeFixtureExport());
}

export const SECRET = 'test-secret-test-secret-test-secret-0123456789';
export const OPERATOR_TOKEN = 'test-operator-token-test-operator-token-0123';

export interface TestApi {
  app: ReturnType<typeof createApp>['app'];
  deps: ReturnType<typeof createApp>['deps'];
  mails: Mail[];
  clock: { now: number };
  called: Set<string>;
  call: (key: EndpointKey, options?: CallOptions) => Promise<CallResult>;
  raw: (path: string, init?: RequestInit) => Promise<Response>;
}

export interface CallOptions {
  body?: unknown;
  /** Send the body form-encoded (flat keys, e.g. 'thelia_cart_add[quantity]'). */
  form?: Record<string, string>;
  query?: Record<string, string | number>;
  params?: Record<string, string | number>;
  token?: string;
  /** Skip the schema check (hostile input tests check status only). */
  unchecked?: boolean;
  /** The client's address (as the node server's socket gives it); default none ('unknown'). */
  ip?: string;
}

export interface CallResult {
  status: number;
  json: any;
  text: string;
  headers: Headers;
}

export async function makeApi(overrides: Partial<Config> = {}, options: { dbFile?: string; env?: Record<string, string> } = {}): Promise<TestApi> {
  const dir = await fixture();
  const db = openDatabase(options.dbFile ?? ':memory:');
  await importExport(db, dir);
  const mails: Mail[] = [];
  const clock = { now: Date.parse('2026-06-01T10:00:00Z') };
  const config = loadConfig(
    { API_SECRET: SECRET, API_OPERATOR_TOKEN: OPERATOR_TOKEN, API_ZERO_VAT_CATEGORIES: '5:20', ...options.env },
    { now: () => clock.now, exportDir: dir, ...overrides },
  );
  const { app, deps } = createApp(db, config, { mail: (m) => mails.push(m), log: () => {} });
  const called = new Set<string>();
  const raw = async (path: string, init?: RequestInit) => app.request(path, init);
  const call = async (key: EndpointKey, o: CallOptions = {}): Promise<CallResult> => {
    const e = ENDPOINTS[key];
    called.add(key);
    let path = pathFor(key, o.params ?? {});
    if (o.query) path += '?' + new URLSearchParams(Object.entries(o.query).map(([k, v]) => [k, String(v)])).toString();
    const headers: Record<string, string> = {};
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    let body: string | undefined;
    if (o.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(o.form).toString();
    } else if (o.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(o.body);
    }
    const env = o.ip ? { incoming: { socket: { remoteAddress: o.ip } } } : undefined;
    const res = await app.request(path, { method: e.method, headers, body }, env);
    const text = res.headers.get('content-type')?.includes('pdf') ? '' : await res.text();
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (!o.unchecked) {
      if (res.status === 200 && e.response) {
        const parsed = e.response.safeParse(json);
        if (!parsed.success) throw new Error(`${key}: 200 answer does not match the contract: ${JSON.stringify(parsed.error.issues.slice(0, 5))}\n${text.slice(0, 500)}`);
      } else if (res.status >= 400) {
        expect(ErrorResponse.safeParse(json).success, `${key} error body ${text}`).toBe(true);
      }
    }
    return { status: res.status, json, text, headers: res.headers };
  };
  return { app, deps, mails, clock, called, call, raw };
}

export const ADDRESS_AT = {
  label: 'Home',
  title: 1,
  firstname: 'Anna',
  lastname: 'Huber',
  address1: 'Mariahilfer Straße',
  address2: '12',
  zipcode: '1060',
  city: 'Wien',
  country_id: 13,
  phone: '+43 1 234567',
};
export const ADDRESS_DE = {
  label: 'Büro',
  title: 2,
  firstname: 'Berta',
  lastname: 'Schulz',
  address1: 'Unter den Linden',
  address2: '5',
  zipcode: '10117',
  city: 'Berlin',
  country_id: 5,
  phone: '030 123456',
};
export const ADDRESS_RO = {
  label: 'Acasă',
  title: 1,
  firstname: 'Ion',
  lastname: 'Popescu',
  address1: 'Strada Lipscani',
  address2: '3',
  zipcode: '030031',
  city: 'București',
  country_id: 146,
  state_id: 901,
  phone: '0721234567',
};

let seq = 0;
export async function registerCustomer(api: TestApi, extra: Record<string, unknown> = {}) {
  const email = `user${++seq}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const r = await api.call('register', {
    body: { kind: 'private', firstname: 'Anna', lastname: 'Huber', email, password: 'secret12', password_confirm: 'secret12', address: ADDRESS_AT, ...extra },
  });
  expect(r.status, r.text).toBe(200);
  return { email, password: 'secret12', token: r.json.data.token as string, id: r.json.data.customer_id as number, addressId: r.json.data.address_id as number | null };
}

export async function addToCart(api: TestApi, pse: number, quantity = 1, cartId?: number, token?: string) {
  const r = await api.call('cartAdd', { body: { 'thelia.cart_id': cartId, thelia_cart_add: { product_sale_elements_id: pse, quantity } }, token });
  expect(r.status, r.text).toBe(200);
  return r.json.data as { cartId: number; cartItemId: number; quantity: number };
}

export async function stockOf(api: TestApi, pse: number): Promise<number> {
  return (api.deps.db.prepare('SELECT quantity FROM pse WHERE id = ?').get(pse) as { quantity: number }).quantity;
}
