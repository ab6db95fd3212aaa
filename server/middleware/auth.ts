/** Bearer tokens: the customer a request speaks for (see server/lib/auth.ts for the token format). */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import type { Deps } from '../context.ts';
import { verifyToken } from '../lib/auth.ts';
import type { CustomerRow } from '../db/rows.ts';

export type { CustomerRow };

export function bearer(c: Context): string | null {
  const header = c.req.header('authorization');
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return m ? m[1]! : null;
}

/** The customer of a valid token, or null (no token, bad signature, expired, password changed). */
export function tokenCustomer(deps: Deps, token: string | null): CustomerRow | null {
  if (!token) return null;
  const payload = verifyToken(deps.config.secret, token, deps.now());
  if (!payload) return null;
  const row = deps.sql('SELECT * FROM customer WHERE id = ?').get(payload.sub) as CustomerRow | undefined;
  if (!row || row.token_version !== payload.v) return null;
  return row;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Is the request's bearer the operator token? Constant time: both sides are hashed to the same
 *  length first, so neither the content nor the length of the token leaks through timing. */
export function isOperator(deps: Deps, token: string | null): boolean {
  const expected = deps.config.operatorToken;
  if (!expected || !token) return false;
  return timingSafeEqual(digest(token), digest(expected));
}
