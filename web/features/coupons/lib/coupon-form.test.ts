import { describe, expect, it } from 'vitest';
import { COUPON_MESSAGES, type Coupon } from '#contracts/coupons';
import {
  couponStatus,
  discountLabel,
  draftOf,
  endOfDateInput,
  fromDateInput,
  lastDayInput,
  usesLabel,
  validateDraft,
  validityLabel,
} from './coupon-form';

const COUPON: Coupon = {
  id: '00000000-0000-4000-8000-0000000000c1',
  code: 'SPRING20',
  coach_id: null,
  discount_type: 'percent',
  value: 20,
  valid_from: new Date(2026, 0, 1).toISOString(),
  valid_until: new Date(2026, 11, 1).toISOString(),
  max_redemptions: 10,
  max_redemptions_per_client: null,
  active: true,
  uses: 3,
  terms_locked: false,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('coupon dates', () => {
  it('reads whole local days; an end date works through that day', () => {
    expect(fromDateInput('2026-02-30')).toBeNull();
    expect(fromDateInput('soon')).toBeNull();
    expect(fromDateInput('2026-03-05')?.getTime()).toBe(new Date(2026, 2, 5).getTime());
    expect(endOfDateInput('2026-12-31')?.getTime()).toBe(new Date(2027, 0, 1).getTime());
    // valid_until is exclusive: midnight of Dec 1 means the last day is Nov 30.
    expect(lastDayInput(COUPON.valid_until ?? '')).toBe('2026-11-30');
    expect(draftOf(COUPON)).toMatchObject({ startDate: '2026-01-01', endDate: '2026-11-30', value: '20' });
  });

  it('labels discount, uses, validity and status', () => {
    const inJune = new Date(2026, 5, 1);
    expect(discountLabel(COUPON)).toBe('20 %');
    expect(discountLabel({ discount_type: 'fixed', value: 500 })).toBe('$5.00');
    expect(usesLabel(COUPON)).toBe('3 / 10');
    expect(usesLabel({ uses: 4, max_redemptions: null })).toBe('4 (no limit)');
    expect(validityLabel(COUPON, inJune)).toBe('Until Nov 30, 2026');
    expect(validityLabel(COUPON, new Date(2025, 5, 1))).toBe('Starts Jan 1, 2026 · until Nov 30, 2026');
    expect(validityLabel(COUPON, new Date(2026, 11, 1))).toBe('Ended Nov 30, 2026');
    expect(validityLabel({ ...COUPON, valid_until: null }, inJune)).toBe('No end date');
    expect(couponStatus(COUPON, inJune)).toBe('active');
    expect(couponStatus({ ...COUPON, uses: 10 }, inJune)).toBe('used_up');
    expect(couponStatus({ ...COUPON, active: false }, inJune)).toBe('paused');
    expect(couponStatus(COUPON, new Date(2026, 11, 1))).toBe('expired');
    expect(couponStatus(COUPON, new Date(2025, 11, 1))).toBe('scheduled');
  });
});

describe('validateDraft', () => {
  const now = new Date(2026, 5, 1, 12);

  it('builds the create body; an end date in the past is refused', () => {
    const draft = {
      ...draftOf(null),
      code: ' summer ',
      value: '15',
      startDate: '2026-06-10',
      endDate: '2026-06-30',
    };
    expect(validateDraft(draft, null, now)).toEqual({
      errors: {},
      body: {
        code: 'SUMMER',
        discount_type: 'percent',
        value: 15,
        valid_from: new Date(2026, 5, 10).toISOString(),
        valid_until: new Date(2026, 6, 1).toISOString(),
        max_redemptions: null,
        max_redemptions_per_client: null,
        active: true,
      },
    });
    expect(validateDraft({ ...draft, endDate: '2026-05-31' }, null, now).errors).toEqual({
      valid_until: COUPON_MESSAGES.endInPast,
    });
    expect(validateDraft({ ...draft, startDate: '2026-07-10' }, null, now).errors).toEqual({
      valid_until: COUPON_MESSAGES.window,
    });
    expect(validateDraft({ ...draft, discountType: 'fixed', value: '12.345' }, null, now).errors).toEqual({
      value: COUPON_MESSAGES.fixed,
    });
  });

  it('an edit sends only what changed, and a used coupon never its terms', () => {
    expect(validateDraft(draftOf(COUPON), COUPON, now)).toEqual({ errors: {}, body: {} });
    const locked = { ...COUPON, terms_locked: true };
    const edited = { ...draftOf(locked), value: '99', endDate: '', maxRedemptions: '' };
    expect(validateDraft(edited, locked, now)).toEqual({
      errors: {},
      body: { valid_until: null, max_redemptions: null },
    });
    // An end that was already past may stay as it is.
    expect(validateDraft(draftOf(COUPON), COUPON, new Date(2027, 0, 1)).errors).toEqual({});
  });
});
