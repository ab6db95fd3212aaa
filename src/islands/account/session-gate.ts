/**
 * The pages only a logged-in shopper has (spec §2: /account and its order pages): without a
 * session, on to /login-register at once. Their islands call it, and so does /account's script
 * island (session-check.ts), so a visitor whose token has expired goes on once the page has
 * painted instead of after the island's code (React) has loaded. A visitor with no token at all
 * has gone on from the page's head already (components/account/SessionGate.astro).
 */
import { readSession, type StoredSession } from '../../stores/session.ts';

export function sessionOrLogin(): StoredSession | null {
  const session = readSession();
  if (!session) location.replace('/login-register');
  return session;
}
