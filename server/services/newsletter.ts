/**
 * Newsletter (spec §4: subscribed/unsubscribed). Unsubscribing needs the signed link that every
 * newsletter mail carries (`/newsletter-unsubscribe?email=...&sig=...`, read by that page), so
 * nobody can unsubscribe someone else; subscribing answers the same whether or not the address
 * is already on the list (the mail to the address says which).
 */
import { isoNow, type Deps } from '../context.ts';
import { newsletterSignature, safeEqual } from '../lib/auth.ts';
import { mailLanguage, newsletterMail } from '../lib/mail-texts.ts';

/** The unsubscribe link of an address (the shop page `/newsletter-unsubscribe` reads it). */
export function unsubscribeLink(deps: Deps, email: string): string {
  return `${deps.config.publicUrl}/newsletter-unsubscribe?email=${encodeURIComponent(email)}&sig=${newsletterSignature(deps.config.secret, email)}`;
}

/** Is `sig` the signature of this address's unsubscribe link? Constant-time. */
export function validUnsubscribeSignature(deps: Deps, email: string, sig: string): boolean {
  return /^[A-Za-z0-9_-]{32}$/.test(sig) && safeEqual(sig, newsletterSignature(deps.config.secret, email));
}

/** Is the address on the list (subscribed and not unsubscribed)? Only for the address's own customer (PUT/GET customer). */
export function isSubscribed(deps: Deps, email: string): boolean {
  const row = deps.sql('SELECT unsubscribed_at FROM newsletter WHERE email = ?').get(email) as { unsubscribed_at: string | null } | undefined;
  return !!row && row.unsubscribed_at === null;
}

/** Subscribes (again); no mail. Registration uses it for its newsletter box. */
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

/** Subscribes and mails the address (a welcome, or a note that it was already on the list), with the unsubscribe link. */
export function subscribeAndMail(deps: Deps, email: string, firstname?: string, lastname?: string, locale?: string): void {
  const outcome = subscribe(deps, email, firstname, lastname, locale);
  deps.mail({ to: email, ...newsletterMail(mailLanguage(locale), { already: outcome === 'already', link: unsubscribeLink(deps, email) }) });
}

export type UnsubscribeOutcome = 'unsubscribed' | 'already' | 'unknown';

/** Unsubscribes an address whose link signature was checked. */
export function unsubscribe(deps: Deps, email: string): UnsubscribeOutcome {
  const row = deps.sql('SELECT unsubscribed_at FROM newsletter WHERE email = ?').get(email) as { unsubscribed_at: string | null } | undefined;
  if (!row) return 'unknown';
  if (row.unsubscribed_at !== null) return 'already';
  deps.sql('UPDATE newsletter SET unsubscribed_at = ? WHERE email = ?').run(isoNow(deps), email);
  return 'unsubscribed';
}
