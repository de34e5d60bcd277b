import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents } from './cents';
import { applyCoupon, couponDiscount } from './discount';

describe('coupon discount', () => {
  it('takes a rounded percentage, capped at 100 %, or a fixed amount', () => {
    expect(couponDiscount(cents(4500), { discountType: 'percent', value: 15 })).toBe(675);
    expect(couponDiscount(cents(333), { discountType: 'percent', value: 50 })).toBe(167);
    expect(couponDiscount(cents(4500), { discountType: 'percent', value: 150 })).toBe(4500);
    expect(couponDiscount(cents(4500), { discountType: 'fixed', value: 1000 })).toBe(1000);
  });

  it('never takes off more than the price', () => {
    expect(applyCoupon(cents(4500), { discountType: 'fixed', value: 9999 })).toEqual({
      final: 0,
      applied: 4500,
    });
    expect(applyCoupon(cents(4500), null)).toEqual({ final: 4500, applied: 0 });
  });

  it('never makes a price negative, and what is applied plus the final price is the price', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.constantFrom('percent' as const, 'fixed' as const),
        fc.integer({ min: 0, max: 100_000_000 }),
        (price, discountType, value) => {
          const { final, applied } = applyCoupon(cents(price), { discountType, value });
          expect(final).toBeGreaterThanOrEqual(0);
          expect(applied).toBeGreaterThanOrEqual(0);
          expect(applied).toBeLessThanOrEqual(price);
          expect(final + applied).toBe(price);
        },
      ),
    );
  });
});
