/**
 * The newsletter calls (spec §4: subscribed/unsubscribed; §8: 'email not found', 'already
 * unsubscribed'), the one place that knows how the shop API answers them. The pages and the
 * account's toggle only see the outcomes.
 *
 * Signed unsubscribe links: a newsletter mail may link `/newsletter-unsubscribe?email=...&sig=...`;
 * the page passes `sig` (and any other query parameters of the link, e.g. an expiry) through here
 * unchanged. Today's API ignores them; an API that checks the signature reads them from the body.
 */
import { ApiError, call } from './client.ts';
import { ERRORS } from './contract/common.ts';

export type SubscribeOutcome = 'subscribed' | 'already-subscribed';
export type UnsubscribeOutcome = 'unsubscribed' | 'not-found' | 'already-unsubscribed';
type Locale = 'de_DE' | 'de_AT' | 'ro_RO';

/** Subscribe; rejects with ApiError (connection, or the server refusing the address). */
export async function subscribe(email: string, locale: Locale): Promise<SubscribeOutcome> {
  const answer = await call('newsletterSubscribe', { body: { email, locale } });
  return answer.message === ERRORS.newsletterAlreadySubscribed ? 'already-subscribed' : 'subscribed';
}

/**
 * Unsubscribe `email`; `link` carries the signed link's parameters (sig, expiry) when the page was
 * opened from a mail. 404 and 409 are outcomes, not failures; anything else rejects with ApiError.
 */
export async function unsubscribe(email: string, link: Record<string, string> = {}): Promise<UnsubscribeOutcome> {
  const body = { ...link, email };
  try {
    await call('newsletterUnsubscribe', { body });
    return 'unsubscribed';
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'server') {
      if (error.serverMessage === ERRORS.newsletterNotFound) return 'not-found';
      if (error.serverMessage === ERRORS.newsletterAlreadyUnsubscribed) return 'already-unsubscribed';
    }
    throw error;
  }
}

/** The signed link's parameters of an unsubscribe URL: every query parameter but the e-mail. */
export function linkParams(search: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(search)) if (k !== 'email' && /^[a-z_]{1,20}$/.test(k) && v.length <= 512) out[k] = v;
  return out;
}
