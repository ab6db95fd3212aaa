/**
 * Passwords (scrypt with a per-password salt) and tokens (HMAC-SHA256 signed, with expiry).
 *
 * Token: base64url(JSON {sub, v, iat, exp}) + "." + base64url(HMAC(secret, payload)). `v` is the
 * customer's token_version: changing the password bumps it and invalidates older tokens.
 */
import { createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const SCRYPT = { N: 16384, r: 8, p: 1, keylen: 32 } as const;

/** scrypt on libuv's thread pool: a login never blocks the other requests. */
function derive(password: string, salt: Buffer | string, keylen: number, N: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, keylen, { N, r: SCRYPT.r, p: SCRYPT.p, maxmem: 64 * 1024 * 1024 }, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, SCRYPT.keylen, SCRYPT.N);
  return `scrypt$${SCRYPT.N}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) {
    // same work as a real check, so timing does not tell whether the account exists
    await derive(password, 'no-account-salt', SCRYPT.keylen, SCRYPT.N);
    return false;
  }
  const [scheme, n, saltText, hashText] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !saltText || !hashText || !/^\d+$/.test(n) || Number(n) > 1 << 20) return false;
  const expected = Buffer.from(hashText, 'base64url');
  const actual = await derive(password, Buffer.from(saltText, 'base64url'), expected.length, Number(n));
  return timingSafeEqual(expected, actual);
}

export interface TokenPayload {
  sub: number;
  v: number;
  iat: number;
  exp: number;
}

function sign(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('base64url');
}

export function issueToken(secret: string, customerId: number, version: number, nowMs: number, lifetimeSeconds: number): { token: string; payload: TokenPayload } {
  const iat = Math.floor(nowMs / 1000);
  const payload: TokenPayload = { sub: customerId, v: version, iat, exp: iat + lifetimeSeconds };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return { token: `${body}.${sign(secret, 'token:' + body)}`, payload };
}

/** base64url without padding: the one encoding a token's parts may use. */
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** An HMAC-SHA256 in base64url: 32 bytes are exactly 43 characters. */
const MAC = /^[A-Za-z0-9_-]{43}$/;

/**
 * The payload of a well-signed, unexpired token, else null. Exactly one encoding is accepted
 * (base64url without padding): a signature re-encoded as standard base64, padded, or with stray
 * characters that a lenient decoder would skip is refused before it is compared, and the
 * comparison of the signature text is constant-time.
 */
export function verifyToken(secret: string, token: string, nowMs: number): TokenPayload | null {
  if (token.length > 1000) return null;
  const parts = token.split('.');
  if (parts.length !== 2) return null;
  const [body, mac] = parts as [string, string];
  if (!body || !BASE64URL.test(body) || !MAC.test(mac)) return null;
  if (!safeEqual(mac, sign(secret, 'token:' + body))) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TokenPayload;
    if (!Number.isSafeInteger(payload.sub) || !Number.isSafeInteger(payload.exp) || !Number.isSafeInteger(payload.v)) return null;
    if (payload.exp * 1000 <= nowMs) return null;
    return payload;
  } catch {
    return null;
  }
}

/** Guest invoice hash: HMAC of the order ref (unforgeable without the secret). */
export function guestInvoiceHash(secret: string, ref: string): string {
  return sign(secret, 'guest-invoice:' + ref).slice(0, 32);
}

/** Newsletter unsubscribe link signature: HMAC of the (normalised) e-mail; only our mails carry it. */
export function newsletterSignature(secret: string, email: string): string {
  return sign(secret, 'newsletter-unsubscribe:' + email).slice(0, 32);
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function randomToken(bytes = 24): string {
  return randomBytes(bytes).toString('base64url');
}
