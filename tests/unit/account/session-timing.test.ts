import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REFRESH_BEFORE_EXPIRY_MS, TOKEN_LIFE_MS, nextSessionStep, returnPath } from '../../../src/stores/session-timing.ts';
import { isReturnLocation } from '../../../src/catalog/site-rules.ts';

const HOUR = 3_600_000;

describe('token timing (spec §4, §9)', () => {
  it('a 6-hour token is refreshed at two thirds of its life (after 4 hours)', () => {
    expect(TOKEN_LIFE_MS).toBe(6 * HOUR);
    const issued = Date.UTC(2026, 0, 1, 8);
    expect(nextSessionStep(issued + TOKEN_LIFE_MS, issued)).toEqual({ action: 'refresh', inMs: 4 * HOUR });
    expect(REFRESH_BEFORE_EXPIRY_MS).toBe(2 * HOUR);
  });
  it('past two thirds: refresh at once; expired: log out at once', () => {
    const exp = Date.UTC(2026, 0, 1, 14);
    expect(nextSessionStep(exp, exp - HOUR)).toEqual({ action: 'refresh', inMs: 0 });
    expect(nextSessionStep(exp, exp)).toEqual({ action: 'expire', inMs: 0 });
    expect(nextSessionStep(exp, exp + 1)).toEqual({ action: 'expire', inMs: 0 });
  });
  it('after a failed refresh the token is kept until it expires', () => {
    const exp = Date.UTC(2026, 0, 1, 14);
    expect(nextSessionStep(exp, exp - HOUR, true)).toEqual({ action: 'expire', inMs: HOUR });
  });
});

describe('return location (spec §4: the current path except login and forgot-password)', () => {
  it('remembers shop paths, not the login, logout or password pages', () => {
    for (const p of ['/', '/cart', '/kategorie-1.html', '/account', '/checkout']) expect(isReturnLocation(p)).toBe(true);
    for (const p of ['/login-register', '/login', '/forgot-password', '/forgot-password.html', '/logout']) expect(isReturnLocation(p)).toBe(false);
  });
  it('returns the stored path on this site only, else /', () => {
    expect(returnPath('/cart')).toBe('/cart');
    expect(returnPath('/search/saege?x=1')).toBe('/search/saege?x=1');
    expect(returnPath(null)).toBe('/');
    expect(returnPath('')).toBe('/');
    expect(returnPath('https://evil.example/')).toBe('/');
    expect(returnPath('//evil.example/')).toBe('/');
    expect(returnPath('/\\evil.example')).toBe('/');
    expect(returnPath('/login-register?tab=register')).toBe('/');
    expect(returnPath('/forgot-password?token=abc')).toBe('/');
  });
});

describe('the watcher with a fake clock', () => {
  const store = new Map<string, string>();
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.UTC(2026, 0, 1, 8));
    store.clear();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
      removeItem: (k: string) => store.delete(k),
      key: (i: number) => [...store.keys()][i] ?? null,
      get length() {
        return store.size;
      },
      clear: () => store.clear(),
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('refreshes at 4 hours and restarts with the new token; a failed refresh logs out at expiry', async () => {
    const refresh = vi.fn<() => Promise<boolean>>();
    const expire = vi.fn();
    vi.doMock('../../../src/stores/session-refresh.ts', () => ({ refreshSession: refresh, expireSession: expire }));
    const session = await import('../../../src/stores/session.ts');
    const { watchSession } = await import('../../../src/stores/session-watch.ts');
    const expired = vi.fn();
    const token = (name: string, ms: number) => JSON.stringify({ token: name, expiresAt: new Date(Date.now() + ms).toISOString() });
    session.tokenRaw.set(token('t1', 6 * HOUR));
    refresh.mockImplementation(async () => {
      session.tokenRaw.set(token('t2', 6 * HOUR));
      return true;
    });
    watchSession(expired);
    await vi.advanceTimersByTimeAsync(4 * HOUR - 1000);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(refresh).toHaveBeenCalledTimes(1);
    // the new token is watched: its refresh is 4 hours later; this time it fails
    refresh.mockResolvedValue(false);
    await vi.advanceTimersByTimeAsync(4 * HOUR);
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(expire).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2 * HOUR);
    expect(expire).toHaveBeenCalledTimes(1);
    expect(expired).toHaveBeenCalledTimes(1);
  });
});
