/**
 * The token refresh and the expiry logout (spec §4, §5, §8), loaded by the watcher
 * (session-watch.ts) only when its timer fires.
 * - refresh: POST /api/refreshToken with the stored customer id and e-mail and the bearer token;
 *   the answer is stored (saveSession), which restarts the watcher. Without a stored customer id or
 *   e-mail: 'Missing customer_id or email in local storage' (logged). A failed refresh is only
 *   logged ('Failed to refresh token').
 * - expiry: the token and identifiers removed: the shopper is logged out.
 */
import { call } from '../api/client.ts';
import { clearSession, customerIdRaw, emailRaw, saveSession } from './session.ts';

export const MISSING_REFRESH_DATA = 'Missing customer_id or email in local storage';
export const REFRESH_FAILED = 'Failed to refresh token';

export async function refreshSession(): Promise<boolean> {
  const customerId = Number(customerIdRaw.get());
  const email = emailRaw.get();
  if (!(Number.isInteger(customerId) && customerId > 0) || !email) {
    console.error(MISSING_REFRESH_DATA);
    return false;
  }
  try {
    const answer = await call('refreshToken', { body: { customer_id: customerId, email } });
    saveSession(answer.data);
    return true;
  } catch (error) {
    console.error(REFRESH_FAILED, error);
    return false;
  }
}

/** At expiry: the token and identifiers removed (logged out; the watcher's caller says 'Please login again'). */
export function expireSession(): void {
  clearSession();
}
