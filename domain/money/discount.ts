import { cents, divideRounded, nonNegativeCents, subtractCents, type Cents } from './cents';
import { finalPrice } from './pricing';

/** A coupon's terms: a percentage of the price (capped at 100) or a fixed number of cents off. */
export type CouponTerms = { discountType: 'percent' | 'fixed'; value: number };

/** What a coupon would take off `price`, before the cap at the price (percent rounded the one way). */
export function couponDiscount(price: Cents, coupon: CouponTerms): Cents {
  return coupon.discountType === 'percent'
    ? nonNegativeCents(divideRounded(nonNegativeCents(price) * Math.min(coupon.value, 100), 100))
    : nonNegativeCents(coupon.value);
}

/**
 * The price after a coupon: `final` never below zero and `applied` (what was really taken off, never more
 * than the price) with final + applied === price. No coupon: nothing applied.
 */
export function applyCoupon(price: Cents, coupon: CouponTerms | null): { final: Cents; applied: Cents } {
  const discount = coupon ? couponDiscount(price, coupon) : cents(0);
  const final = finalPrice({ price, discount });
  return { final, applied: subtractCents(price, final) };
}
