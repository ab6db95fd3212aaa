/**
 * The cart's sums, the same in the mini cart and on /cart (spec §2): goods with the VAT label,
 * shipment ('Free' when 0, a loader while it is computed), the discount with the coupon code, and
 * total = goods + shipment - discount.
 */
import { m } from '../../i18n/generated/messages.js';
import { discountLine } from '../../stores/coupon.ts';
import { vatLabelText } from '../../catalog/vat-label.ts';
import { summarize, vatLabel } from './rules.ts';
import type { useCart } from './use-cart.ts';

interface Props {
  cart: ReturnType<typeof useCart>;
  /** The stored coupon code (appliedCoupon). */
  coupon: string;
  taxTitle: string;
  fmt: (cents: number) => string;
  'data-cart-sums'?: boolean;
  'data-mini-cart-sums'?: boolean;
}

export function CartSums({ cart, coupon, taxTitle, fmt, ...data }: Props) {
  const sum = summarize({ server: cart.server, lines: cart.lines, shipment: cart.shipment });
  const vat = vatLabel(cart.server, cart.vatExcluded);
  const vatText = vatLabelText(vat, taxTitle, {
    vat0: m.header_vat0(),
    incl: (percent, title) => m.catalog_inclVat({ percent: String(percent), title }),
    inclMixed: (title) => m.minicart_vatIncl({ title }),
  });
  const discount = discountLine(cart.server, coupon);
  return (
    <dl className="cart-sums" {...data}>
      <div>
        <dt>
          {/* A new element when the note changes (once the cart's rate is known): a node replaced is not a layout shift, one whose text grows is. */}
          {m.minicart_goods()} <small key={vatText}>({vatText})</small>
        </dt>
        <dd data-sum="goods">{fmt(sum.goods)}</dd>
      </div>
      <div>
        <dt>{m.minicart_shipping()}</dt>
        <dd data-sum="shipment" aria-busy={sum.shipment === null}>
          {sum.shipment !== null ? (
            sum.shipment === 0 ? (
              m.minicart_free()
            ) : (
              fmt(sum.shipment)
            )
          ) : cart.delivery.status === 'error' ? (
            <span className="cart-sums__error">{cart.delivery.message}</span>
          ) : cart.delivery.status === 'ready' && cart.delivery.methodId === null ? (
            <span className="cart-sums__error">{m.delivery_none()}</span>
          ) : (
            <span className="loader" role="img" aria-label={m.minicart_computing()} />
          )}
        </dd>
      </div>
      {discount && (
        <div>
          <dt>{m.minicart_discount({ code: discount.code })}</dt>
          <dd data-sum="discount">−{fmt(discount.cents)}</dd>
        </div>
      )}
      <div className="cart-sums__total">
        <dt>{m.minicart_total()}</dt>
        <dd data-sum="total">{fmt(sum.total)}</dd>
      </div>
    </dl>
  );
}

export function TrashIcon({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" focusable="false">
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </svg>
  );
}
