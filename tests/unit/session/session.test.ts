import { beforeEach, describe, expect, it } from 'vitest';
import { cleanStores } from 'nanostores';
import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { SessionResponse } from '../../../src/api/contract/customer.ts';
import { clearSession, isAdmin, loggedIn, readExpress, readSession, saveExpress, saveSession, sessionEntries, tokenValid } from '../../../src/stores/session.ts';
import { excludeVAT, isCompany } from '../../../src/stores/country.ts';
import { EXPRESS_DATA_MS } from '../../../src/api/token.ts';
import { makeApi, registerCustomer } from '../../server/helpers.ts';

useTestStorageEngine();

beforeEach(() => {
  cleanTestStorage();
  cleanStores(loggedIn, isAdmin, excludeVAT, isCompany);
});

describe('session round trip (the server answer → stored → read → loggedIn)', () => {
  it('stores a real login answer under the spec names and reads it back', async () => {
    const api = await makeApi();
    api.clock.now = Date.now();
    const me = await registerCustomer(api);
    const res = await api.call('login', { body: { email: me.email, password: me.password } });
    const answer = SessionResponse.parse(res.json).data;
    expect(loggedIn.get()).toBe(false);
    saveSession(answer);
    const stored = getTestStorage();
    expect(stored).toMatchObject({
      customer_id: String(me.id),
      user_identifier: answer.user_identifier,
      email: me.email,
      isAdmin: 'false',
      isCompany: 'false',
      excludeVAT: 'false',
    });
    expect(JSON.parse(stored.token!)).toEqual({ token: answer.token, expiresAt: answer.expiresAt });
    // the reader, at the server's clock: logged in until the ISO expiry, 6 hours later
    const now = api.clock.now;
    const session = readSession(now);
    expect(session).toMatchObject({ token: answer.token, customerId: me.id, email: me.email, isAdmin: false, isCompany: false, excludeVAT: false });
    expect(session!.expiresAt - now).toBeGreaterThan(6 * 3600_000 - 2000);
    expect(readSession(Date.parse(answer.expiresAt))).toBeNull();
    expect(tokenValid(stored.token!, now)).toBe(true);
    expect(loggedIn.get()).toBe(true);
  });

  it('company flags and the administrator come from the answer; clearSession removes every key', async () => {
    const api = await makeApi();
    const me = await registerCustomer(api);
    api.deps.db.prepare('UPDATE customer SET is_admin = 1 WHERE id = ?').run(me.id);
    const answer = SessionResponse.parse((await api.call('login', { body: { email: me.email, password: me.password } })).json).data;
    saveSession({ ...answer, expiresAt: new Date(Date.now() + 3600_000).toISOString(), customer: { ...answer.customer, IS_COMPANY: true, EXCLUDE_VAT: true } });
    expect(isAdmin.get()).toBe(true);
    expect(readSession()).toMatchObject({ isAdmin: true, isCompany: true, excludeVAT: true });
    clearSession();
    expect(getTestStorage()).toEqual({});
    expect(loggedIn.get()).toBe(false);
    expect(readSession()).toBeNull();
  });

  it('sessionEntries is what saveSession writes (browser tests seed storage with it)', () => {
    const answer = {
      token: 't',
      expiresAt: '2030-01-01T00:00:00.000Z',
      customer_id: 7,
      address_id: null,
      user_identifier: 'CUS000000007',
      customer: { EMAIL: 'a@b.de', IS_ADMIN: false, IS_COMPANY: true, EXCLUDE_VAT: false },
    };
    saveSession(answer);
    const { address_id, ...rest } = sessionEntries(answer);
    expect(address_id).toBe('');
    expect(getTestStorage()).toEqual(rest);
  });
});

describe('stored token', () => {
  it('is valid only with a token and a future ISO expiry', () => {
    const now = Date.parse('2026-06-01T10:00:00Z');
    const at = (ms: number) => JSON.stringify({ token: 'a', expiresAt: new Date(ms).toISOString() });
    expect(tokenValid(at(now + 1000), now)).toBe(true);
    expect(tokenValid(at(now - 1), now)).toBe(false);
    expect(tokenValid(JSON.stringify({ token: '', expiresAt: new Date(now + 1000).toISOString() }), now)).toBe(false);
    expect(tokenValid(JSON.stringify({ token: 'a', expiresAt: 'tomorrow' }), now)).toBe(false);
    expect(tokenValid('garbage', now)).toBe(false);
    expect(tokenValid('', now)).toBe(false);
  });
  it('a token without a customer id is no session', () => {
    setTestStorageKey('token', JSON.stringify({ token: 'a', expiresAt: new Date(Date.now() + 60_000).toISOString() }));
    expect(readSession()).toBeNull();
  });
});

describe('express data (spec §4: 30 minutes; setting a token clears it)', () => {
  it('lives 30 minutes', () => {
    const t0 = Date.parse('2026-06-01T10:00:00Z');
    saveExpress({ email: 'g@example.com' }, t0);
    expect(getTestStorage().user_express).toBe('true');
    expect(readExpress(t0 + EXPRESS_DATA_MS - 1)).toEqual({ email: 'g@example.com' });
    expect(readExpress(t0 + EXPRESS_DATA_MS)).toBeNull();
    expect(getTestStorage()).toEqual({});
  });
  it('is cleared by saveSession', () => {
    saveExpress({ email: 'g@example.com' });
    saveSession({
      token: 't',
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
      customer_id: 3,
      address_id: 4,
      user_identifier: 'U',
      customer: { EMAIL: 'a@b.de', IS_ADMIN: false, IS_COMPANY: false, EXCLUDE_VAT: false },
    });
    expect(readExpress()).toBeNull();
    expect(getTestStorage().user_express).toBeUndefined();
  });
});
