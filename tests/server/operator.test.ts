/**
 * Operator API settings and guarantees beyond the contract tests: the token's development default
 * (with a loud warning) and production behaviour (disabled without API_OPERATOR_TOKEN), and that
 * an operator action is never a partial write.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '../../src/api/contract/common.ts';
import { DEV_OPERATOR_TOKEN, loadConfig } from '../../server/config.ts';
import { startApi } from '../../server/main.ts';
import { OPERATOR_TOKEN, SECRET, addToCart, fixture, makeApi, registerCustomer } from './helpers.ts';
import { FIX } from './fixture-export.ts';

describe('API_OPERATOR_TOKEN', () => {
  it('defaults to the documented development token only in development mode', () => {
    expect(loadConfig({}).operatorToken).toBe(DEV_OPERATOR_TOKEN);
    expect(loadConfig({ NODE_ENV: 'development' }).operatorToken).toBe(DEV_OPERATOR_TOKEN);
    expect(loadConfig({ NODE_ENV: 'production', API_SECRET: SECRET }).operatorToken).toBe(null);
    expect(loadConfig({ NODE_ENV: 'production', API_SECRET: SECRET, API_OPERATOR_TOKEN: OPERATOR_TOKEN }).operatorToken).toBe(OPERATOR_TOKEN);
    expect(() => loadConfig({ API_OPERATOR_TOKEN: 'short' })).toThrow(/API_OPERATOR_TOKEN must be at least 32 characters/);
  });

  it('warns loudly when the development token is in use, and says when the operator API is off', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'api-operator-'));
    for (const [env, expected] of [
      [{}, /WARNING: API_OPERATOR_TOKEN is not set.*DEVELOPMENT token/],
      [{ NODE_ENV: 'production' }, /operator API \(\/api\/operator\/\*\) is disabled/],
    ] as const) {
      const lines: string[] = [];
      const api = await startApi({
        env: { API_SECRET: SECRET, MAIL_TRANSPORT: 'log', ...env },
        exportDir: await fixture(),
        dbFile: join(dir, 'shop.sqlite'),
        port: 0,
        log: (l) => lines.push(l),
      });
      await api.close();
      expect(lines.join('\n')).toMatch(expected);
    }
  });

  it('with the development default, that token works; in production without a token every call is 401', async () => {
    const dev = await makeApi({ operatorToken: DEV_OPERATOR_TOKEN });
    expect((await dev.call('operatorComments', { token: DEV_OPERATOR_TOKEN })).status).toBe(200);
    expect((await dev.call('operatorComments', { token: OPERATOR_TOKEN })).status).toBe(401);
    const prod = await makeApi({ operatorToken: null });
    for (const token of [undefined, '', 'null', DEV_OPERATOR_TOKEN, OPERATOR_TOKEN]) {
      const r = await prod.call('operatorComments', { token });
      expect(r.status).toBe(401);
      expect(r.json.message).toBe(ERRORS.operatorRequired);
    }
  });
});

describe('operator actions', () => {
  it('are all or nothing: a failure inside the transaction leaves the order as it was', async () => {
    const api = await makeApi();
    const me = await registerCustomer(api);
    const { cartId } = await addToCart(api, FIX.tshirt.pse, 1, undefined, me.token);
    const id = (await api.call('payVorkasse', { body: { cart_id: cartId, customer_id: me.id }, token: me.token })).json.data.order_id;
    const snapshot = () => api.deps.db.prepare('SELECT status, paid_at, shipped_at, tracking_number, updated_at FROM orders WHERE id = ?').get(id);
    const before = snapshot();
    // the audit log entry is written last, in the same transaction: make it fail
    api.deps.db.exec(`CREATE TRIGGER fail_log BEFORE INSERT ON operator_log BEGIN SELECT RAISE(ABORT, 'disk full'); END`);
    const r = await api.call('operatorOrderPaid', { params: { order: id }, token: OPERATOR_TOKEN });
    expect(r.status).toBe(500);
    expect(snapshot()).toEqual(before);
    api.deps.db.exec('DROP TRIGGER fail_log');
    const ok = await api.call('operatorOrderPaid', { params: { order: id }, token: OPERATOR_TOKEN });
    expect(ok.json.data.order.STATUS).toBe('paid');
    const log = api.deps.db.prepare('SELECT action, target FROM operator_log').all();
    expect(log).toEqual([{ action: 'order.paid', target: ok.json.data.order.REF }]);
  });

  it('parallel requests for one order: exactly one wins, the others get 409', async () => {
    const api = await makeApi();
    const me = await registerCustomer(api);
    const { cartId } = await addToCart(api, FIX.tshirt.pse, 1, undefined, me.token);
    const id = (await api.call('payVorkasse', { body: { cart_id: cartId, customer_id: me.id }, token: me.token })).json.data.order_id;
    const answers = await Promise.all(Array.from({ length: 5 }, () => api.call('operatorOrderPaid', { params: { order: id }, token: OPERATOR_TOKEN })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect((api.deps.db.prepare(`SELECT COUNT(*) AS n FROM operator_log WHERE action = 'order.paid'`).get() as { n: number }).n).toBe(1);
  });
});
