/**
 * Sign-in throttling (login, changePassword, resetPassword), stored in SQLite (survives restarts,
 * shared by every instance on the database file). Failures are counted per key within a sliding
 * window (API_LOGIN_WINDOW_SECONDS): per account (`account:<e-mail>`) and per client address
 * (`client:<address>`), so a password spray over many accounts from one address is slowed too.
 *
 * Slow down, never lock out: the first `free` failures of a key cost nothing; after that each try
 * must wait 1 s, 2 s, 4 s ... after the key's last one, at most `maxDelay` seconds
 * (API_LOGIN_MAX_DELAY_SECONDS per account, API_CLIENT_MAX_DELAY_SECONDS per address). So an
 * attacker gets about one guess per account a minute, and the real owner, trying from another
 * address, waits at most a minute, never the whole window.
 *
 * A login attempt is recorded *before* the password is checked (one IMMEDIATE transaction with the
 * count, so parallel requests cannot slip past while scrypt runs); a success forgives the
 * account's failures and its own attempt. Attempts refused with 429 are not recorded. Everything
 * here is a few indexed SQLite statements: cheap before expensive.
 */
import { tooManyLoginsMessage } from '../../src/api/contract/common.ts';
import type { Deps } from '../context.ts';
import { transaction } from '../db/open.ts';
import { HttpError } from '../lib/errors.ts';

export interface ThrottleKey {
  key: string;
  /** Failures within the window that cost nothing. */
  free: number;
  /** Longest wait between two tries, seconds. */
  maxDelaySeconds: number;
}

export const accountKey = (deps: Deps, email: string): ThrottleKey => ({
  key: `account:${email.trim().toLowerCase()}`,
  free: deps.config.loginMaxFailures,
  maxDelaySeconds: deps.config.loginMaxDelaySeconds,
});
export const clientKey = (deps: Deps, address: string): ThrottleKey => ({
  key: `client:${address}`,
  free: deps.config.clientMaxFailures,
  maxDelaySeconds: deps.config.clientMaxDelaySeconds,
});

/** The wait (ms) before the key may try again, 0 when it may try now. */
function waitMs(deps: Deps, k: ThrottleKey, now: number, windowMs: number): number {
  const row = deps.sql('SELECT COUNT(*) AS n, MAX(at) AS last FROM login_failure WHERE email = ? AND at > ?').get(k.key, now - windowMs) as { n: number; last: number | null };
  if (row.n < k.free || row.last === null) return 0;
  const delayMs = Math.min(k.maxDelaySeconds, 2 ** Math.min(30, row.n - k.free)) * 1000;
  return Math.max(0, row.last + delayMs - now);
}

function tooMany(ms: number): HttpError {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return new HttpError(429, tooManyLoginsMessage(minutes), undefined, { 'Retry-After': String(Math.max(1, Math.ceil(ms / 1000))) });
}

/** Throws 429 while any key must still wait; records nothing. */
export function checkThrottle(deps: Deps, keys: readonly ThrottleKey[]): void {
  const now = deps.now();
  const windowMs = deps.config.loginWindowSeconds * 1000;
  const wait = Math.max(0, ...keys.map((k) => waitMs(deps, k, now, windowMs)));
  if (wait > 0) throw tooMany(wait);
}

/**
 * Records an attempt (or a failure) for every key, or throws 429 while any key must wait.
 * Returns the rows written, so a success can take its own attempt back (`forgive`).
 */
export function recordAttempt(deps: Deps, keys: readonly ThrottleKey[]): number[] {
  const now = deps.now();
  const windowMs = deps.config.loginWindowSeconds * 1000;
  return transaction(deps.db, () => {
    deps.sql('DELETE FROM login_failure WHERE at <= ?').run(now - windowMs);
    const wait = Math.max(0, ...keys.map((k) => waitMs(deps, k, now, windowMs)));
    if (wait > 0) throw tooMany(wait);
    return keys.map((k) => Number(deps.sql('INSERT INTO login_failure (email, at) VALUES (?, ?)').run(k.key, now).lastInsertRowid));
  });
}

/** A success: the account's failures are forgiven, and this attempt's own rows. */
export function forgive(deps: Deps, account: ThrottleKey | null, rows: readonly number[]): void {
  transaction(deps.db, () => {
    if (account) deps.sql('DELETE FROM login_failure WHERE email = ?').run(account.key);
    for (const id of rows) deps.sql('DELETE FROM login_failure WHERE id = ?').run(id);
  });
}
