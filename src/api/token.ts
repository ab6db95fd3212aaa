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

/** Express (guest) checkout data (spec §3 `user_express_data`), stored with its time. */
export const EXPRESS_DATA_KEY = 'user_express_data';
/** Spec §9: express data lives 30 minutes. */
export const EXPRESS_DATA_MS = 30 * 60 * 1000;

/** The express data while younger than 30 minutes, else null (absent, malformed or too old). */
export function parseExpressData(raw: string, now: number): unknown {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as { savedAt?: unknown; data?: unknown };
    if (typeof parsed.savedAt === 'number' && now - parsed.savedAt < EXPRESS_DATA_MS && parsed.savedAt <= now) return parsed.data ?? null;
  } catch {
    // malformed
  }
  return null;
}

/** The express customer's token of the express data (`{token, expiresAt}` inside it), while both live. */
export function expressToken(data: unknown, now: number): { token: string; expiresAt: number } | null {
  if (!data || typeof data !== 'object') return null;
  const o = data as Record<string, unknown>;
  const t = typeof o.token === 'string' && typeof o.expiresAt === 'string' ? parseToken(JSON.stringify({ token: o.token, expiresAt: o.expiresAt })) : null;
  return t && t.expiresAt > now ? t : null;
}

const read = (key: string): string | null => {
  try {
    return globalThis.localStorage?.getItem(key) ?? '';
  } catch {
    return null;
  }
};

/**
 * The bearer token of a call: the logged-in customer's while it has not expired, else an express
 * (guest) customer's while its data lives (spec §4); null when neither (also when storage is blocked).
 */
export function storedBearer(now = Date.now()): string | null {
  const raw = read(TOKEN_KEY);
  if (raw === null) return null;
  const t = parseToken(raw);
  if (t && t.expiresAt > now) return t.token;
  return expressToken(parseExpressData(read(EXPRESS_DATA_KEY) ?? '', now), now)?.token ?? null;
}
