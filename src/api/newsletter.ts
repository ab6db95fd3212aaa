/**
 * The newsletter calls (spec §4: subscribed/unsubscribed; §8: 'email not found', 'already
 * unsubscribed'), the one place that knows how the shop API answers them. The pages and the
 * account's toggle only see the outcomes.
 *
 * The API does not tell strangers whether an address is on the list (docs/api.md "Newsletter",
 * decision 0009): subscribing always answers `Subscribed` (the mail to the address says the rest),
 * and unsubscribing needs the signed link of a newsletter mail
 * (`/newsletter-unsubscribe?email=...&sig=...`); only with it do 'not found' and 'already
 * unsubscribed' come back. The logged-in customer's own subscription is in the customer data
 * (`NEWSLETTER`) and changes through `PUT /api/customer`.
 */
import { ApiError, call } from './client.ts';
import { ERRORS } from './contract/common.ts';

export type UnsubscribeOutcome = 'unsubscribed' | 'not-found' | 'already-unsubscribed' | 'invalid-link';
type Locale = 'de_DE' | 'de_AT' | 'ro_RO';

/** Subscribe (the same answer for every address); rejects with ApiError (connection, or the server refusing the address). */
export async function subscribe(email: string, locale: Locale): Promise<void> {
  await call('newsletterSubscribe', { body: { email, locale } });
}

/**
 * Unsubscribe `email` with the signature of its link. 403 (no or a wrong signature), 404 and 409 are
 * outcomes, not failures; anything else rejects with ApiError.
 */
export async function unsubscribe(email: string, sig: string): Promise<UnsubscribeOutcome> {
  try {
    await call('newsletterUnsubscribe', { body: { email, sig } });
    return 'unsubscribed';
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'server') {
      if (error.serverMessage === ERRORS.newsletterLinkInvalid) return 'invalid-link';
      if (error.serverMessage === ERRORS.newsletterNotFound) return 'not-found';
      if (error.serverMessage === ERRORS.newsletterAlreadyUnsubscribed) return 'already-unsubscribed';
    }
    throw error;
  }
}

/** The signed link's parameters of an unsubscribe URL, or null when it is not one (no e-mail or no signature). */
export function unsubscribeLink(search: string): { email: string; sig: string } | null {
  const params = new URLSearchParams(search);
  const email = params.get('email')?.trim().slice(0, 254) ?? '';
  const sig = params.get('sig')?.trim() ?? '';
  return email && sig && sig.length <= 100 ? { email, sig } : null;
}

/** The logged-in customer's own subscription: subscribe (true) or unsubscribe (false); answers the new state. */
export async function setOwnSubscription(subscribed: boolean): Promise<boolean> {
  const answer = await call('customerUpdate', { body: { newsletter: subscribed } });
  return answer.CustomerItems[0]?.NEWSLETTER ?? subscribed;
}
