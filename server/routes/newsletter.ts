/** Newsletter subscribe and unsubscribe (spec §4: subscribed/unsubscribed; not-found and already-unsubscribed cases). */
import type { Hono } from 'hono';
import { ERRORS } from '../../src/api/contract/common.ts';
import { isoNow, type Deps } from '../context.ts';
import { HttpError } from '../lib/errors.ts';
import { route } from '../middleware/route.ts';

export function subscribe(deps: Deps, email: string, firstname?: string, lastname?: string, locale?: string): 'subscribed' | 'already' {
  const row = deps.sql('SELECT unsubscribed_at FROM newsletter WHERE email = ?').get(email) as { unsubscribed_at: string | null } | undefined;
  if (row && row.unsubscribed_at === null) return 'already';
  deps
    .sql(
      `INSERT INTO newsletter (email, firstname, lastname, locale, subscribed_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT(email) DO UPDATE SET unsubscribed_at = NULL, subscribed_at = excluded.subscribed_at`,
    )
    .run(email, firstname ?? null, lastname ?? null, locale ?? null, isoNow(deps));
  return 'subscribed';
}

export function registerNewsletter(app: Hono, deps: Deps) {
  route(app, deps, 'newsletterSubscribe', ({ body }) => {
    const r = subscribe(deps, body.email, body.firstname, body.lastname, body.locale);
    return { status_code: 200 as const, message: r === 'already' ? ERRORS.newsletterAlreadySubscribed : 'Subscribed' };
  });

  route(app, deps, 'newsletterUnsubscribe', ({ body }) => {
    const row = deps.sql('SELECT unsubscribed_at FROM newsletter WHERE email = ?').get(body.email) as { unsubscribed_at: string | null } | undefined;
    if (!row) throw new HttpError(404, ERRORS.newsletterNotFound);
    if (row.unsubscribed_at !== null) throw new HttpError(409, ERRORS.newsletterAlreadyUnsubscribed);
    deps.sql('UPDATE newsletter SET unsubscribed_at = ? WHERE email = ?').run(isoNow(deps), body.email);
    return { status_code: 200 as const, message: 'Unsubscribed' };
  });
}
