/**
 * The browser's shop API client: every call is built from the contract's table (ENDPOINTS,
 * pathFor) and its answer parsed with the contract's zod schema, so a call cannot drift from
 * the server. Failures are one error type:
 * - the network failing, a 5xx, or an answer that does not match the contract -> ApiError of kind
 *   'connection' carrying the spec §8 server-connection text;
 * - an error answer (4xx) -> ApiError of kind 'server' carrying the server's message
 *   (e.g. 'Cart not found').
 * Loaded only with the modules that call the API (after an interaction), never up front.
 */
import type * as z from 'zod/mini';
import { ENDPOINTS, ErrorResponse, pathFor, type EndpointKey } from './contract/paths.ts';
import { m } from '../i18n/generated/messages.js';
import { storedBearer } from './token.ts';

export type ApiErrorKind = 'connection' | 'server';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** HTTP status; 0 when no answer came. */
  readonly status: number;
  /** The server's text of an error answer ('Cart not found'), else null. */
  readonly serverMessage: string | null;
  /** Field-level reasons of a refused request ({ field: 'address.zipcode', message: 'Invalid postal format' }). */
  issues: { field: string; message: string }[] = [];
  constructor(kind: ApiErrorKind, message: string, status = 0, serverMessage: string | null = null, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

/** Spec §8: 'There was an error connecting to the server. Please try again later.' in the shop's language. */
export const connectionErrorText = (): string => m.catalog_serverError();

type Ep = (typeof ENDPOINTS)[EndpointKey];
type ResponseOf<K extends EndpointKey> = (typeof ENDPOINTS)[K]['response'] extends z.ZodMiniType ? z.output<(typeof ENDPOINTS)[K]['response']> : never;
type BodyOf<K extends EndpointKey> = (typeof ENDPOINTS)[K] extends { body: z.ZodMiniType } ? z.input<(typeof ENDPOINTS)[K]['body']> : never;

export interface CallOptions<K extends EndpointKey> {
  body?: BodyOf<K>;
  params?: Record<string, string | number>;
  query?: Record<string, string | number | undefined>;
  /** Default 15 s: a call that never answers fails like a network error. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** One call of the shop API; resolves with the parsed 200 answer or rejects with an ApiError. */
export async function call<K extends EndpointKey>(key: K, options: CallOptions<K> = {}): Promise<ResponseOf<K>> {
  const ep: Ep = ENDPOINTS[key];
  let url = pathFor(key, options.params);
  if (options.query) {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(options.query)) if (v !== undefined) q.set(k, String(v));
    const s = q.toString();
    if (s) url += `?${s}`;
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const token = storedBearer();
  if (token) headers.authorization = `Bearer ${token}`;
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 15_000);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

  let response: Response;
  try {
    response = await fetch(url, { method: ep.method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body), signal, credentials: 'same-origin' });
  } catch (cause) {
    throw new ApiError('connection', connectionErrorText(), 0, null, { cause });
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch (cause) {
    throw new ApiError('connection', connectionErrorText(), response.status, null, { cause });
  }
  if (!response.ok) {
    const error = ErrorResponse.safeParse(json);
    if (response.status >= 500 || !error.success) throw new ApiError('connection', connectionErrorText(), response.status, error.success ? error.data.message : null);
    const refused = new ApiError('server', error.data.message, response.status, error.data.message);
    refused.issues = error.data.issues ?? [];
    throw refused;
  }
  const schema = ep.response;
  if (!schema) throw new ApiError('connection', connectionErrorText(), response.status);
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    console.warn(`api: the ${key} answer does not match the contract`, parsed.error.issues);
    throw new ApiError('connection', connectionErrorText(), response.status, null, { cause: parsed.error });
  }
  return parsed.data as ResponseOf<K>;
}
