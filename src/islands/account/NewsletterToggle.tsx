/**
 * The newsletter in /account (issue 15 item 1): the logged-in customer's e-mail with a subscribe
 * and an unsubscribe button; each answer is announced ('subscribed', 'already subscribed',
 * 'unsubscribed', 'email not found', 'already unsubscribed'). The shop API has no call that reads
 * the subscription, so the current state shows after the first button. Self-contained: mount it
 * in the account page as `<NewsletterToggle client:idle locale={shop.locale} />`.
 */
import { useEffect, useState } from 'react';
import { connectionErrorText } from '../../api/client.ts';
import { subscribe, unsubscribe } from '../../api/newsletter.ts';
import { m } from '../../i18n/generated/messages.js';
import { readSession } from '../../stores/session.ts';
import { withBoundary } from '../IslandBoundary.tsx';

type Locale = 'de_DE' | 'de_AT' | 'ro_RO';

function NewsletterToggleIsland({ locale }: { locale: Locale }) {
  const [email, setEmail] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  useEffect(() => setEmail(readSession()?.email ?? null), []);
  if (!email) return null;

  const run = async (action: 'subscribe' | 'unsubscribe') => {
    setBusy(true);
    setMessage('');
    try {
      if (action === 'subscribe') {
        const r = await subscribe(email, locale);
        setMessage(r === 'subscribed' ? m.newsletter_subscribed({ email }) : m.newsletter_alreadySubscribed({ email }));
      } else {
        const r = await unsubscribe(email);
        setMessage(r === 'unsubscribed' ? m.unsubscribe_done({ email }) : r === 'not-found' ? m.unsubscribe_notFound({ email }) : m.unsubscribe_already({ email }));
      }
    } catch {
      setMessage(connectionErrorText());
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="account-newsletter" aria-labelledby="account-newsletter-title">
      <h2 id="account-newsletter-title">{m.newsletter_accountTitle()}</h2>
      <p>{m.newsletter_accountText({ email })}</p>
      <p>
        <button type="button" className="button" disabled={busy} onClick={() => void run('subscribe')}>
          {m.newsletter_accountSubscribe()}
        </button>{' '}
        <button type="button" className="button-secondary" disabled={busy} onClick={() => void run('unsubscribe')}>
          {m.newsletter_accountUnsubscribe()}
        </button>
      </p>
      <p role="status" data-newsletter-account-result>
        {message}
      </p>
    </section>
  );
}

export default withBoundary(NewsletterToggleIsland);
