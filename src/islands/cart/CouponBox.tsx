/** The coupon box of /cart and /checkout: apply a code, see it applied (or lapsed), remove it; the server's reasons shown. */
import { useId, useState } from 'react';
import { m } from '../../i18n/generated/messages.js';
import type { couponStatus } from '../../stores/coupon.ts';
import { applyCoupon, removeCoupon } from '../../stores/coupon-actions.ts';

type Submit = { preventDefault(): void };

export function CouponBox({ applied, stored, lapsed, state }: { applied: string | null; stored: string; lapsed: boolean; state: ReturnType<typeof couponStatus.get> }) {
  const [code, setCode] = useState('');
  const id = useId();
  const errorId = `${id}-error`;
  const busy = state.status === 'busy';
  const shown = applied ?? (lapsed ? stored : null);
  const submit = async (e: Submit) => {
    e.preventDefault();
    if (await applyCoupon(code)) setCode('');
  };
  return (
    <div className="coupon" data-coupon>
      {shown ? (
        <div className="coupon__applied">
          <p data-coupon-applied>{lapsed && !applied ? m.coupon_lapsed({ code: shown }) : m.coupon_applied({ code: shown })}</p>
          <button type="button" className="link-button" disabled={busy} onClick={() => void removeCoupon()} data-coupon-remove>
            {m.coupon_remove()}
          </button>
        </div>
      ) : (
        <form className="coupon__form" onSubmit={(e) => void submit(e)}>
          <label htmlFor={id}>{m.coupon_label()}</label>
          <div className="coupon__row">
            <input
              id={id}
              type="text"
              autoComplete="off"
              maxLength={64}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              aria-invalid={state.status === 'error'}
              aria-describedby={state.status === 'error' ? errorId : undefined}
              data-coupon-input
            />
            <button type="submit" className="button button--secondary" disabled={busy}>
              {m.coupon_apply()}
            </button>
          </div>
        </form>
      )}
      <p id={errorId} className="coupon__error" role="alert" data-coupon-error>
        {state.status === 'error' ? state.message : ''}
      </p>
    </div>
  );
}
