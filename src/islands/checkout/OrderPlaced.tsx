/**
 * /order-placed?cart_id=… (spec §2, §4): thanks, the order reference, what was ordered with its
 * sums, the delivery address, what happens next, the bank transfer slip with its EPC QR code for
 * Vorkasse, the guest invoice link for a guest. The local cart is emptied (header count 0); the
 * cart id comes from the query parameter (spec §4).
 */
import { useEffect, useState } from 'react';
import { call } from '../../api/client.ts';
import type { OrderItem, OrderProductItem } from '../../api/contract/order.ts';
import { formatMoney, type MoneyFormat as Money, toCents } from '../../catalog/prices.ts';
import { m } from '../../i18n/generated/messages.js';
import { clearCart } from '../../stores/cart.ts';
import { finishDraft, readPlaced, setLock } from '../../stores/checkout.ts';
import { outcomeCartId, type PlacedOrder } from '../../stores/checkout-rules.ts';
import { appliedCoupon, appliedCouponDiscount } from '../../stores/coupon.ts';
import { readExpressSession, readSession } from '../../stores/session.ts';
import { TransferSlip } from './TransferSlip.tsx';
import '../cart/cart-panel.scss';
import './checkout.scss';
import { withBoundary } from '../IslandBoundary.tsx';
import { useHydrated } from '../hooks/use-hydrated.ts';

type Loaded = { status: 'loading' } | { status: 'ready'; order: OrderItem; products: OrderProductItem[] } | { status: 'error' } | { status: 'none' };

function OrderPlacedIsland({ money }: { money: Money }) {
  const mounted = useHydrated();
  return (
    <section className="outcome" aria-labelledby="placed-title" data-order-placed>
      <h1 id="placed-title">{m.placed_title()}</h1>
      {mounted ? <Placed money={money} /> : <p>{m.placed_loading()}</p>}
    </section>
  );
}

async function findOrder(cartId: number, placed: PlacedOrder | null): Promise<Loaded> {
  const customer = readSession()?.customerId ?? readExpressSession()?.customerId;
  if (!customer) return { status: 'none' };
  let orderId = placed?.orderId;
  if (!orderId) {
    const list = await call('orderList', { query: { customer } });
    orderId = list.OrderItems.find((o) => o.CART_ID === cartId && o.STATUS !== 'payment_error' && o.STATUS !== 'canceled')?.ID;
    if (!orderId) return { status: 'none' };
  }
  const [detail, products] = await Promise.all([call('orderDetail', { params: { id: orderId } }), call('orderProducts', { query: { order_id: orderId } })]);
  const order = detail.OrderItems[0];
  return order ? { status: 'ready', order, products: products.OrderProductItems } : { status: 'none' };
}

function Placed({ money }: { money: Money }) {
  const fmt = (cents: number) => formatMoney(cents, money);
  const [cartId] = useState(() => outcomeCartId(location.search));
  const [placed] = useState(() => readPlaced(cartId));
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const guest = !readSession();

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the outcome page mounts
  useEffect(() => {
    // The order is placed: the local cart is emptied (header count 0), the used coupon and the pay lock go.
    clearCart(location.pathname);
    appliedCoupon.set('');
    appliedCouponDiscount.set('');
    setLock(null);
    finishDraft();
    if (cartId <= 0) return setLoaded({ status: 'none' });
    let live = true;
    findOrder(cartId, placed)
      .then((r) => live && setLoaded(r))
      .catch((e: unknown) => {
        console.warn('order-placed:', e);
        if (live) setLoaded({ status: 'error' });
      });
    return () => {
      live = false;
    };
  }, []);

  const ref = loaded.status === 'ready' ? loaded.order.REF : placed?.ref;
  if (!ref && loaded.status === 'loading') return <p>{m.placed_loading()}</p>;
  if (!ref) {
    return (
      <>
        <p data-placed-none>{loaded.status === 'error' ? m.placed_detailsFailed() : m.placed_noOrder()}</p>
        <p>
          <a className="button" href="/">
            {m.placed_continue()}
          </a>
        </p>
      </>
    );
  }
  const order = loaded.status === 'ready' ? loaded.order : null;
  const code = order?.PAYMENT_MODULE ?? placed?.payment;
  const transfer = code === 'Vorkasse' ? (placed?.bankTransfer ?? null) : null;
  const a = order?.DELIVERY_ADDRESS;
  return (
    <>
      <p className="outcome__ref" data-order-ref={ref}>
        {m.placed_ref({ ref })}
      </p>
      {loaded.status === 'error' && <p role="status">{m.placed_detailsFailed()}</p>}
      <section className="outcome__box" aria-labelledby="placed-next">
        <h2 id="placed-next">{m.placed_next()}</h2>
        <p>
          {code === 'Vorkasse' ? m.placed_nextTransfer() : code === 'Nachnahme' ? m.placed_nextCod() : order?.STATUS === 'paid' ? m.placed_nextPaid() : ''} {m.placed_nextMail()}
        </p>
      </section>
      {code === 'Vorkasse' && (order || placed) && <TransferSlip orderId={order?.ID ?? placed!.orderId} transfer={transfer} fmt={fmt} />}
      {order && loaded.status === 'ready' && (
        <section className="outcome__box" aria-labelledby="placed-items">
          <h2 id="placed-items">{m.placed_items()}</h2>
          <ul className="checkout__lines">
            {loaded.products.map((p) => (
              <li key={p.ID} data-placed-line>
                <span>
                  {p.QUANTITY} × {p.TITLE}
                </span>
                <span>{fmt(toCents(p.TOTAL_TAXED_PRICE))}</span>
              </li>
            ))}
          </ul>
          <dl className="cart-sums">
            <div>
              <dt>
                {m.minicart_goods()}
                {order.VAT_EXCLUDED ? ` (${m.header_vat0()})` : ''}
              </dt>
              <dd data-placed-sum="goods">{fmt(toCents(order.GOODS))}</dd>
            </div>
            <div>
              <dt>{m.minicart_shipping()}</dt>
              <dd data-placed-sum="shipment">{order.POSTAGE === 0 ? m.minicart_free() : fmt(toCents(order.POSTAGE))}</dd>
            </div>
            {order.DISCOUNT > 0 && (
              <div>
                <dt>{m.minicart_discount({ code: order.COUPON_CODE ?? '' })}</dt>
                <dd data-placed-sum="discount">−{fmt(toCents(order.DISCOUNT))}</dd>
              </div>
            )}
            <div className="cart-sums__total">
              <dt>{m.minicart_total()}</dt>
              <dd data-placed-sum="total">{fmt(toCents(order.TOTAL))}</dd>
            </div>
          </dl>
        </section>
      )}
      {a && (
        <section className="outcome__box" aria-labelledby="placed-address">
          <h2 id="placed-address">{order!.LOCAL_PICKUP ? m.placed_pickup() : m.placed_deliveryAddress()}</h2>
          <address data-placed-address>
            {a.COMPANY && (
              <>
                {a.COMPANY}
                <br />
              </>
            )}
            {a.FIRSTNAME} {a.LASTNAME}
            <br />
            {a.ADDRESS1} {a.ADDRESS2}
            <br />
            {a.ZIPCODE} {a.CITY}
            <br />
            {a.COUNTRY_TITLE}
          </address>
        </section>
      )}
      <p className="outcome__actions">
        {guest && placed?.guestInvoicePath && (
          <a className="button" href={placed.guestInvoicePath} data-guest-invoice>
            {m.placed_guestInvoice()}
          </a>
        )}
        {!guest && (
          <a className="button" href="/account">
            {m.placed_account()}
          </a>
        )}
        <a className="button button--secondary" href="/">
          {m.placed_continue()}
        </a>
      </p>
    </>
  );
}

/** The island inside the fallback boundary (spec §2: rendering errors show a fallback screen). */
export default withBoundary(OrderPlacedIsland);
