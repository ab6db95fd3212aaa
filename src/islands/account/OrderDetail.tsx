/**
 * One order as the customer sees it (spec §2 /account/order/{id}, /guest/invoice/{ref}/{hash}):
 * its lines, invoice and delivery address, delivery and payment method, sums as the order was
 * priced (goods, shipment, discount, total with its VAT, or 'without VAT' for a reverse-charge
 * order), the tracking number and the invoice PDF. Pure view: the page loads the order.
 * (The bank-transfer slip with the EPC QR code of an unpaid Vorkasse order is the checkout's
 * TransferSlip; `children` is where a page puts it.)
 */
import { PostalAddress } from './PostalAddress.tsx';
import type { ReactNode } from 'react';
import { m } from '../../i18n/generated/messages.js';
import { formatMoney, toCents } from '../../catalog/prices.ts';
import type { OrderItem, OrderProductItem, OrderStatus } from '../../api/contract/order.ts';

export interface Money {
  symbol: string;
  format: string;
  locale: string;
}

export function statusText(status: OrderStatus): string {
  switch (status) {
    case 'not_paid':
      return m.account_statusNotPaid();
    case 'paid':
      return m.account_statusPaid();
    case 'processing':
      return m.account_statusProcessing();
    case 'sent':
      return m.account_statusSent();
    case 'canceled':
      return m.account_statusCanceled();
    case 'payment_error':
      return m.account_statusPaymentError();
  }
}

export function orderDate(iso: string, locale: string): string {
  const d = new Date(iso.includes('T') ? iso : iso.replace(' ', 'T'));
  return Number.isNaN(d.getTime()) ? iso : new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(d);
}

function Address({ title, a }: { title: string; a: OrderItem['INVOICE_ADDRESS'] }) {
  return (
    <section className="order-detail__address">
      <h2>{title}</h2>
      <PostalAddress a={a} />
    </section>
  );
}

export interface OrderDetailProps {
  order: OrderItem;
  products: OrderProductItem[];
  money: Money;
  /** The invoice PDF: a plain link (the guest link's), or a button that fetches it with the customer's token. */
  invoiceHref?: string;
  onInvoice?: () => void;
  children?: ReactNode;
}

export default function OrderDetail({ order, products, money, invoiceHref, onInvoice, children }: OrderDetailProps) {
  const fmt = (amount: number) => formatMoney(toCents(amount), money);
  return (
    <article className="order-detail" aria-labelledby="order-title">
      <h1 id="order-title">{m.account_orderTitle({ ref: order.REF })}</h1>
      <dl className="order-detail__facts">
        <div>
          <dt>{m.account_orderDate()}</dt>
          <dd>{orderDate(order.CREATE_DATE, money.locale)}</dd>
        </div>
        <div>
          <dt>{m.account_orderStatus()}</dt>
          <dd data-order-status={order.STATUS}>{statusText(order.STATUS)}</dd>
        </div>
        <div>
          <dt>{m.account_deliveryMethod()}</dt>
          <dd>{order.LOCAL_PICKUP ? m.account_localPickup() : order.DELIVERY_MODULE}</dd>
        </div>
        <div>
          <dt>{m.account_paymentMethod()}</dt>
          <dd>{order.PAYMENT_MODULE}</dd>
        </div>
        {order.TRACKING_NUMBER ? (
          <div>
            <dt>{m.account_tracking()}</dt>
            <dd data-tracking>{order.TRACKING_NUMBER}</dd>
          </div>
        ) : null}
      </dl>
      <p>
        {invoiceHref ? (
          <a className="button button--secondary" href={invoiceHref} download={`invoice-${order.REF}.pdf`}>
            {m.account_invoicePdf({ ref: order.REF })}
          </a>
        ) : (
          <button type="button" className="button button--secondary" onClick={onInvoice}>
            {m.account_invoicePdf({ ref: order.REF })}
          </button>
        )}
      </p>
      {children}
      <div className="order-detail__table">
        <table>
          <thead>
            <tr>
              <th scope="col">{m.account_product()}</th>
              <th scope="col">{m.account_quantity()}</th>
              <th scope="col">{m.account_unitPrice()}</th>
              <th scope="col">{m.account_lineTotal()}</th>
            </tr>
          </thead>
          <tbody>
            {products.map((p) => (
              <tr key={p.ID}>
                <th scope="row">
                  {p.TITLE}
                  <br />
                  <span className="order-detail__ref">{p.REF}</span>
                </th>
                <td>{p.QUANTITY}</td>
                <td>{fmt(p.TAXED_PRICE)}</td>
                <td>{fmt(p.TOTAL_TAXED_PRICE)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="order-detail__sums">
        <div>
          <dt>{m.account_goods()}</dt>
          <dd data-sum="goods">{fmt(order.GOODS)}</dd>
        </div>
        <div>
          <dt>{m.account_shipment()}</dt>
          <dd data-sum="shipment">{order.POSTAGE === 0 ? m.account_free() : fmt(order.POSTAGE)}</dd>
        </div>
        {order.DISCOUNT > 0 ? (
          <div>
            <dt>
              {m.account_discount()}
              {order.COUPON_CODE ? ` (${order.COUPON_CODE})` : ''}
            </dt>
            <dd data-sum="discount">−{fmt(order.DISCOUNT)}</dd>
          </div>
        ) : null}
        <div className="order-detail__total">
          <dt>{m.account_total()}</dt>
          <dd data-sum="total">{fmt(order.TOTAL)}</dd>
        </div>
        <div>
          <dt>{order.VAT_EXCLUDED ? m.account_vatExcluded() : m.account_vatIncluded()}</dt>
          <dd data-sum="vat">{fmt(order.VAT)}</dd>
        </div>
      </dl>
      <div className="order-detail__addresses">
        <Address title={m.account_invoiceAddress()} a={order.INVOICE_ADDRESS} />
        <Address title={m.account_deliveryAddress()} a={order.DELIVERY_ADDRESS} />
      </div>
      {order.MESSAGE ? (
        <p>
          <strong>{m.account_orderMessage()}:</strong> {order.MESSAGE}
        </p>
      ) : null}
    </article>
  );
}
