/** Bearer tokens: the customer a request speaks for (see server/lib/auth.ts for the token format). */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import type { Deps } from '../context.ts';
import { verifyToken } from '../lib/auth.ts';

export interface CustomerRow {
  id: number;
  ref: string;
  email: string;
  password_hash: string | null;
  title: number;
  firstname: string;
  lastname: string;
  company: string | null;
  vat_number: string | null;
  is_company: number;
  exclude_vat: number;
  express: number;
  is_admin: number;
  locale: string | null;
  default_address_id: number | null;
  token_version: number;
  created_at: string;
}

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
