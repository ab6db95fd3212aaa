/**
 * The user session (spec §3 user state and stored client-side values, §4 token session).
 *
 * One writer and one reader: `saveSession(answer)` stores a login/register/refreshToken answer of
 * the shop API (the contract's `Session`: `expiresAt` is an ISO date-time) under the spec's
 * localStorage names; `readSession()` reads it back; `clearSession()` removes it. Nothing else
 * writes these keys. Persistent nanostores keep every tab in step (logging out in one tab logs
 * out the others).
 *
 * Kept free of zod so that the chrome (every page) can import `loggedIn`/`isAdmin` cheaply: the
 * stored values are checked by hand below.
 */
import { computed } from 'nanostores';
import { positiveId } from '../api/contract/id.ts';
import { expressToken, parseExpressData, parseToken, TOKEN_KEY } from '../api/token.ts';
import { storedString } from './stored.ts';
import { excludeVAT, isCompany } from './country.ts';

/** `{"token": "...", "expiresAt": "<ISO date-time>"}` (spec §3: jwt token with expiry). */
export const tokenRaw = storedString(TOKEN_KEY);
export const isAdminRaw = storedString('isAdmin');
export const customerIdRaw = storedString('customer_id');
export const userIdentifierRaw = storedString('user_identifier');
export const addressIdRaw = storedString('address_id');
/** The customer's e-mail: the token refresh sends it with the customer id (spec §5). */
export const emailRaw = storedString('email');
/** Express (guest) checkout: `user_express` 'true' and its data, kept 30 minutes (spec §4, §9). */
export const userExpressRaw = storedString('user_express');
export const userExpressDataRaw = storedString('user_express_data');

/** What a login, register or refreshToken answer carries (the contract's `Session`, structurally). */
export interface SessionAnswer {
  token: string;
  expiresAt: string;
  customer_id: number;
  address_id: number | null;
  user_identifier: string;
  customer: { EMAIL: string; IS_ADMIN: boolean; IS_COMPANY: boolean; EXCLUDE_VAT: boolean };
}

/** The stored session as the islands use it. */
export interface StoredSession {
  token: string;
  /** Expiry, ms since the epoch. */
  expiresAt: number;
  customerId: number;
  userIdentifier: string;
  email: string;
  addressId: number | null;
  isAdmin: boolean;
  isCompany: boolean;
  excludeVAT: boolean;
}

/** Logged in: a stored token whose expiry lies in the future. */
export function tokenValid(raw: string, now = Date.now()): boolean {
  const t = parseToken(raw);
  return t !== null && t.expiresAt > now;
}

/**
 * The stored values for an API session answer, under the spec's names. Pure: `saveSession` writes
 * exactly these, and browser tests use it to seed a page's storage the same way.
 */
export type SessionEntries = Record<'token' | 'customer_id' | 'user_identifier' | 'address_id' | 'email' | 'isAdmin' | 'isCompany' | 'excludeVAT', string>;

export function sessionEntries(answer: SessionAnswer): SessionEntries {
  // in the order they are written: the token last, so another tab is logged in only once the
  // customer id and flags are there (a token before the id would look like a second customer)
  return {
    customer_id: String(answer.customer_id),
    user_identifier: answer.user_identifier,
    address_id: answer.address_id === null ? '' : String(answer.address_id),
    email: answer.customer.EMAIL,
    isAdmin: String(answer.customer.IS_ADMIN),
    isCompany: String(answer.customer.IS_COMPANY),
    excludeVAT: String(answer.customer.EXCLUDE_VAT),
    token: JSON.stringify({ token: answer.token, expiresAt: answer.expiresAt }),
  };
}

/** Stores a login/register/refresh answer. Setting a token clears express data (spec §4). */
export function saveSession(answer: SessionAnswer): void {
  const e = sessionEntries(answer);
  clearExpress();
  customerIdRaw.set(e.customer_id);
  userIdentifierRaw.set(e.user_identifier);
  addressIdRaw.set(e.address_id);
  emailRaw.set(e.email);
  isAdminRaw.set(e.isAdmin);
  isCompany.set(e.isCompany);
  excludeVAT.set(e.excludeVAT);
  // last: the token makes the shopper logged in, by then everything else is in place
  tokenRaw.set(e.token);
}

/** The stored session, or null when not logged in (no token, malformed, expired, or no customer id). */
export function readSession(now = Date.now()): StoredSession | null {
  const t = parseToken(tokenRaw.get());
  const customerId = positiveId(customerIdRaw.get());
  if (!t || t.expiresAt <= now || customerId === null) return null;
  return {
    token: t.token,
    expiresAt: t.expiresAt,
    customerId,
    userIdentifier: userIdentifierRaw.get(),
    email: emailRaw.get(),
    addressId: positiveId(addressIdRaw.get()),
    isAdmin: isAdminRaw.get() === 'true',
    isCompany: isCompany.get() === 'true',
    excludeVAT: excludeVAT.get() === 'true',
  };
}

/** Ends the session: token, identifiers and the session's VAT flags removed (spec §4 logout/expiry). */
export function clearSession(): void {
  tokenRaw.set('');
  customerIdRaw.set('');
  userIdentifierRaw.set('');
  addressIdRaw.set('');
  emailRaw.set('');
  isAdminRaw.set('');
  isCompany.set('');
  excludeVAT.set('');
}

/** Express (guest) customer data, stored with its time so that it lives 30 minutes. */
export function saveExpress(data: unknown, now = Date.now()): void {
  userExpressRaw.set('true');
  userExpressDataRaw.set(JSON.stringify({ savedAt: now, data }));
}

/** The express data while younger than 30 minutes, else null (and removed). */
export function readExpress(now = Date.now()): unknown {
  const raw = userExpressDataRaw.get();
  const data = parseExpressData(raw, now);
  if (data === null && raw) clearExpress();
  return data;
}

/** The express (guest) customer's API session kept in the express data: token, ids, e-mail. */
export interface ExpressSession {
  token: string;
  expiresAt: string;
  customerId: number;
  addressId: number | null;
  email: string;
  /** What the address the guest registered with looked like (a changed address is added anew). */
  addressKey: string;
  /** Who the guest registered as ('' private; a company by name, VAT number and wish: checkout-rules buyerKey). */
  buyerKey: string;
  /** The express customer buys without VAT (the API's EXCLUDE_VAT): its cart may be priced net. */
  excludeVat: boolean;
}

/** The express session while the express data lives (30 minutes) and its token is valid, else null. */
export function readExpressSession(now = Date.now()): ExpressSession | null {
  const data = readExpress(now);
  if (!data || typeof data !== 'object') return null;
  const o = data as Record<string, unknown>;
  const t = expressToken(data, now);
  const customerId = typeof o.customerId === 'number' && Number.isInteger(o.customerId) && o.customerId > 0 ? o.customerId : null;
  if (!t || customerId === null) return null;
  const addressId = typeof o.addressId === 'number' && o.addressId > 0 ? o.addressId : null;
  return {
    token: t.token,
    expiresAt: String(o.expiresAt),
    customerId,
    addressId,
    email: typeof o.email === 'string' ? o.email : '',
    addressKey: typeof o.addressKey === 'string' ? o.addressKey : '',
    buyerKey: typeof o.buyerKey === 'string' ? o.buyerKey : '',
    excludeVat: o.excludeVat === true,
  };
}

export function clearExpress(): void {
  userExpressRaw.set('');
  userExpressDataRaw.set('');
}

export const loggedIn = computed(tokenRaw, (raw) => tokenValid(raw));
export const isAdmin = computed([tokenRaw, isAdminRaw], (raw, admin) => tokenValid(raw) && admin === 'true');
