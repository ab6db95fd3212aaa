import { describe, expect, it } from 'vitest';
import { couponLapsed, customerKey, discountLine, normalizeCouponCode, shouldReapplyCoupon, storedDiscountCents } from '../../../src/stores/coupon.ts';

const cart = (code: string | null, discount: number) => ({ coupon_code: code, totals: { discount } });

describe('coupon rules (spec §3 appliedCoupon/appliedCouponDiscount, §4)', () => {
  it('coupon re-applied when the customer changes', () => {
    expect(shouldReapplyCoupon('', '42', 'WELCOME10')).toBe(true); // logged in
    expect(shouldReapplyCoupon('42', '', 'WELCOME10')).toBe(true); // logged out
    expect(shouldReapplyCoupon('42', '43', 'WELCOME10')).toBe(true); // another account
  });

  it('coupon not re-applied when the customer stays the same or on the first look', () => {
    expect(shouldReapplyCoupon('42', '42', 'WELCOME10')).toBe(false);
    expect(shouldReapplyCoupon(undefined, '42', 'WELCOME10')).toBe(false);
  });

  it('coupon not re-applied when none is stored', () => {
    expect(shouldReapplyCoupon('', '42', '')).toBe(false);
    expect(shouldReapplyCoupon('', '42', '   ')).toBe(false);
  });

  it('the customer is the stored customer id when logged in, a guest otherwise', () => {
    expect(customerKey(false, '42')).toBe('');
    expect(customerKey(true, '42')).toBe('42');
    expect(customerKey(true, 'junk')).toBe('unknown');
  });

  it('a coupon code is trimmed; empty or too long is not sent', () => {
    expect(normalizeCouponCode('  WELCOME10 ')).toBe('WELCOME10');
    expect(normalizeCouponCode('')).toBeNull();
    expect(normalizeCouponCode('   ')).toBeNull();
    expect(normalizeCouponCode('x'.repeat(65))).toBeNull();
    expect(normalizeCouponCode(12)).toBeNull();
  });

  it('a corrupt stored discount counts as none', () => {
    expect(storedDiscountCents('3.6')).toBe(360);
    for (const raw of ['', 'abc', '-2', 'NaN', null, undefined, {}]) expect(storedDiscountCents(raw), String(raw)).toBe(0);
  });

  it('the discount line shows the server discount with its coupon code', () => {
    expect(discountLine(cart('WELCOME10', 3.6), 'WELCOME10')).toEqual({ code: 'WELCOME10', cents: 360 });
    expect(discountLine(cart(null, 0), 'WELCOME10')).toBeNull();
    expect(discountLine(null, 'WELCOME10')).toBeNull();
  });

  it('a stored coupon the server no longer takes for the cart has lapsed', () => {
    expect(couponLapsed(cart(null, 0), 'WELCOME10')).toBe(true);
    expect(couponLapsed(cart('WELCOME10', 3.6), 'WELCOME10')).toBe(false);
    expect(couponLapsed(cart(null, 0), '')).toBe(false);
  });
});
