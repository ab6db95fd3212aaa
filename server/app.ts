/**
 * The shop API as a Hono app, built from a database and the settings. No listening here
 * (server/main.ts does that), so tests call `app.request()` directly.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { DatabaseSync } from 'node:sqlite';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ERRORS } from '../src/api/contract/common.ts';
import type { Config } from './config.ts';
import { createDeps, type Deps } from './context.ts';
import { HttpError } from './lib/errors.ts';
import { createMailer, type Mailer } from './lib/mail.ts';
import { registerCart } from './routes/cart.ts';
import { registerCustomer } from './routes/customer.ts';
import { registerAddress } from './routes/address.ts';
import { registerDelivery } from './routes/delivery.ts';
import { registerPayment } from './routes/payment.ts';
import { registerOrder } from './routes/order.ts';
import { registerCatalog } from './routes/catalog.ts';
import { registerComments } from './routes/comments.ts';
import { registerDoc } from './routes/doc.ts';

export interface AppOptions {
  mail?: Mailer;
  log?: (line: string) => void;
}

export function createApp(db: DatabaseSync, config: Config, options: AppOptions = {}): { app: Hono; deps: Deps } {
  const log = options.log ?? ((line: string) => console.log(`[api] ${line}`));
  const deps = createDeps(db, config, options.mail ?? createMailer(config.mail, log), log);
  // strict: false -> '/api/ExternalOrderApi/order' and '.../order/' are the same route
  const app = new Hono({ strict: false });

  if (config.log) {
    app.use('*', async (c, next) => {
      const started = performance.now();
      await next();
      log(`${c.req.method} ${c.req.path} ${c.res.status} ${(performance.now() - started).toFixed(1)}ms`);
    });
  }
  app.use('/api/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
    c.header('X-Content-Type-Options', 'nosniff');
  });
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: config.bodyLimit,
      onError: (c) => c.json({ status_code: 413, status: ERRORS.bodyTooLarge, message: ERRORS.bodyTooLarge }, 413),
    }),
  );

  registerCart(app, deps);
  registerCustomer(app, deps);
  registerAddress(app, deps);
  registerDelivery(app, deps);
  registerPayment(app, deps);
  registerOrder(app, deps);
  registerCatalog(app, deps);
  registerComments(app, deps);
  registerDoc(app, deps);

  app.notFound((c) => c.json({ status_code: 404, status: ERRORS.notFound, message: ERRORS.notFound }, 404));
  app.onError((error, c) => {
    if (error instanceof HttpError) {
      return c.json({ status_code: error.status, status: error.message, message: error.message, ...(error.issues ? { issues: error.issues } : {}) }, error.status as ContentfulStatusCode);
    }
    if (error instanceof HTTPException) {
      const status = error.status;
      const message = status === 413 ? ERRORS.bodyTooLarge : status < 500 ? ERRORS.invalidData : ERRORS.unknown;
      return c.json({ status_code: status, status: message, message }, status as ContentfulStatusCode);
    }
    // a malformed percent-encoding in a path or query reaches here as URIError: still bad input
    if (error instanceof URIError) return c.json({ status_code: 400, status: ERRORS.invalidData, message: ERRORS.invalidData }, 400);
    log(`error on ${c.req.method} ${c.req.path}: ${(error as Error).stack ?? String(error)}`);
    return c.json({ status_code: 500, status: ERRORS.unknown, message: ERRORS.unknown }, 500);
  });
  return { app, deps };
}
