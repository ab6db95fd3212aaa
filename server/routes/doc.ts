/** GET /api/doc: the OpenAPI 3.1 document, generated from the contract table and its zod schemas. */
import type { Hono } from 'hono';
import { z } from 'zod';
import { ENDPOINTS, type Endpoint } from '../../src/api/contract/paths.ts';
import { ERRORS, ErrorResponse } from '../../src/api/contract/common.ts';
import type { Deps } from '../context.ts';

const json = (schema: z.core.$ZodType, io: 'input' | 'output') => z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;

export function openApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const error = json(ErrorResponse, 'output');
  for (const [key, e] of Object.entries(ENDPOINTS) as [string, Endpoint][]) {
    const path = e.path.replace(/:([A-Za-z]+)/g, '{$1}');
    const parameters: unknown[] = [...e.path.matchAll(/:([A-Za-z]+)/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
    if (e.query) {
      const schema = json(e.query, 'input') as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, s] of Object.entries(schema.properties ?? {})) parameters.push({ name, in: 'query', required: schema.required?.includes(name) ?? false, schema: s });
    }
    const responses: Record<string, unknown> = {
      '200': e.response
        ? { description: 'OK', content: { 'application/json': { schema: json(e.response, 'output') } } }
        : { description: e.produces === 'redirect' ? '303 redirect' : 'OK', content: e.produces && e.produces !== 'redirect' ? { [e.produces]: {} } : undefined },
      '4XX': { description: (e.errors ?? [ERRORS.invalidData]).join(' | '), content: { 'application/json': { schema: error } } },
    };
    const operation: Record<string, unknown> = {
      operationId: key,
      summary: e.summary,
      security: e.auth === 'customer' ? [{ bearer: [] }] : e.auth === 'cart' ? [{}, { bearer: [] }] : e.auth === 'operator' ? [{ operator: [] }] : [],
      parameters,
      responses,
    };
    if (e.body) {
      const schema = json(e.body, 'input');
      operation.requestBody = { required: true, content: { 'application/json': { schema }, 'application/x-www-form-urlencoded': { schema } } };
    }
    (paths[path] ??= {})[e.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Storefront shop API', version: '1.0.0', description: 'The shop API of the storefront (Thelia-compatible paths). See docs/api.md.' },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'Token from /api/login, /api/register or /api/refreshToken (6 hours)' },
        operator: { type: 'http', scheme: 'bearer', description: 'The operator token (API_OPERATOR_TOKEN) for /api/operator/*' },
      },
    },
    paths,
  };
}

export function registerDoc(app: Hono, _deps: Deps) {
  let cached: Record<string, unknown> | null = null;
  app.get('/api/doc', (c) => c.json((cached ??= openApiDocument())));
}
