/**
 * Newsletter subscribe and unsubscribe (spec §4). Subscribe always answers 'Subscribed' (whether
 * the address was on the list is said only in the mail to it). Unsubscribe needs the link's
 * signature: without a valid one the answer is the same for every address; with it, the spec's
 * texts for an address not found or already unsubscribed (only the mailbox's owner sees them).
 */
import type { Hono } from 'hono';
import { ERRORS } from '../../src/api/contract/common.ts';
import type { Deps } from '../context.ts';
import { HttpError } from '../lib/errors.ts';
import { route } from '../middleware/route.ts';
import { subscribeAndMail, unsubscribe, validUnsubscribeSignature } from '../services/newsletter.ts';

export function registerNewsletter(app: Hono, deps: Deps) {
  route(app, deps, 'newsletterSubscribe', ({ body }) => {
    subscribeAndMail(deps, body.email, body.firstname, body.lastname, body.locale);
    return { status_code: 200 as const, message: 'Subscribed' };
  });

  route(app, deps, 'newsletterUnsubscribe', ({ body }) => {
    if (!body.sig || !validUnsubscribeSignature(deps, body.email, body.sig)) throw new HttpError(403, ERRORS.newsletterLinkInvalid);
    const outcome = unsubscribe(deps, body.email);
    if (outcome === 'unknown') throw new HttpError(404, ERRORS.newsletterNotFound);
    if (outcome === 'already') throw new HttpError(409, ERRORS.newsletterAlreadyUnsubscribed);
    return { status_code: 200 as const, message: 'Unsubscribed' };
  });
}
