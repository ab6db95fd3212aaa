/**
 * The newsletter in /account (issue 15 item 1; decision 0009): the logged-in customer's own
 * subscription, known from the customer data (`NEWSLETTER`), said as it is ("… is subscribed" /
 * "… is not subscribed"), with one button that changes it through `PUT /api/customer`. The answer
 * is announced (spec §4: subscribed/unsubscribed); a failure says the spec §8 text and changes nothing.
 */
import { useState } from 'react';
import { setOwnSubscription } from '../../api/newsletter.ts';
import { m } from '../../i18n/generated/messages.js';
import { accountErrorText } from './rules.ts';

export function NewsletterToggle({ email, subscribed: initial }: { email: string; subscribed: boolean }) {
  const [subscribed, setSubscribed] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');

  const toggle = async () => {
    setBusy(true);
    setMessage('');
    try {
      const now = await setOwnSubscription(!subscribed);
      setSubscribed(now);
      setMessage(now ? m.newsletter_subscribed({ email }) : m.unsubscribe_done({ email }));
    } catch (error) {
      setMessage(accountErrorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="account-newsletter" aria-labelledby="account-newsletter-title" data-newsletter-account={subscribed ? 'on' : 'off'}>
      <h3 id="account-newsletter-title">{m.newsletter_accountTitle()}</h3>
      <p data-newsletter-state>{subscribed ? m.newsletter_accountOn({ email }) : m.newsletter_accountOff({ email })}</p>
      <p>
        <button type="button" className={subscribed ? 'button button--secondary' : 'button'} disabled={busy} onClick={() => void toggle()}>
          {subscribed ? m.newsletter_accountUnsubscribe() : m.newsletter_accountSubscribe()}
        </button>
      </p>
      <p role="status" data-newsletter-account-result>
        {message}
      </p>
    </section>
  );
}
