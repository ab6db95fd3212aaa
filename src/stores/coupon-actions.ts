/**
 * Coupons through the shop API: POST ExternalOrderApi/insertCoupon/ applies one (spec §7),
 * POST ExternalOrderApi/removeCoupon/ takes it off; the stored `appliedCoupon` and
 * `appliedCouponDiscount` follow. When the customer changes, the stored coupon is applied again
 * (spec §4); those failures are only logged (spec §8) and a coupon that no longer applies is dropped.
 */
import { ApiError, call, connectionErrorText } from '../api/client.ts';
import { ERRORS } from '../api/contract/common.ts';
import { positiveId } from '../api/contract/id.ts';
import { m } from '../i18n/generated/messages.js';
import { loggedIn, customerIdRaw } from './session.ts';
import { cartId } from './cart.ts';
import { refreshCart } from './cart-actions.ts';
import { appliedCoupon, appliedCouponDiscount, couponStatus, customerKey, normalizeCouponCode, shouldReapplyCoupon } from './coupon.ts';

/** The shopper's words for the server's coupon answers (spec §8 'Error fetching coupon' and the rules). */
export function couponErrorText(error: unknown): string {
  if (!(error instanceof ApiError) || error.kind === 'connection') return connectionErrorText();
  switch (error.serverMessage) {
    case ERRORS.couponNotFound:
      return m.coupon_notFound();
    case ERRORS.couponExpired:
      return m.coupon_expired();
    case ERRORS.couponMinimum:
      return m.coupon_minimum();
    case ERRORS.couponUsed:
      return m.coupon_used();
    case ERRORS.cartNotFound:
      return m.coupon_noCart();
    default:
      return m.coupon_failed();
  }
}

const customerIdNumber = (): number | undefined => (loggedIn.get() ? (positiveId(customerIdRaw.get()) ?? undefined) : undefined);

/** Applies a code to the cart; true when the server took it. */
export async function applyCoupon(input: string, options: { quiet?: boolean } = {}): Promise<boolean> {
  const code = normalizeCouponCode(input);
  if (!code) {
    couponStatus.set({ status: 'error', message: m.coupon_empty() });
    return false;
  }
  const id = cartId.get();
  if (id <= 0) {
    couponStatus.set({ status: 'error', message: m.coupon_noCart() });
    return false;
  }
  couponStatus.set({ status: 'busy' });
  try {
    const answer = await call('insertCoupon', { body: { coupon_code: code, cart_id: id, customer_id: customerIdNumber() } });
    appliedCoupon.set(answer.data.coupon_code);
    appliedCouponDiscount.set(String(answer.data.discount));
    couponStatus.set({ status: 'idle' });
    await refreshCart();
    return true;
  } catch (error) {
    if (options.quiet) {
      console.warn('coupon: could not apply the stored coupon again', error);
      // A coupon the server refuses for this customer is dropped; a connection failure keeps it.
      if (error instanceof ApiError && error.kind === 'server') {
        appliedCoupon.set('');
        appliedCouponDiscount.set('');
      }
      couponStatus.set({ status: 'idle' });
    } else {
      couponStatus.set({ status: 'error', message: couponErrorText(error) });
    }
    return false;
  }
}

/** Takes the coupon off the cart and out of storage; a failure keeps both and says why. */
export async function removeCoupon(): Promise<boolean> {
  const id = cartId.get();
  couponStatus.set({ status: 'busy' });
  try {
    if (id > 0) await call('removeCoupon', { body: { cart_id: id, customer_id: customerIdNumber() } });
    appliedCoupon.set('');
    appliedCouponDiscount.set('');
    couponStatus.set({ status: 'idle' });
    if (id > 0) await refreshCart();
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.serverMessage === ERRORS.cartNotFound) {
      appliedCoupon.set('');
      appliedCouponDiscount.set('');
      couponStatus.set({ status: 'idle' });
      return true;
    }
    couponStatus.set({ status: 'error', message: couponErrorText(error) });
    return false;
  }
}

let watching = false;
/** Spec §4: the stored coupon is applied again when the customer changes. Started once by the cart islands. */
export function watchCustomerForCoupon(): void {
  if (watching) return;
  watching = true;
  let previous: string | undefined;
  const check = () => {
    const now = customerKey(loggedIn.get(), customerIdRaw.get());
    const reapply = shouldReapplyCoupon(previous, now, appliedCoupon.get());
    previous = now;
    if (reapply && cartId.get() > 0) void applyCoupon(appliedCoupon.get(), { quiet: true });
  };
  loggedIn.subscribe(check);
  customerIdRaw.subscribe(check);
}
