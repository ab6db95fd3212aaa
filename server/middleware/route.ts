/**
 * Registers one endpoint of the contract table (src/api/contract/paths.ts): parses and validates
 * the body (JSON or form), the query and the path parameters with the endpoint's zod schemas,
 * resolves the bearer token, runs the handler and answers JSON. Bad input is a 400 with the
 * field reasons; nothing reaches a handler unvalidated.
 */
import type { Context, Hono } from 'hono';
import type * as z from 'zod/mini';
import { ENDPOINTS, type EndpointKey } from '../../src/api/contract/paths.ts';
import { ERRORS } from '../../src/api/contract/common.ts';
import { positiveId } from '../../src/api/contract/id.ts';
import type { Deps } from '../context.ts';
import { HttpError, type Issue } from '../lib/errors.ts';
import { bearer, isOperator, tokenCustomer, type CustomerRow } from './auth.ts';
import { readBody } from './body.ts';

export type { CustomerRow };

type E = (typeof ENDPOINTS)[EndpointKey];
type Out<T> = T extends z.ZodMiniType ? z.output<T> : Record<string, never>;
type BodyOf<K extends EndpointKey> = (typeof ENDPOINTS)[K] extends { body: infer B } ? Out<B> : Record<string, never>;
type QueryOf<K extends EndpointKey> = (typeof ENDPOINTS)[K] extends { query: infer Q } ? Out<Q> : Record<string, never>;

export interface RouteArgs<K extends EndpointKey> {
  c: Context;
  body: BodyOf<K>;
  query: QueryOf<K>;
  params: Record<string, string>;
  /** The token's customer: always set for auth 'customer', else when a valid token came along (never for 'operator'). */
  customer: CustomerRow | null;
  /** The client's address (throttling): the socket's peer, or with API_TRUST_PROXY=1 the last X-Forwarded-For entry. */
  client: string;
}

/** The client's address: the socket's peer; behind a trusted proxy the address it forwarded. */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req
      .header('x-forwarded-for')
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .pop();
    if (forwarded) return forwarded.slice(0, 64);
  }
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'unknown';
}

/** Messages of the contract that a validation issue may carry; they become the answer's message. */
const KNOWN = new Set<string>(Object.values(ERRORS));

export function zodIssues(error: z.core.$ZodError, prefix = ''): Issue[] {
  return error.issues.map((i) => ({ field: prefix + i.path.map(String).join('.'), message: i.message }));
}

export function invalid(issues: Issue[], fallback: string = ERRORS.invalidData): HttpError {
  const known = issues.find((i) => KNOWN.has(i.message));
  return new HttpError(400, known?.message ?? fallback, issues);
}

export function route<K extends EndpointKey>(
  app: Hono,
  deps: Deps,
  key: K,
  handler: (args: RouteArgs<K>) => unknown | Promise<unknown>,
  options: { invalidMessage?: string } = {},
): void {
  const endpoint = ENDPOINTS[key] as E;
  const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  // the app is not strict about a trailing slash; routes are registered without it
  const path = endpoint.path.length > 1 ? endpoint.path.replace(/\/$/, '') : endpoint.path;
  app[method](path, async (c) => {
    const token = bearer(c);
    if (endpoint.auth === 'operator' && !isOperator(deps, token)) throw new HttpError(401, ERRORS.operatorRequired, undefined, { 'WWW-Authenticate': 'Bearer realm="operator"' });
    const customer = endpoint.auth === 'operator' ? null : tokenCustomer(deps, token);
    if (endpoint.auth === 'customer' && !customer) throw new HttpError(401, token ? ERRORS.pleaseLoginAgain : ERRORS.loginRequired);
    let body: unknown = {};
    if ('body' in endpoint && endpoint.body) {
      const raw = await readBody(c);
      const parsed = (endpoint.body as z.ZodMiniType).safeParse(raw);
      if (!parsed.success) throw invalid(zodIssues(parsed.error), options.invalidMessage);
      body = parsed.data;
    }
    let query: unknown = {};
    if ('query' in endpoint && endpoint.query) {
      const parsed = (endpoint.query as z.ZodMiniType).safeParse(c.req.query());
      if (!parsed.success) throw invalid(zodIssues(parsed.error, 'query.'), options.invalidMessage);
      query = parsed.data;
    }
    const result = await handler({
      c,
      body: body as BodyOf<K>,
      query: query as QueryOf<K>,
      params: c.req.param() as Record<string, string>,
      customer,
      client: clientAddress(c, deps.config.trustProxy),
    });
    if (result instanceof Response) return result;
    return c.json(result as object, 200);
  });
}

/** A positive integer path parameter, else 400 (or the given error). */
export function idParam(value: string | undefined, error: HttpError = new HttpError(400, ERRORS.invalidData)): number {
  const n = value && /^\d+$/.test(value) ? positiveId(value) : null;
  if (n === null) throw error;
  return n;
}
