/**
 * The /cart page (spec §2, §3, §4): lines with quantity (in steps of the product, adjusted with a
 * note), remove, coupon apply/remove, the delivery cost for the selected country, the totals
 * (total = goods + shipment - discount), undeliverable items (warning and a confirm before
 * checkout; all undeliverable: checkout blocked). The local lines show at once; server prices
 * follow. A failing API shows the spec §8 connection text and keeps everything the shopper has.
 */
import { useEffect, useId, useRef, useState } from 'react';

type Submit = { preventDefault(): void };
import { useStore } from '@nanostores/react';
import { formatMoney } from '../../catalog/prices.ts';
import { m } from '../../i18n/generated/messages.js';
// Shows the cart operations' notices (stores/notice.ts).
import '../toast.ts';
import { decreaseItem, deleteItem, increaseItem, updateQuantity } from '../../stores/cart-actions.ts';
import { stepQuantity } from '../../stores/cart.ts';
import { appliedCoupon, couponLapsed, couponStatus } from '../../stores/coupon.ts';
import { undeliverableCase, type LineView } from './rules.ts';
import { CartSums, TrashIcon } from './CartSums.tsx';
import { CouponBox } from './CouponBox.tsx';
import { ConnectionNote } from './ConnectionNote.tsx';
import { LineImage } from './LineImage.tsx';
import { useCart, type CartPageProps } from './use-cart.ts';
import { useHydrated } from '../hooks/use-hydrated.ts';
import './cart.scss';
import './cart-panel.scss';
import './cart-page.scss';
import { withBoundary } from '../IslandBoundary.tsx';

function CartPageIsland(props: CartPageProps) {
  // The server renders the loading state; the stored cart applies after hydration (no mismatch).
  const mounted = useHydrated();
  return (
    <section className="cart-page" aria-labelledby="cart-title">
      <h1 id="cart-title">{m.cartPage_title()}</h1>
      {mounted ? <CartContent {...props} /> : <p className="cart-page__loading">{m.cartPage_loading()}</p>}
    </section>
  );
}

function CartContent(props: CartPageProps) {
  const cart = useCart(true, props);
  const coupon = useStore(appliedCoupon);
  const couponState = useStore(couponStatus);
  const [busy, setBusy] = useState<number | null>(null);
  const [notes, setNotes] = useState<Record<number, string>>({});
  const confirmRef = useRef<HTMLDialogElement>(null);
  const fmt = (cents: number) => formatMoney(cents, props.money);
  const country = props.countries.find((c) => c.id === cart.country) ?? props.countries[0]!;
  const countryText = country.title;

  const lapsed = couponLapsed(cart.server, coupon);
  // The undeliverable marks are the server's for the selected country: only once it answered.
  const undeliverable = cart.server ? undeliverableCase(cart.lines) : 'none';
  const delivery = cart.delivery;
  const method = delivery.status === 'ready' ? delivery.options.find((o) => o.id === delivery.methodId) : undefined;

  const run = async (line: LineView, op: () => Promise<boolean>) => {
    if (line.cartItemId === null) return;
    setBusy(line.cartItemId);
    await op();
    setBusy(null);
  };

  const commitQuantity = (line: LineView, raw: string) => {
    if (line.cartItemId === null) return;
    const wanted = Number(raw);
    if (raw.trim() === '' || wanted === line.quantity) return;
    if (Number.isFinite(wanted) && wanted <= 0) return void run(line, () => deleteItem(line.cartItemId!));
    const { quantity, adjusted } = stepQuantity(raw, line.step);
    setNotes((n) => ({ ...n, [line.cartItemId!]: adjusted ? m.cart_quantityAdjusted({ n: String(quantity), step: String(line.step) }) : '' }));
    if (quantity !== line.quantity) void run(line, () => updateQuantity(line.cartItemId!, quantity));
  };

  const toCheckout = () => {
    if (undeliverable === 'all') return;
    if (undeliverable === 'some') confirmRef.current?.showModal();
    else location.assign('/checkout');
  };

  if (cart.lines.length === 0) {
    return (
      <>
        <ConnectionNote cart={cart} />
        {cart.loading && !cart.loaded ? (
          <p className="cart-page__loading">{m.cartPage_loading()}</p>
        ) : (
          <div className="cart-page__empty" data-cart-empty>
            <p>{m.minicart_empty()}</p>
            <a className="button" href="/">
              {m.cartPage_continue()}
            </a>
          </div>
        )}
      </>
    );
  }

  const someCount = cart.lines.filter((l) => l.undeliverable).length;
  return (
    <>
      <ConnectionNote cart={cart} />
      {undeliverable === 'some' && (
        <p className="cart-page__warning" data-undeliverable="some">
          {m.undeliverable_some({ country: countryText })}
        </p>
      )}
      {undeliverable === 'all' && (
        <p className="cart-page__blocked" id="cart-blocked" data-undeliverable="all">
          {m.undeliverable_all({ country: countryText })}
        </p>
      )}
      <div className="cart-page__grid">
        <ul className="cart-page__lines" aria-label={m.cartPage_items()}>
          {cart.lines.map((l) => (
            <li
              key={l.key}
              className={`cart-line${l.undeliverable && cart.server ? ' cart-line--undeliverable' : ''}`}
              data-cart-line={l.cartItemId ?? ''}
              aria-busy={busy === l.cartItemId}
            >
              <LineImage line={l} size={96} emptyClass="cart-line__noimg" />
              <div className="cart-line__main">
                <a className="cart-line__title" href={l.href || undefined}>
                  {l.title}
                </a>
                <span className="cart-line__unit">
                  {m.cartPage_unitPrice()}: <span data-unit-price>{fmt(l.unitCents)}</span>
                </span>
                {l.undeliverable && cart.server && (
                  <span className="cart-line__undeliverable" data-line-undeliverable>
                    {m.undeliverable_item({ country: countryText })}
                  </span>
                )}
                {l.step > 1 && <span className="cart-line__step">{m.catalog_quantityStep({ n: String(l.step) })}</span>}
              </div>
              <QuantityField
                line={l}
                busy={busy === l.cartItemId}
                onCommit={commitQuantity}
                onLess={() => void run(l, () => decreaseItem(l.cartItemId!))}
                onMore={() => void run(l, () => increaseItem(l.cartItemId!))}
              />
              <span className="cart-line__total" data-line-total>
                {fmt(l.unitCents * l.quantity)}
              </span>
              <button
                type="button"
                className="icon-button cart-line__remove"
                aria-label={m.minicart_remove({ title: l.title })}
                disabled={busy === l.cartItemId || l.cartItemId === null}
                onClick={() => void run(l, () => deleteItem(l.cartItemId!))}
              >
                <TrashIcon size={20} />
              </button>
              {l.cartItemId !== null && notes[l.cartItemId] && (
                <p className="cart-line__note" role="status">
                  {notes[l.cartItemId]}
                </p>
              )}
            </li>
          ))}
        </ul>
        <aside className="cart-page__summary" aria-labelledby="cart-summary-title">
          <h2 id="cart-summary-title">{m.cartPage_summary()}</h2>
          <p className="cart-page__shipto" data-ship-to>
            {m.cartPage_shippingTo({ country: countryText })}
            <br />
            {/* The method's line is there from the start (a line added once the delivery answered pushed the sums down). */}
            {method ? m.cartPage_method({ method: method.title }) : '\u00a0'}
          </p>
          <CartSums cart={cart} coupon={coupon} taxTitle={country.taxTitle} fmt={fmt} data-cart-sums />
          <CouponBox applied={cart.server?.coupon_code ?? null} stored={coupon} lapsed={lapsed} state={couponState} />
          <button
            type="button"
            className="button cart-page__checkout"
            data-to-checkout
            aria-disabled={undeliverable === 'all'}
            aria-describedby={undeliverable === 'all' ? 'cart-blocked' : undefined}
            onClick={toCheckout}
          >
            {m.minicart_checkout()}
          </button>
        </aside>
      </div>
      <dialog ref={confirmRef} className="cart-confirm" aria-labelledby="cart-confirm-title" aria-describedby="cart-confirm-text" data-undeliverable-confirm>
        <h2 id="cart-confirm-title">{m.undeliverable_confirmTitle()}</h2>
        <p id="cart-confirm-text">{m.undeliverable_confirmText({ count: String(someCount), country: countryText })}</p>
        <div className="cart-confirm__actions">
          {/* biome-ignore lint/a11y/noAutofocus: the confirm dialog opens with the focus on its safe choice (back) */}
          <button type="button" className="button button--secondary" autoFocus onClick={() => confirmRef.current?.close()}>
            {m.undeliverable_back()}
          </button>
          <button type="button" className="button" onClick={() => location.assign('/checkout')}>
            {m.undeliverable_confirm()}
          </button>
        </div>
      </dialog>
    </>
  );
}

function QuantityField({
  line,
  busy,
  onCommit,
  onLess,
  onMore,
}: {
  line: LineView;
  busy: boolean;
  onCommit: (l: LineView, raw: string) => void;
  onLess: () => void;
  onMore: () => void;
}) {
  const [value, setValue] = useState(String(line.quantity));
  const id = useId();
  useEffect(() => setValue(String(line.quantity)), [line.quantity]);
  const submit = (e: Submit) => {
    e.preventDefault();
    onCommit(line, value);
  };
  return (
    <form className="qty" noValidate onSubmit={submit}>
      <button type="button" className="qty__step" aria-label={m.cartPage_less({ title: line.title })} disabled={busy || line.cartItemId === null} onClick={onLess}>
        −
      </button>
      <label className="visually-hidden" htmlFor={id}>
        {m.cartPage_quantityOf({ title: line.title })}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={line.step}
        step={line.step}
        value={value}
        disabled={line.cartItemId === null}
        onChange={(e) => setValue(e.target.value)}
        onBlur={() => onCommit(line, value)}
        data-qty-input
      />
      <button type="button" className="qty__step" aria-label={m.cartPage_more({ title: line.title })} disabled={busy || line.cartItemId === null} onClick={onMore}>
        +
      </button>
    </form>
  );
}

/** The island inside the fallback boundary (spec §2: rendering errors show a fallback screen). */
export default withBoundary(CartPageIsland);
