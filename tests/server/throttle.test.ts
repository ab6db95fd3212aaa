/**
 * Sign-in throttling (issue 17, item 6): failures are counted per account and per client address;
 * beyond the free tries each further try waits twice as long as the last (1 s, 2 s, 4 s ...),
 * capped (60 s per account, 300 s per address): slowed, never locked out. changePassword is
 * throttled like a login; resetPassword checks the token before it hashes anything and slows a
 * flood of bogus tokens per address. Time comes from the injected clock (helpers.makeApi), never
 * from sleeping.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, tooManyLoginsMessage } from '../../src/api/contract/common.ts';
import { hashPassword } from '../../server/lib/auth.ts';
import { makeApi, registerCustomer, type TestApi } from './helpers.ts';

const SECOND = 1000;
const MINUTE = 60_000;
let api: TestApi;
let ipSeq = 0;
/** A fresh client address per test, so the per-address counter of one test does not reach another. */
const newIp = () => `198.51.100.${++ipSeq}`;

beforeAll(async () => {
  api = await makeApi();
});

async function login(email: string, password: string, ip: string, t: TestApi = api) {
  return t.call('login', { body: { email, password }, ip });
}

describe('per account: slowed, never locked out', () => {
  it('gives 5 free failures, then doubles the wait (1 s, 2 s, 4 s ...) with Retry-After', async () => {
    const me = await registerCustomer(api);
    const ip = newIp();
    for (let i = 0; i < 5; i++) {
      const r = await login(me.email, 'wrong', ip);
      expect(r.status).toBe(401);
      expect(r.json.message).toBe(ERRORS.wrongLogin);
    }
    const slowed = await login(me.email, me.password, ip);
    expect(slowed.status).toBe(429);
    expect(slowed.json.message).toBe(tooManyLoginsMessage(1));
    expect(slowed.headers.get('retry-after')).toBe('1');
    // the e-mail is normalised: upper case is the same account
    expect((await login(me.email.toUpperCase(), me.password, ip)).status).toBe(429);
    api.clock.now += SECOND;
    expect((await login(me.email, 'wrong', ip)).status).toBe(401); // 6th failure
    expect((await login(me.email, 'wrong', ip)).headers.get('retry-after')).toBe('2');
    api.clock.now += 2 * SECOND;
    expect((await login(me.email, 'wrong', ip)).status).toBe(401); // 7th
    expect((await login(me.email, 'wrong', ip)).headers.get('retry-after')).toBe('4');
    api.clock.now += 4 * SECOND;
    expect((await login(me.email, me.password, ip)).status).toBe(200);
    // a success forgives the account's failures
    for (let i = 0; i < 5; i++) expect((await login(me.email, 'wrong', ip)).status).toBe(401);
  });

  it('an attacker hammering one account for an hour never keeps the owner out longer than a minute', async () => {
    const owner = await registerCustomer(api);
    const ownerIp = newIp();
    let attackerTries = 0;
    let refused = 0;
    // the attacker spreads over many addresses and tries as often as it is let through
    for (let t = 0; t < 60 * 60; t += 5) {
      api.clock.now += 5 * SECOND;
      const r = await login(owner.email, `guess-${t}`, `203.0.113.${t % 250}`);
      if (r.status === 401) attackerTries++;
      else {
        expect(r.status).toBe(429);
        refused++;
      }
    }
    // about one guess a minute once the wait reached its cap (plus the free ones)
    expect(attackerTries).toBeLessThan(5 + 8 + 60 + 2);
    expect(refused).toBeGreaterThan(600);
    // the owner: at most one minute's wait, never 15 minutes
    let owner429 = await login(owner.email, owner.password, ownerIp);
    if (owner429.status === 429) {
      expect(Number(owner429.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      api.clock.now += Number(owner429.headers.get('retry-after')) * SECOND;
      owner429 = await login(owner.email, owner.password, ownerIp);
    }
    expect(owner429.status).toBe(200);
  });

  it('counts e-mails without an account the same way (nothing revealed)', async () => {
    const ip = newIp();
    for (let i = 0; i < 5; i++) expect((await login('nobody-throttle@example.com', 'x', ip)).json.message).toBe(ERRORS.wrongLogin);
    const slowed = await login('nobody-throttle@example.com', 'x', ip);
    expect(slowed.status).toBe(429);
    expect(slowed.json.message).toBe(tooManyLoginsMessage(1));
  });

  it('lets no more than 5 parallel attempts through', async () => {
    const me = await registerCustomer(api);
    const ip = newIp();
    const answers = await Promise.all(Array.from({ length: 12 }, () => login(me.email, 'wrong', ip)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it('survives a restart (stored in SQLite)', async () => {
    const dbFile = join(await mkdtemp(join(tmpdir(), 'api-throttle-')), 'shop.sqlite');
    const first = await makeApi({}, { dbFile });
    const me = await registerCustomer(first);
    const ip = newIp();
    for (let i = 0; i < 7; i++) {
      expect((await login(me.email, 'wrong', ip, first)).status).toBe(401);
      first.clock.now += 10 * SECOND;
    }
    first.deps.db.close();
    const second = await makeApi({}, { dbFile });
    second.clock.now = first.clock.now - 10 * SECOND + 1 * SECOND; // 1 s after the 7th failure: 4 s to wait
    const slowed = await login(me.email, me.password, ip, second);
    expect(slowed.status).toBe(429);
    expect(slowed.headers.get('retry-after')).toBe('3');
    second.clock.now += 3 * SECOND;
    expect((await login(me.email, me.password, ip, second)).status).toBe(200);
    second.deps.db.close();
  });

  it('follows API_LOGIN_MAX_FAILURES, API_LOGIN_WINDOW_SECONDS and API_LOGIN_MAX_DELAY_SECONDS', async () => {
    const strict = await makeApi({}, { env: { API_LOGIN_MAX_FAILURES: '2', API_LOGIN_WINDOW_SECONDS: '120', API_LOGIN_MAX_DELAY_SECONDS: '3' } });
    const me = await registerCustomer(strict);
    const ip = newIp();
    for (let i = 0; i < 2; i++) expect((await login(me.email, 'wrong', ip, strict)).status).toBe(401);
    for (let i = 0; i < 4; i++) {
      expect((await login(me.email, 'wrong', ip, strict)).status).toBe(429);
      strict.clock.now += 3 * SECOND; // the cap: never more than 3 s
      expect((await login(me.email, 'wrong', ip, strict)).status).toBe(401);
    }
    strict.clock.now += 120 * SECOND; // the window passed: free again
    for (let i = 0; i < 2; i++) expect((await login(me.email, 'wrong', ip, strict)).status).toBe(401);
    expect((await login(me.email, me.password, ip, strict)).status).toBe(429);
  });
});

describe('per client address: a password spray is slowed', () => {
  it('slows one address trying many accounts after 20 failures; other addresses are not affected', async () => {
    const spray = newIp();
    const victims = await Promise.all(Array.from({ length: 3 }, () => registerCustomer(api)));
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await login(`spray-${i}@example.com`, 'Summer2026', spray)).status);
    // every account was tried once only, yet the address is slowed after its 20 free failures
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(20).filter((s) => s === 429).length).toBeGreaterThanOrEqual(9);
    const r = await login(victims[0]!.email, 'Summer2026', spray);
    expect(r.status).toBe(429);
    // a real customer elsewhere logs in as usual
    expect((await login(victims[1]!.email, victims[1]!.password, newIp())).status).toBe(200);
    // the spraying address waits at most 5 minutes, then gets one more try
    api.clock.now += 5 * MINUTE;
    expect((await login(victims[2]!.email, victims[2]!.password, spray)).status).toBe(200);
  });
});

describe('changePassword and resetPassword', () => {
  it('throttles guessing the old password with a (stolen) token', async () => {
    const me = await registerCustomer(api);
    const ip = newIp();
    const change = (old: string) => api.call('changePassword', { body: { old_password: old, password: 'new-pass', password_confirm: 'new-pass' }, token: me.token, ip });
    for (let i = 0; i < 5; i++) expect((await change(`guess-${i}`)).status).toBe(401);
    const slowed = await change(me.password);
    expect(slowed.status).toBe(429);
    expect(slowed.json.message).toBe(tooManyLoginsMessage(1));
    // slowed, not locked: the owner's right password passes after the short wait
    api.clock.now += SECOND;
    expect((await change(me.password)).status).toBe(200);
  });

  it('checks the reset token before hashing, and slows a flood of bogus tokens per address', async () => {
    const flood = newIp();
    const reset = (token: string, ip = flood) => api.call('resetPassword', { body: { token, password: 'new-pass', password_confirm: 'new-pass' }, ip });
    // the cost of one password hash on this machine, now
    let started = performance.now();
    await hashPassword('x');
    const hashMs = performance.now() - started;
    started = performance.now();
    for (let i = 0; i < 20; i++) {
      const r = await reset(`bogus-token-${i}-xxxxxxxx`);
      expect(r.status).toBe(400);
      expect(r.json.message).toBe(ERRORS.invalidResetToken);
    }
    const floodMs = performance.now() - started;
    // 20 bogus resets cost less than 4 hashes (they used to cost 20)
    expect(floodMs).toBeLessThan(Math.max(4 * hashMs, 40));
    const slowed = await reset('bogus-token-21-xxxxxxxx');
    expect(slowed.status).toBe(429);
    // a real reset from another address is not slowed
    const me = await registerCustomer(api);
    await api.call('forgotPassword', { body: { email: me.email } });
    const token = /token=([\w-]+)/.exec(api.mails.at(-1)!.text)![1]!;
    expect((await reset(token, newIp())).status).toBe(200);
    expect((await api.call('login', { body: { email: me.email, password: 'new-pass' }, ip: newIp() })).status).toBe(200);
  });
});
