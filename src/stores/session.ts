/**
 * What the header needs of the user session (spec §3 user state): logged in when a token with an
 * unexpired `expiresAt` is stored under `token`; an administrator when `isAdmin` is 'true'.
 * The token is `{"token": "...", "expiresAt": <ms epoch>}` JSON (the session issue owns writing it).
 */
import { computed } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';

export const tokenRaw = persistentAtom<string>('token', '');
export const isAdminRaw = persistentAtom<string>('isAdmin', '');
/** The logged-in customer's id (spec §3 stored `customer_id`; the session issue writes it at login). */
export const customerIdRaw = persistentAtom<string>('customer_id', '');

export function tokenValid(raw: string, now = Date.now()): boolean {
  if (!raw) return false;
  try {
    const parsed = JSON.parse(raw) as { token?: unknown; expiresAt?: unknown };
    return typeof parsed.token === 'string' && parsed.token.length > 0 && Number(parsed.expiresAt) > now;
  } catch {
    return false;
  }
}

export const loggedIn = computed(tokenRaw, (raw) => tokenValid(raw));
export const isAdmin = computed([tokenRaw, isAdminRaw], (raw, admin) => tokenValid(raw) && admin === 'true');
