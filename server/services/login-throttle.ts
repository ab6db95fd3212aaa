/**
 * Login throttling per e-mail, stored in SQLite (survives restarts, shared by every instance on
 * the database file). Each attempt is recorded *before* the password is checked, in one IMMEDIATE
 * transaction with the count, so parallel requests cannot slip past the limit while scrypt runs;
 * a successful login deletes the e-mail's rows (the counter starts again). Sliding window: with
 * `loginMaxFailures` attempts in the last `loginWindowSeconds`, further attempts get 429 until the
 * oldest of them leaves the window. Attempts refused with 429 are not recorded.
 */
import { tooManyLoginsMessage } from '../../src/api/contract/common.ts';
import type { Deps } from '../context.ts';
import { transaction } from '../db/open.ts';
import { HttpError } from '../lib/errors.ts';

/** Records an attempt for the e-mail, or throws 429 while it is locked. */
export function recordLoginAttempt(deps: Deps, email: string): void {
  const now = deps.now();
  const windowMs = deps.config.loginWindowSeconds * 1000;
  const max = deps.config.loginMaxFailures;
  transaction(deps.db, () => {
    deps.sql('DELETE FROM login_failure WHERE at <= ?').run(now - windowMs);
    const recent = deps.sql('SELECT at FROM login_failure WHERE email = ? ORDER BY at DESC LIMIT ?').all(email, max) as { at: number }[];
    if (recent.length >= max) {
      const retryMs = recent[max - 1]!.at + windowMs - now;
      const minutes = Math.max(1, Math.ceil(retryMs / 60_000));
      throw new HttpError(429, tooManyLoginsMessage(minutes), undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryMs / 1000))) });
    }
    deps.sql('INSERT INTO login_failure (email, at) VALUES (?, ?)').run(email, now);
  });
}

/** A successful login: the e-mail's counter starts again. */
export function resetLoginAttempts(deps: Deps, email: string): void {
  deps.sql('DELETE FROM login_failure WHERE email = ?').run(email);
}
