/**
 * The shop API as a Hono app, built from a database and the settings. No listening here
 * (server/main.ts does that), so tests call `app.request()` directly.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { DatabaseSync } from 'node:sqlite';
import { ERRORS } from '../src/api/contract/common.ts';
import type { Config } from './config.ts';
import { createDeps, type Deps } from './context.ts';
import { errorHandler, notFoundHandler, rejectionOf } from './middleware/errors.ts';
import { createMailer, type Mailer } from './lib/mail.ts';
import { registerCart } from './routes/cart.ts';
import { registerCustomer } from './routes/customer.ts';
import { registerNewsletter } from './routes/newsletter.ts';
import { registerAddress } from './routes/address.ts';
import { registerDelivery } from './routes/delivery.ts';
import { registerPayment } from './routes/payment.ts';
import { registerOrder } from './routes/order.ts';
import { registerCatalog } from './routes/catalog.ts';
import { registerComments } from './routes/comments.ts';
import { registerOperator } from './routes/operator.ts';
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
      const why = rejectionOf(c.req.raw);
      log(`${c.req.method} ${c.req.path} ${c.res.status} ${(performance.now() - started).toFixed(1)}ms${why ? `: ${why}` : ''}`);
    });
  }
  app.use('/api/*', async (c, next) => {
    const started = performance.now();
    await next();
    // time spent in the app, for the benchmark and browser dev tools
    c.header('Server-Timing', `app;dur=${(performance.now() - started).toFixed(2)}`);
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
  registerNewsletter(app, deps);
  registerAddress(app, deps);
  registerDelivery(app, deps);
  registerPayment(app, deps);
  registerOrder(app, deps);
  registerCatalog(app, deps);
  registerComments(app, deps);
  registerOperator(app, deps);
  registerDoc(app, deps);

  app.notFound(notFoundHandler);
  app.onError(errorHandler(log));
  return { app, deps };
}
