/**
 * Error mapping: an HttpError becomes its status with `{ status_code, status, message, issues? }`;
 * Hono's own exceptions and malformed URLs are bad input (4xx); a client that closed the connection
 * mid-request is one log line (`aborted request: ...`, no stack, no 5xx); anything else is a bug,
 * logged, and answered 500 'Unknown error' without details.
 */
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ERRORS } from '../../src/api/contract/common.ts';
import { HttpError } from '../lib/errors.ts';

export const notFoundHandler: NotFoundHandler = (c: Context) => c.json({ status_code: 404, status: ERRORS.notFound, message: ERRORS.notFound }, 404);

/** Node's request stream fails with 'aborted' (ECONNRESET) when the client goes away mid-request. */
export function isClientAbort(error: unknown, c: Context): boolean {
  const e = error as { code?: unknown; message?: unknown; name?: unknown } | null;
  if (c.req.raw.signal?.aborted) return true;
  const incoming = (c.env as { incoming?: { aborted?: boolean; destroyed?: boolean } } | undefined)?.incoming;
  if (incoming?.aborted) return true;
  return !!e && (e.name === 'AbortError' || (e.code === 'ECONNRESET' && e.message === 'aborted'));
}

/**
 * Why a request was answered with one of the contract's errors: its message and the fields of its
 * issues, never their values (no customer data in the log). The request log (API_LOG=1) adds it.
 */
const reasons = new WeakMap<Request, string>();
export const rejectionOf = (request: Request): string | undefined => reasons.get(request);

export function errorHandler(log: (line: string) => void): ErrorHandler {
  return (error, c) => {
    if (error instanceof HttpError) {
      const fields = [...new Set((error.issues ?? []).map((i) => i.field || '(body)'))];
      reasons.set(c.req.raw, `${error.message}${fields.length ? ` (${fields.join(', ')})` : ''}`);
      for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
      return c.json(
        { status_code: error.status, status: error.message, message: error.message, ...(error.issues ? { issues: error.issues } : {}) },
        error.status as ContentfulStatusCode,
      );
    }
    if (error instanceof HTTPException) {
      const status = error.status;
      const message = status === 413 ? ERRORS.bodyTooLarge : status < 500 ? ERRORS.invalidData : ERRORS.unknown;
      return c.json({ status_code: status, status: message, message }, status as ContentfulStatusCode);
    }
    // a malformed percent-encoding in a path or query reaches here as URIError: still bad input
    if (error instanceof URIError) return c.json({ status_code: 400, status: ERRORS.invalidData, message: ERRORS.invalidData }, 400);
    // the client closed the connection while its request was read: not a server error, and a cheap
    // way to flood the log if it were logged with a stack
    if (isClientAbort(error, c)) {
      log(`aborted request: ${c.req.method} ${c.req.path} (the client closed the connection)`);
      return c.body(null, 499 as ContentfulStatusCode);
    }
    log(`error on ${c.req.method} ${c.req.path}: ${(error as Error).stack ?? String(error)}`);
    return c.json({ status_code: 500, status: ERRORS.unknown, message: ERRORS.unknown }, 500);
  };
}
