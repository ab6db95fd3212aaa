/**
 * /account/order/{id} and /guest/invoice/{ref}/{hash} (spec §2): one static shell each (the static
 * host rewrites the dynamic paths to it); the island reads the order from the path and shows it
 * with OrderDetail. The customer's order needs the session (else /login-register); the guest's is
 * found by reference and hash, and a wrong hash shows the not-found reason, nothing else.
 */
import { useEffect, useState } from 'react';
import { m } from '../../i18n/generated/messages.js';
import { ApiError, call } from '../../api/client.ts';
import { cancellable, type OrderItem, type OrderProductItem } from '../../api/contract/order.ts';
import { pathFor } from '../../api/contract/paths.ts';
import { sessionOrLogin } from './session-gate.ts';
import OrderDetail, { type Money } from './OrderDetail.tsx';
import { accountErrorText } from './rules.ts';
import { downloadInvoice } from './invoice.ts';
import { FormMessage, type Status } from './form.tsx';
import { TransferSlip } from '../checkout/TransferSlip.tsx';
import { formatMoney } from '../../catalog/prices.ts';
import './account.scss';
import { withBoundary } from '../IslandBoundary.tsx';

export interface OrderPageProps {
  mode: 'customer' | 'guest';
  money: Money;
}

type State = { kind: 'loading' } | { kind: 'error'; text: string; notFound: boolean } | { kind: 'ready'; order: OrderItem; products: OrderProductItem[] };

/** The order id of /account/order/{id}, or the ref and hash of /guest/invoice/{ref}/{hash}. */
export function orderKey(path: string): { id: number } | { ref: string; hash: string } | null {
  const a = /^\/account\/order\/(\d{1,12})\/?$/.exec(path);
  if (a) return { id: Number(a[1]) };
  const g = /^\/guest\/invoice\/([A-Za-z0-9_-]{1,40})\/([A-Za-z0-9_-]{1,128})\/?$/.exec(path);
  if (g) return { ref: g[1]!, hash: g[2]! };
  return null;
}

function OrderPageIsland({ mode, money }: OrderPageProps) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [pdfError, setPdfError] = useState<string | null>(null);
  const [guestPdf, setGuestPdf] = useState<string | undefined>(undefined);
  const [cancel, setCancel] = useState<Status>({ kind: 'idle' });

  useEffect(() => {
    const key = orderKey(location.pathname);
    const notFound = () => setState({ kind: 'error', text: m.account_orderNotFound(), notFound: true });
    if (!key) return notFound();
    const fail = (error: unknown) =>
      error instanceof ApiError && error.kind === 'server' && error.status === 404 ? notFound() : setState({ kind: 'error', text: accountErrorText(error), notFound: false });
    if ('id' in key) {
      if (mode !== 'customer') return notFound();
      const session = sessionOrLogin();
      if (!session) return;
      Promise.all([call('orderDetail', { params: { id: key.id }, query: { customer: session.customerId } }), call('orderProducts', { query: { order_id: key.id } })]).then(
        ([o, p]) => {
          const order = o.OrderItems[0];
          if (!order) return notFound();
          setState({ kind: 'ready', order, products: p.OrderProductItems });
        },
        fail,
      );
    } else {
      if (mode !== 'guest') return notFound();
      call('guestInvoice', { params: key }).then((a) => {
        setGuestPdf(pathFor('guestInvoicePdf', key));
        setState({ kind: 'ready', order: a.data.order, products: a.data.products });
      }, fail);
    }
  }, [mode]);

  if (state.kind === 'loading') return <p className="order-detail">{m.account_loading()}</p>;
  if (state.kind === 'error')
    return (
      <div className="order-detail">
        <h1>{state.notFound ? m.account_orderNotFound() : m.account_orderTitle({ ref: '' })}</h1>
        <p role="alert" data-order-error={state.notFound ? 'not-found' : 'error'}>
          {state.text}
        </p>
        <p>
          <a href={mode === 'customer' ? '/account' : '/'}>{mode === 'customer' ? m.account_backToAccount() : m.backHome()}</a>
        </p>
      </div>
    );
  const { order } = state;
  const cancelOrder = async () => {
    if (cancel.kind === 'busy' || !confirm(m.account_cancelOrderConfirm({ ref: order.REF }))) return;
    setCancel({ kind: 'busy' });
    try {
      await call('orderCancel', { body: { order_id: order.ID } });
      setState({ ...state, order: { ...order, STATUS: 'canceled' } });
      setCancel({ kind: 'done', text: m.account_orderCanceled() });
    } catch (error) {
      // Spec §8 'Failed to cancel order' (the connection text when the API did not answer).
      setCancel({ kind: 'error', text: error instanceof ApiError && error.kind === 'server' ? m.account_cancelFailed() : accountErrorText(error) });
    }
  };
  return (
    <>
      <OrderDetail order={order} products={state.products} money={money} invoiceHref={guestPdf} onInvoice={async () => setPdfError(await downloadInvoice(order.ID, order.REF))}>
        {mode === 'customer' && order.PAYMENT_MODULE === 'Vorkasse' && order.STATUS === 'not_paid' ? (
          // Still to be paid by bank transfer: the slip and its QR code, as on /order-placed.
          <TransferSlip orderId={order.ID} transfer={null} fmt={(cents) => formatMoney(cents, money)} />
        ) : null}
        {mode === 'customer' && cancellable(order.STATUS) ? (
          <p>
            <button type="button" className="button button--secondary" onClick={cancelOrder} disabled={cancel.kind === 'busy'} aria-busy={cancel.kind === 'busy'}>
              {m.account_cancelOrder({ ref: order.REF })}
            </button>
          </p>
        ) : null}
        {mode === 'customer' ? <FormMessage status={cancel} /> : null}
      </OrderDetail>
      {pdfError ? (
        <p role="alert" className="form-message form-message--error">
          <span>{pdfError}</span>
        </p>
      ) : null}
      {mode === 'customer' ? (
        <p>
          <a href="/account">{m.account_backToAccount()}</a>
        </p>
      ) : null}
    </>
  );
}

/** The island inside the fallback boundary (spec §2: rendering errors show a fallback screen). */
export default withBoundary(OrderPageIsland);
