/**
 * Settings of the shop API, from environment variables, with documented defaults (docs/api.md).
 */
import { z } from 'zod';
import { viesChecker, type VatChecker } from './lib/vat.ts';

export const DEV_SECRET = 'dev-only-secret-change-me-dev-only-secret';
/** Operator token used in development mode (NODE_ENV not 'production') when API_OPERATOR_TOKEN is not set. */
export const DEV_OPERATOR_TOKEN = 'dev-only-operator-token-change-me-dev-only';

/** "5:20,21;146:30" -> Map(5 => {20,21}, 146 => {30}) */
function parseZeroVat(text: string): Map<number, Set<number>> {
  const map = new Map<number, Set<number>>();
  for (const part of text
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [country, cats] = part.split(':');
    const countryId = Number(country);
    if (!Number.isInteger(countryId) || countryId <= 0 || cats === undefined)
      throw new Error(`API_ZERO_VAT_CATEGORIES: bad entry "${part}" (expected countryId:categoryId,categoryId)`);
    const ids = cats
      .split(',')
      .map((c) => Number(c.trim()))
      .filter((n) => Number.isInteger(n) && n > 0);
    map.set(countryId, new Set(ids));
  }
  return map;
}

export const ConfigSchema = z.object({
  /** Port of `npm run api`. */
  API_PORT: z.coerce.number().int().min(0).max(65535).default(4300),
  API_HOST: z.string().default('127.0.0.1'),
  /** SQLite database file; ':memory:' for a throw-away database. */
  API_DB: z.string().default('.cache/api/shop.sqlite'),
  /** The catalog export the database is loaded from. */
  API_EXPORT_DIR: z.string().default('export'),
  /** Signs tokens, guest invoice hashes and payment-page tokens. At least 32 characters. */
  API_SECRET: z.string().min(32, 'API_SECRET must be at least 32 characters').default(DEV_SECRET),
  /** Bearer token of the operator API (/api/operator/*). At least 32 characters. Without it: the
   *  development token in development mode, the operator API disabled in production. */
  API_OPERATOR_TOKEN: z.string().min(32, 'API_OPERATOR_TOKEN must be at least 32 characters').optional(),
  /** 'production' turns off development defaults (the operator token) and requires API_SECRET. */
  NODE_ENV: z.string().default('development'),
  /** Public origin of the shop (used in mails); the payment page redirects relative to the request. */
  API_PUBLIC_URL: z.string().default('http://localhost:4321'),
  /** Bank details printed on the transfer slip and encoded in the EPC QR code. */
  API_BANK_IBAN: z.string().default('DE89370400440532013000'),
  API_BANK_BIC: z.string().default('COBADEFFXXX'),
  API_BANK_NAME: z.string().default('Storefront Demo GmbH'),
  /** Where mails are written (one .eml file each); 'log' writes them to the log only. */
  MAIL_TRANSPORT: z.enum(['outbox', 'log']).default('outbox'),
  MAIL_OUTBOX: z.string().default('.cache/api/outbox'),
  MAIL_FROM: z.string().default('shop@localhost'),
  /** Zero-VAT categories per country: "countryId:catId,catId;countryId:catId". */
  API_ZERO_VAT_CATEGORIES: z.string().default(''),
  /** Default country (spec §9: Austria, 13). */
  API_DEFAULT_COUNTRY: z.coerce.number().int().positive().default(13),
  /** Goods value (gross, cents) from which parcel delivery is free; 0 disables. */
  API_FREE_SHIPPING_CENTS: z.coerce.number().int().min(0).default(10000),
  /** Wait after a failed payment before the same cart may pay again (spec §4: 2 minutes). */
  API_PAYMENT_RETRY_SECONDS: z.coerce.number().int().min(0).default(120),
  /** Sign-in throttling (login, changePassword, resetPassword): failures counted per account and per
   *  client address within the window. Beyond the free tries each further try waits twice as long
   *  as the one before (1 s, 2 s, 4 s ...), up to the maximum wait: slowed, never locked. */
  API_LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  API_LOGIN_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(15 * 60),
  API_LOGIN_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).default(60),
  API_CLIENT_MAX_FAILURES: z.coerce.number().int().min(1).default(20),
  API_CLIENT_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).default(300),
  /** '1': the client address is the last X-Forwarded-For entry (behind a proxy that sets it). */
  API_TRUST_PROXY: z.enum(['0', '1']).default('0'),
  /** Company VAT numbers: 'offline' (format and check digits) or 'vies' (the EU's VIES service, after the offline check). */
  API_VAT_CHECKER: z.enum(['offline', 'vies']).default('offline'),
  API_VIES_URL: z.string().default('https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number'),
  /** Token lifetime (spec §9: 6 hours). */
  API_TOKEN_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(6 * 3600),
  /** Request bodies above this size are refused with 413. */
  API_BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .default(64 * 1024),
  /** Log each request (method, path, status, ms). */
  API_LOG: z.enum(['0', '1']).default('0'),
});

export interface Config {
  port: number;
  host: string;
  dbFile: string;
  exportDir: string;
  secret: string;
  /** Bearer token of the operator API; null: operator API disabled (production without API_OPERATOR_TOKEN). */
  operatorToken: string | null;
  publicUrl: string;
  bank: { iban: string; bic: string; name: string };
  mail: { transport: 'outbox' | 'log'; outbox: string; from: string };
  zeroVatCategories: Map<number, Set<number>>;
  defaultCountryId: number;
  freeShippingCents: number;
  paymentRetrySeconds: number;
  tokenSeconds: number;
  loginMaxFailures: number;
  loginWindowSeconds: number;
  loginMaxDelaySeconds: number;
  clientMaxFailures: number;
  clientMaxDelaySeconds: number;
  trustProxy: boolean;
  vatCheckerName: 'offline' | 'vies';
  viesUrl: string;
  bodyLimit: number;
  log: boolean;
  /** Checks VAT numbers after the offline check: the VIES client when API_VAT_CHECKER=vies (tests plug in their own). */
  vatChecker?: VatChecker;
  /** Clock, for tests. */
  now?: () => number;
}

export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}): Config {
  const e = ConfigSchema.parse(Object.fromEntries(Object.entries(env).filter(([k, v]) => k in ConfigSchema.shape && v !== undefined && v !== '')));
  // the development secret is printed in the docs: in production it would let anyone sign tokens
  // and guest-invoice links, so production refuses to start without a secret of its own
  if (e.NODE_ENV === 'production' && e.API_SECRET === DEV_SECRET && !overrides.secret)
    throw new Error('API_SECRET is not set: in production (NODE_ENV=production) set API_SECRET to a random secret of at least 32 characters (e.g. `openssl rand -base64 48`)');
  return {
    port: e.API_PORT,
    host: e.API_HOST,
    dbFile: e.API_DB,
    exportDir: e.API_EXPORT_DIR,
    secret: e.API_SECRET,
    operatorToken: e.API_OPERATOR_TOKEN ?? (e.NODE_ENV === 'production' ? null : DEV_OPERATOR_TOKEN),
    publicUrl: e.API_PUBLIC_URL.replace(/\/$/, ''),
    bank: { iban: e.API_BANK_IBAN.replace(/\s/g, ''), bic: e.API_BANK_BIC, name: e.API_BANK_NAME },
    mail: { transport: e.MAIL_TRANSPORT, outbox: e.MAIL_OUTBOX, from: e.MAIL_FROM },
    zeroVatCategories: parseZeroVat(e.API_ZERO_VAT_CATEGORIES),
    defaultCountryId: e.API_DEFAULT_COUNTRY,
    freeShippingCents: e.API_FREE_SHIPPING_CENTS,
    paymentRetrySeconds: e.API_PAYMENT_RETRY_SECONDS,
    tokenSeconds: e.API_TOKEN_SECONDS,
    loginMaxFailures: e.API_LOGIN_MAX_FAILURES,
    loginWindowSeconds: e.API_LOGIN_WINDOW_SECONDS,
    loginMaxDelaySeconds: e.API_LOGIN_MAX_DELAY_SECONDS,
    clientMaxFailures: e.API_CLIENT_MAX_FAILURES,
    clientMaxDelaySeconds: e.API_CLIENT_MAX_DELAY_SECONDS,
    trustProxy: e.API_TRUST_PROXY === '1',
    vatCheckerName: e.API_VAT_CHECKER,
    viesUrl: e.API_VIES_URL,
    bodyLimit: e.API_BODY_LIMIT,
    log: e.API_LOG === '1',
    ...(e.API_VAT_CHECKER === 'vies' ? { vatChecker: viesChecker(e.API_VIES_URL) } : {}),
    ...overrides,
  };
}
