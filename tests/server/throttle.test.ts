/**
 * Login throttling: 5 failed logins for one e-mail within 15 minutes lock that e-mail (429) until
 * the window passes; a successful login resets the counter; the counter lives in SQLite and
 * survives a restart; parallel attempts cannot slip past the limit. Time comes from the injected
 * clock (helpers.makeApi), never from sleeping.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, tooManyLoginsMessage } from '../../src/api/contract/common.ts';
import { makeApi, registerCustomer, type TestApi } from './helpers.ts';

const MINUTE = 60_000;
let api: TestApi;

beforeAll(async () => {
  api = await makeApi();
});

async function login(email: string, password: string, t: TestApi = api) {
  return t.call('login', { body: { email, password } });
}

describe('login throttling', () => {
  it('locks an e-mail after 5 failures within 15 minutes, until the window passes', async () => {
    const me = await registerCustomer(api);
    for (let i = 0; i < 5; i++) {
      const r = await login(me.email, 'wrong');
      expect(r.status).toBe(401);
      expect(r.json.message).toBe(ERRORS.wrongLogin);
      api.clock.now += MINUTE; // failures at 0, 1, 2, 3, 4 minutes
    }
    // now at 5 minutes: the first failure leaves the window at 15 minutes
    const locked = await login(me.email, me.password);
    expect(locked.status).toBe(429);
    expect(locked.json.message).toBe('Too many login attempts. Please try again in 10 minutes.');
    expect(locked.json.message).toBe(tooManyLoginsMessage(10));
    expect(locked.headers.get('retry-after')).toBe('600');
    // the e-mail is normalised: upper case is the same e-mail
    expect((await login(me.email.toUpperCase(), me.password)).status).toBe(429);
    // refused attempts do not extend the lock
    api.clock.now += 9 * MINUTE + 30_000;
    const last = await login(me.email, me.password);
    expect(last.status).toBe(429);
    expect(last.json.message).toBe('Too many login attempts. Please try again in 1 minute.');
    api.clock.now += 30_000; // 15 minutes after the first failure
    const ok = await login(me.email, me.password);
    expect(ok.status).toBe(200);
  });

  it('is a sliding window: failures older than 15 minutes do not count', async () => {
    const me = await registerCustomer(api);
    for (let i = 0; i < 4; i++) expect((await login(me.email, 'wrong')).status).toBe(401);
    api.clock.now += 15 * MINUTE;
    for (let i = 0; i < 4; i++) expect((await login(me.email, 'wrong')).status).toBe(401);
    expect((await login(me.email, me.password)).status).toBe(200);
  });

  it('resets the counter on a successful login', async () => {
    const me = await registerCustomer(api);
    for (let i = 0; i < 4; i++) expect((await login(me.email, 'wrong')).status).toBe(401);
    expect((await login(me.email, me.password)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(me.email, 'wrong')).status).toBe(401);
    // 8 failures in the window, but never 5 since the last success
    expect((await login(me.email, me.password)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login(me.email, 'wrong')).status).toBe(401);
    expect((await login(me.email, 'wrong')).status).toBe(429);
  });

  it('counts per e-mail, also for e-mails without an account (nothing revealed)', async () => {
    const other = await registerCustomer(api);
    for (let i = 0; i < 5; i++) expect((await login('nobody-throttle@example.com', 'x')).json.message).toBe(ERRORS.wrongLogin);
    const locked = await login('nobody-throttle@example.com', 'x');
    expect(locked.status).toBe(429);
    expect(locked.json.message).toBe(tooManyLoginsMessage(15));
    expect((await login(other.email, other.password)).status).toBe(200);
  });

  it('lets no more than 5 parallel attempts through', async () => {
    const me = await registerCustomer(api);
    const answers = await Promise.all(Array.from({ length: 12 }, () => login(me.email, 'wrong')));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it('survives a restart (stored in SQLite)', async () => {
    const dbFile = join(await mkdtemp(join(tmpdir(), 'api-throttle-')), 'shop.sqlite');
    const first = await makeApi({}, { dbFile });
    const me = await registerCustomer(first);
    for (let i = 0; i < 5; i++) expect((await login(me.email, 'wrong', first)).status).toBe(401);
    first.deps.db.close();
    const second = await makeApi({}, { dbFile });
    second.clock.now = first.clock.now + 5 * MINUTE;
    const locked = await login(me.email, me.password, second);
    expect(locked.status).toBe(429);
    expect(locked.json.message).toBe(tooManyLoginsMessage(10));
    second.clock.now += 10 * MINUTE;
    expect((await login(me.email, me.password, second)).status).toBe(200);
    second.deps.db.close();
  });

  it('follows API_LOGIN_MAX_FAILURES and API_LOGIN_WINDOW_SECONDS', async () => {
    const strict = await makeApi({}, { env: { API_LOGIN_MAX_FAILURES: '2', API_LOGIN_WINDOW_SECONDS: '120' } });
    const me = await registerCustomer(strict);
    for (let i = 0; i < 2; i++) expect((await login(me.email, 'wrong', strict)).status).toBe(401);
    expect((await login(me.email, me.password, strict)).json.message).toBe(tooManyLoginsMessage(2));
    strict.clock.now += 120_000;
    expect((await login(me.email, me.password, strict)).status).toBe(200);
  });
});
