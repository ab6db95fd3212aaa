/**
 * Token session timing (spec §4, §9), pure: a token lives 6 hours; the watcher refreshes it at two
 * thirds of its life and restarts with the new one; a token whose refresh failed is kept until it
 * expires, then the shopper is logged out ('Please login again').
 */
import { isReturnLocation } from '../catalog/site-rules.ts';

export const TOKEN_LIFE_MS = 6 * 60 * 60 * 1000;
/** Refresh at two thirds of the life: 2 hours before the expiry of a 6-hour token. */
export const REFRESH_BEFORE_EXPIRY_MS = TOKEN_LIFE_MS / 3;

export type SessionStep = { action: 'refresh' | 'expire'; inMs: number };

/**
 * What the watcher does next for a token expiring at `expiresAt` (ms): refresh at two thirds of its
 * life (at once when that time has passed), or, once a refresh failed for this token, log out at
 * its expiry (at once when it has expired).
 */
export function nextSessionStep(expiresAt: number, now: number, refreshFailed = false): SessionStep {
  if (expiresAt <= now) return { action: 'expire', inMs: 0 };
  if (refreshFailed) return { action: 'expire', inMs: expiresAt - now };
  return { action: 'refresh', inMs: Math.max(0, expiresAt - REFRESH_BEFORE_EXPIRY_MS - now) };
}

/** Where the shopper goes after login or registration: the remembered path (same site only), else '/'. */
export function returnPath(stored: string | null | undefined): string {
  if (!stored?.startsWith('/') || stored.startsWith('//') || stored.startsWith('/\\')) return '/';
  const path = stored.split(/[?#]/)[0]!;
  return isReturnLocation(path) ? stored : '/';
}
