/**
 * The applied coupon (spec §3 stored values `appliedCoupon`, `appliedCouponDiscount`; §4: the
 * stored coupon is applied again when the customer changes). Persistent and in step across tabs.
 * `appliedCouponDiscount` holds the discount in the currency as the API answered it ("3.6").
 */
import { atom } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
import { positiveId } from '../api/contract/id.ts';
import { toCents } from '../catalog/prices.ts';

export const appliedCoupon = persistentAtom<string>('appliedCoupon', '');
export const appliedCouponDiscount = persistentAtom<string>('appliedCouponDiscount', '');

export type CouponStatus = { status: 'idle' } | { status: 'busy' } | { status: 'error'; message: string };
export const couponStatus = atom<CouponStatus>({ status: 'idle' });

/** The API's limit on a code (InsertCouponRequest). */
export const COUPON_MAX_LENGTH = 64;

/** What the shopper typed as a code to send, or null when there is nothing to send. */
export function normalizeCouponCode(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  const code = input.trim();
  return code.length > 0 && code.length <= COUPON_MAX_LENGTH ? code : null;
}

/** The stored discount in cents: a non-negative amount, else 0 (a corrupt value counts as none). */
export function storedDiscountCents(raw: unknown): number {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  return Number.isFinite(n) && n > 0 ? toCents(n) : 0;
}

/**
 * Spec §4: the stored coupon is applied again when the customer changes (log in, log out,
 * another account): the coupon's rules (once per customer) depend on who orders.
 * `previous` undefined means the first look at the customer (page start): nothing changed.
 */
export function shouldReapplyCoupon(previous: string | undefined, current: string, stored: string): boolean {
  if (previous === undefined || previous === current) return false;
  return normalizeCouponCode(stored) !== null;
}

/** Who orders, as far as coupons care: the stored customer id when logged in, else '' (a guest). */
export function customerKey(loggedIn: boolean, customerId: string): string {
  if (!loggedIn) return '';
  return String(positiveId(customerId) ?? 'unknown');
}

/** The discount line (spec §2): shown when the server cart carries a discount, with its coupon code. */
export function discountLine(cart: { coupon_code: string | null; totals: { discount: number } } | null, stored: string): { code: string; cents: number } | null {
  if (!cart) return null;
  const cents = toCents(cart.totals.discount);
  if (cents <= 0) return null;
  return { code: cart.coupon_code ?? normalizeCouponCode(stored) ?? '', cents };
}

/**
 * A coupon the shopper applied that the server no longer takes for this cart (e.g. the goods fell
 * below its minimum): the cart page says so and offers to remove it.
 */
export function couponLapsed(cart: { coupon_code: string | null } | null, stored: string): boolean {
  return !!cart && normalizeCouponCode(stored) !== null && cart.coupon_code === null;
}
