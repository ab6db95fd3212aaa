/**
 * The mini cart (spec §2): opened from the header's cart icon on large screens (chrome.ts sends
 * `minicart:toggle` to [data-mini-cart]; small screens follow the /cart link). Hydrated on the
 * first of those events (client:interaction="minicart:toggle,minicart:warm"): the event that
 * started hydration is read from the island's data-held-event when it mounts, so the first click
 * opens it. A non-modal dialog: focus moves into it, Escape and an outside click close it, and
 * Escape gives focus back to the cart icon.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { formatMoney } from '../../catalog/prices.ts';
import { m } from '../../i18n/generated/messages.js';
// Shows the cart operations' notices (stores/notice.ts).
import '../toast.ts';
import { deleteItem } from '../../stores/cart-actions.ts';
import { appliedCoupon } from '../../stores/coupon.ts';
import { useStore } from '@nanostores/react';
import { guestActions, showRemove } from './rules.ts';
import { CartSums, TrashIcon } from './CartSums.tsx';
import { useCart, type CartIslandProps } from './use-cart.ts';
import { useDismiss } from '../hooks/use-dismiss.ts';
import { LineImage } from './LineImage.tsx';
import './cart.scss';
import { withBoundary } from '../IslandBoundary.tsx';

const TOGGLE = 'minicart:toggle';
const cartLink = () => document.querySelector<HTMLElement>('[data-cart-link]');

function MiniCartIsland(props: CartIslandProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const island = el.closest('astro-island');
    const link = document.querySelector<HTMLElement>('[data-cart-link]');
    link?.setAttribute('aria-controls', panelId);
    link?.setAttribute('aria-expanded', 'false');
    if (island?.getAttribute('data-held-event') === TOGGLE) setOpen(true);
    island?.removeAttribute('data-held-event');
    const onToggle = () => {
      island?.removeAttribute('data-held-event');
      setOpen((o) => !o);
    };
    el.addEventListener(TOGGLE, onToggle);
    return () => el.removeEventListener(TOGGLE, onToggle);
  }, [panelId]);

  useLayoutEffect(() => {
    cartLink()?.setAttribute('aria-expanded', String(open));
    if (open) panel.current?.focus();
  }, [open]);
  useDismiss(open, () => setOpen(false), { inside: () => [root.current, cartLink()], returnFocus: cartLink, closeOnFocusOut: true });

  return (
    <div className="mini-cart" data-mini-cart ref={root}>
      <div className="mini-cart__panel" id={panelId} role="dialog" aria-label={m.minicart_label()} tabIndex={-1} hidden={!open} ref={panel} data-mini-cart-panel>
        {open && (
          <MiniCartContent
            {...props}
            onClose={() => {
              setOpen(false);
              document.querySelector<HTMLElement>('[data-cart-link]')?.focus();
            }}
          />
        )}
      </div>
    </div>
  );
}

function MiniCartContent(props: CartIslandProps & { onClose: () => void }) {
  const cart = useCart(true, props);
  const coupon = useStore(appliedCoupon);
  const [removing, setRemoving] = useState<number | null>(null);
  const fmt = (cents: number) => formatMoney(cents, props.money);
  const path = location.pathname;
  const taxTitle = props.countries.find((c) => c.id === cart.country)?.taxTitle ?? props.countries[0]?.taxTitle ?? '';
  const canRemove = showRemove(path);

  const remove = async (cartItemId: number) => {
    setRemoving(cartItemId);
    await deleteItem(cartItemId);
    setRemoving(null);
    document.querySelector<HTMLElement>('[data-mini-cart-panel]')?.focus();
  };

  return (
    <>
      <div className="mini-cart__head">
        <h2 className="mini-cart__title">{m.minicart_cart()}</h2>
        <button type="button" className="icon-button mini-cart__close" aria-label={m.minicart_close()} onClick={props.onClose}>
          <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      </div>
      <p className="mini-cart__status" role="status" data-mini-cart-status>
        {cart.status === 'error' && cart.error ? cart.error : cart.loading ? m.minicart_updating() : ''}
      </p>
      {cart.lines.length === 0 ? (
        <p className="mini-cart__empty" data-mini-cart-empty>
          {m.minicart_empty()}
        </p>
      ) : (
        <>
          <ul className="mini-cart__lines">
            {cart.lines.map((l) => (
              <li key={l.key} className="mini-cart__line" data-mini-cart-line={l.cartItemId ?? ''}>
                <LineImage line={l} size={56} emptyClass="mini-cart__noimg" />
                <div className="mini-cart__line-body">
                  <a href={l.href || undefined}>{l.title}</a>
                  <span className="mini-cart__qty" data-line-price>
                    {m.minicart_quantityPrice({ quantity: String(l.quantity), price: fmt(l.unitCents) })}
                  </span>
                </div>
                {canRemove && l.cartItemId !== null && (
                  <button
                    type="button"
                    className="icon-button mini-cart__remove"
                    aria-label={m.minicart_remove({ title: l.title })}
                    disabled={removing === l.cartItemId}
                    onClick={() => void remove(l.cartItemId!)}
                  >
                    <TrashIcon size={18} />
                  </button>
                )}
              </li>
            ))}
          </ul>
          <CartSums cart={cart} coupon={coupon} taxTitle={taxTitle} fmt={fmt} data-mini-cart-sums />
        </>
      )}
      <div className="mini-cart__actions">
        <a className="button button--secondary" href="/cart">
          {m.minicart_cart()}
        </a>
        {cart.lines.length > 0 && (
          <a className="button" href="/checkout">
            {m.minicart_checkout()}
          </a>
        )}
      </div>
      {guestActions(cart.loggedIn) && cart.lines.length > 0 && (
        <div className="mini-cart__guest" data-mini-cart-guest>
          <a className="button" href="/login-register?tab=register">
            {m.minicart_register()}
          </a>
          <a href="/login-register">{m.minicart_login()}</a>
          <p className="mini-cart__or">
            <span>{m.minicart_or()}</span>
          </p>
          <a className="button button--secondary" href="/checkout?guest=1">
            {m.minicart_guest()}
          </a>
        </div>
      )}
    </>
  );
}

/** The island inside the fallback boundary (spec §2: rendering errors show a fallback screen). */
export default withBoundary(MiniCartIsland, { samePerShop: true });
