/**
 * The cart's connection state (spec §8) where the cart is shown (the cart page, the checkout): the
 * failure's text, 'stale' when the lines shown are the last known ones, Retry and the link to the
 * server-error page; a failed delivery computation said to screen readers.
 */
import { m } from '../../i18n/generated/messages.js';
import { refreshCart } from '../../stores/cart-actions.ts';
import { ServerErrorLink } from '../ServerErrorLink.tsx';
import type { useCart } from './use-cart.ts';

export function ConnectionNote({ cart }: { cart: ReturnType<typeof useCart> }) {
  const failed = cart.status === 'error' && !!cart.error;
  const deliveryFailed = cart.delivery.status === 'error';
  return (
    <div className="cart-page__status" role="status" data-cart-status>
      {failed && (
        <p className="cart-page__error" data-cart-error>
          {cart.error} {cart.lines.length > 0 && m.cartPage_stale()}{' '}
          <button type="button" className="link-button" onClick={() => void refreshCart()}>
            {m.cartPage_retry()}
          </button>{' '}
          <ServerErrorLink />
        </p>
      )}
      {!failed && deliveryFailed && <p className="visually-hidden">{cart.delivery.status === 'error' ? cart.delivery.message : ''}</p>}
    </div>
  );
}
