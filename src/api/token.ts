/**
 * The stored API token (spec §3: `token` in localStorage, `{"token", "expiresAt": ISO}`), read
 * where the API client needs it. Below the stores on purpose: the session store
 * (stores/session.ts) writes it and reads it through the same parser, and the client does not
 * import a store (the stores import the client). Zod-free: the chrome imports the parser.
 */
export const TOKEN_KEY = 'token';

/** The token and its expiry (ms) from the stored `token` value, or null when absent or malformed. */
export function parseToken(raw: string): { token: string; expiresAt: number } | null {
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { token, expiresAt } = parsed as Record<string, unknown>;
  if (typeof token !== 'string' || token.length === 0 || typeof expiresAt !== 'string') return null;
  const ms = Date.parse(expiresAt);
  return Number.isFinite(ms) ? { token, expiresAt: ms } : null;
}

/** The stored token while it has not expired, else null (also when storage is blocked). */
export function storedBearer(now = Date.now()): string | null {
  let raw = '';
  try {
    raw = globalThis.localStorage?.getItem(TOKEN_KEY) ?? '';
  } catch {
    return null;
  }
  const t = parseToken(raw);
  return t && t.expiresAt > now ? t.token : null;
}
