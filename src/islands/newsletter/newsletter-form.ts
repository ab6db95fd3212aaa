/**
 * The /newsletter and /newsletter-unsubscribe forms (spec §2, §4, §5: e-mail required and of type
 * email). /newsletter takes the e-mail from the address (?email=, as the footer form sends it);
 * /newsletter-unsubscribe works only from a newsletter mail's signed link (?email=...&sig=...,
 * decision 0009): without one it shows the invalid-link text and how to get a link. The shopper
 * confirms with the button (a visit alone, e.g. a link preview, subscribes or unsubscribes nobody).
 *
 * Whether an address is already subscribed is said only to its own logged-in customer (the
 * customer data knows it); everyone else gets the same confirmation for every address. Errors are
 * announced and focus moves to the field; the typed address is never lost.
 */
import { call, connectionErrorText } from '../../api/client.ts';
import { subscribe, unsubscribe, unsubscribeLink, type UnsubscribeOutcome } from '../../api/newsletter.ts';
import { m } from '../../i18n/generated/messages.js';
import { readSession } from '../../stores/session.ts';

type Locale = 'de_DE' | 'de_AT' | 'ro_RO';

const UNSUBSCRIBE_TEXT: Record<UnsubscribeOutcome, (email: string) => string> = {
  unsubscribed: (email) => m.unsubscribe_done({ email }),
  'not-found': (email) => m.unsubscribe_notFound({ email }),
  'already-unsubscribed': (email) => m.unsubscribe_already({ email }),
  'invalid-link': () => m.unsubscribe_invalidLink(),
};

/** Is `email` the logged-in customer's own address, already on the list? (Only that customer may know.) */
async function ownSubscription(email: string): Promise<boolean> {
  const session = readSession();
  if (!session || session.email.toLowerCase() !== email.toLowerCase()) return false;
  try {
    const answer = await call('customerLookup', { query: { email: session.email } });
    return answer.CustomerItems[0]?.NEWSLETTER === true;
  } catch {
    return false;
  }
}

export function wireNewsletterForm(mode: 'subscribe' | 'unsubscribe'): void {
  const form = document.querySelector<HTMLFormElement>('[data-newsletter-form]');
  if (!form) return;
  const body = document.querySelector<HTMLElement>('[data-newsletter-body]')!;
  const input = form.querySelector<HTMLInputElement>('input[type="email"]')!;
  const error = form.querySelector<HTMLElement>('[data-field-error]')!;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const result = document.querySelector<HTMLElement>('[data-newsletter-result]')!;
  const help = document.querySelector<HTMLElement>('[data-unsubscribe-help]');
  const label = button.textContent ?? '';
  const show = (outcome: string, text: string) => {
    result.dataset.outcome = outcome;
    result.textContent = text;
  };

  const link = mode === 'unsubscribe' ? unsubscribeLink(location.search) : null;
  if (mode === 'unsubscribe') {
    if (!link) {
      show('invalid-link', m.unsubscribe_invalidLink());
      if (help) help.hidden = false;
      return;
    }
    input.value = link.email;
    body.hidden = false;
  } else {
    const fromUrl = new URLSearchParams(location.search).get('email');
    if (fromUrl && !input.value) input.value = fromUrl.trim().slice(0, 254);
  }

  const fieldError = (text: string) => {
    error.textContent = text;
    input.setAttribute('aria-invalid', text ? 'true' : 'false');
    if (text) input.focus();
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (button.getAttribute('aria-busy') === 'true') return;
    input.value = input.value.trim();
    const email = input.value;
    if (!email) return fieldError(m.newsletter_required());
    if (input.validity.typeMismatch || !input.checkValidity()) return fieldError(m.newsletter_invalid());
    fieldError('');
    show('', '');
    button.setAttribute('aria-busy', 'true');
    button.textContent = m.newsletter_busy();
    try {
      if (mode === 'subscribe') {
        if (await ownSubscription(email)) show('already-subscribed', m.newsletter_alreadySubscribed({ email }));
        else {
          await subscribe(email, (document.documentElement.dataset.locale ?? 'de_DE') as Locale);
          show('subscribed', m.newsletter_subscribed({ email }));
        }
      } else {
        const outcome = await unsubscribe(email, link!.sig);
        show(outcome, UNSUBSCRIBE_TEXT[outcome](email));
        if (outcome === 'invalid-link' && help) {
          help.hidden = false;
          body.hidden = true;
        }
      }
    } catch (e) {
      const server = e instanceof Error && 'kind' in e && e.kind === 'server';
      // The server refusing the address is a field error; anything else the spec §8 connection text.
      if (server) fieldError(m.newsletter_invalid());
      else show('error', connectionErrorText());
    } finally {
      button.removeAttribute('aria-busy');
      button.textContent = label;
    }
  });
}
