/**
 * The /newsletter and /newsletter-unsubscribe forms (spec §2, §4, §5: e-mail required and of type
 * email). The e-mail comes from the address (?email=, as the footer form sends it, or the
 * unsubscribe link of a mail) and shows in the field; the shopper confirms with the button (a
 * visit alone, e.g. a link preview, subscribes or unsubscribes nobody). Errors are announced and
 * focus moves to the field; the typed address is never lost.
 */
import { connectionErrorText } from '../../api/client.ts';
import { linkParams, subscribe, unsubscribe } from '../../api/newsletter.ts';
import { m } from '../../i18n/generated/messages.js';

type Locale = 'de_DE' | 'de_AT' | 'ro_RO';

export function wireNewsletterForm(mode: 'subscribe' | 'unsubscribe'): void {
  const form = document.querySelector<HTMLFormElement>('[data-newsletter-form]');
  if (!form) return;
  const input = form.querySelector<HTMLInputElement>('input[type="email"]')!;
  const error = form.querySelector<HTMLElement>('[data-field-error]')!;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const result = document.querySelector<HTMLElement>('[data-newsletter-result]')!;
  const label = button.textContent ?? '';
  const fromUrl = new URLSearchParams(location.search).get('email');
  if (fromUrl && !input.value) input.value = fromUrl.trim().slice(0, 254);
  const link = mode === 'unsubscribe' ? linkParams(location.search) : {};

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
    result.textContent = '';
    result.dataset.outcome = '';
    button.setAttribute('aria-busy', 'true');
    button.textContent = m.newsletter_busy();
    try {
      let text: string;
      let outcome: string;
      if (mode === 'subscribe') {
        outcome = await subscribe(email, (document.documentElement.dataset.locale ?? 'de_DE') as Locale);
        text = outcome === 'subscribed' ? m.newsletter_subscribed({ email }) : m.newsletter_alreadySubscribed({ email });
      } else {
        outcome = await unsubscribe(email, link);
        text = outcome === 'unsubscribed' ? m.unsubscribe_done({ email }) : outcome === 'not-found' ? m.unsubscribe_notFound({ email }) : m.unsubscribe_already({ email });
      }
      result.dataset.outcome = outcome;
      result.textContent = text;
    } catch (e) {
      const server = e instanceof Error && 'kind' in e && e.kind === 'server';
      // The server refusing the address is a field error; anything else the spec §8 connection text.
      if (server) fieldError(m.newsletter_invalid());
      else {
        result.dataset.outcome = 'error';
        result.textContent = connectionErrorText();
      }
    } finally {
      button.removeAttribute('aria-busy');
      button.textContent = label;
    }
  });
}
