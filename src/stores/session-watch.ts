/**
 * The token watcher (spec §4), started by the chrome on every page. Small and free of zod and the
 * API client: it only sets a timer from the stored token's expiry; the refresh code
 * (session-refresh.ts, with the client) loads when the timer fires. It restarts whenever the token
 * changes (a refresh, a login, another tab logging out).
 */
import { parseToken } from '../api/token.ts';
import { tokenRaw } from './session.ts';
import { nextSessionStep } from './session-timing.ts';

let timer: ReturnType<typeof setTimeout> | undefined;
/** The token whose refresh failed: it is kept until it expires. */
let failedToken: string | null = null;
let started = false;

// setTimeout takes at most 2^31-1 ms; longer waits are re-armed.
const MAX_DELAY = 2 ** 31 - 1;

function schedule(raw: string): void {
  clearTimeout(timer);
  const t = parseToken(raw);
  if (!t) return;
  const step = nextSessionStep(t.expiresAt, Date.now(), failedToken === t.token);
  timer = setTimeout(
    () => {
      if (tokenRaw.get() !== raw) return;
      if (step.inMs > MAX_DELAY) return schedule(raw);
      void import('./session-refresh.ts').then(async (m) => {
        if (step.action === 'expire') {
          m.expireSession();
          return onExpired();
        }
        const ok = await m.refreshSession();
        if (!ok && tokenRaw.get() === raw) {
          failedToken = t.token;
          schedule(raw);
        }
      });
    },
    Math.min(step.inMs, MAX_DELAY),
  );
}

let onExpired: () => void = () => {};

/** Starts the watcher once; `expired` tells the shopper ('Please login again') after an expiry logout. */
export function watchSession(expired: () => void): void {
  onExpired = expired;
  if (started) return;
  started = true;
  tokenRaw.subscribe(schedule);
}
