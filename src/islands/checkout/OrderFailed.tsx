/**
 * /order-failed?cart_id=… (spec §2, §4, §8): the payment failed or was cancelled; the server
 * closed the order as payment error and kept the cart; a new payment is possible after 2
 * minutes (the remaining time is shown); "try again" returns to the checkout, where everything
 * typed is still filled in (stores/checkout.ts).
 */
import { useEffect, useState } from 'react';
import { m } from '../../i18n/generated/messages.js';
import { paymentFailedAt, recordPaymentFailed, setLock } from '../../stores/checkout.ts';
import { clock, outcomeCartId, retrySecondsLeft } from '../../stores/checkout-rules.ts';
import './checkout.scss';
import { withBoundary } from '../IslandBoundary.tsx';

function OrderFailedIsland() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <section className="outcome" aria-labelledby="failed-title" data-order-failed>
      <h1 id="failed-title">{m.failed_title()}</h1>
      <p>{m.failed_text()}</p>
      {mounted && <Failed />}
    </section>
  );
}

function Failed() {
  const [cartId] = useState(() => outcomeCartId(location.search));
  const [failedAt] = useState(() => {
    const known = paymentFailedAt(cartId);
    if (known !== null && Date.now() - known < 10 * 60_000) return known;
    const now = Date.now();
    if (cartId > 0) recordPaymentFailed(cartId, now);
    return now;
  });
  const [now, setNow] = useState(Date.now());
  const left = retrySecondsLeft(failedAt, now);
  useEffect(() => {
    // the pay attempt is over: the checkout may pay again (after the wait)
    setLock(null);
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <>
      {cartId > 0 && <p data-cart-kept>{m.failed_kept()}</p>}
      <p className="outcome__wait" data-retry-wait={left}>
        {left > 0 ? m.failed_wait({ time: clock(left) }) : m.failed_ready()}
      </p>
      {/* announced once a minute and when ready, not every second */}
      <p className="visually-hidden" role="status">
        {left > 0 ? (left % 60 === 0 || left === 119 ? m.failed_wait({ time: clock(left) }) : '') : m.failed_ready()}
      </p>
      <p className="outcome__actions">
        {left > 0 ? (
          <button type="button" className="button" aria-disabled="true" data-retry>
            {m.failed_retry()}
          </button>
        ) : (
          <a className="button" href="/checkout" data-retry>
            {m.failed_retry()}
          </a>
        )}
        <a className="button button--secondary" href="/cart">
          {m.failed_cart()}
        </a>
      </p>
    </>
  );
}

/** The island inside the fallback boundary (spec §2: rendering errors show a fallback screen). */
export default withBoundary(OrderFailedIsland);
