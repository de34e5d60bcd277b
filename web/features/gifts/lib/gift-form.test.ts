import { describe, expect, it } from 'vitest';
import type { CoachCard } from '#contracts/discovery';
import { deliveryBounds, giftAmount, localDate, validateGiftForm, type GiftFormState } from './gift-form';

const base: GiftFormState = {
  kind: 'credit',
  preset: 2_500,
  custom: '',
  coach: null,
  format: 'video',
  minutes: 30,
  recipientEmail: 'sam@example.test',
  message: '',
  deliverOn: '',
};

const coach = { coach_id: 'c1', price_text: 3_000, price_audio: 3_500, price_video: 4_000 } as CoachCard;
const now = new Date(2026, 10, 21, 12, 0);
const check = (changes: Partial<GiftFormState>) =>
  validateGiftForm({ ...base, ...changes }, { now, ownEmail: 'me@example.test' });

describe('validateGiftForm', () => {
  it('builds the credit body, typed amounts winning over the preset', () => {
    expect(check({ custom: '$40.50', message: '  hi  ', recipientEmail: ' Sam@Example.TEST ' }).body).toEqual(
      {
        kind: 'credit',
        amount: 4_050,
        recipient_email: 'sam@example.test',
        message: 'hi',
      },
    );
  });

  it('prices a session from the coach rates and sends the price it showed', () => {
    const state = { kind: 'session' as const, coach, format: 'text' as const, minutes: 45 as const };
    expect(giftAmount({ ...base, ...state })).toBe(9_000);
    expect(check(state).body).toMatchObject({ kind: 'session', coach_id: 'c1', expected_amount: 9_000 });
    expect(check({ kind: 'session' }).errors).toEqual({ coach: 'Choose a coach for the session.' });
  });

  it('names each problem', () => {
    expect(check({ custom: 'ten' }).errors.amount).toBe('Enter an amount in dollars, like 40 or 40.50.');
    expect(check({ preset: null }).errors.amount).toBe('Choose an amount or type one.');
    expect(check({ recipientEmail: 'ME@example.test' }).errors.recipientEmail).toBe(
      "You can't send a gift to yourself.",
    );
    expect(check({ message: 'x'.repeat(501) }).errors.message).toBe(
      'Keep the message to 500 characters or fewer.',
    );
    expect(check({ deliverOn: '2026-11-20' }).errors.deliverOn).toBe(
      'Choose today or a later date for delivery.',
    );
    expect(check({ deliverOn: '2027-11-22' }).errors.deliverOn).toBe(
      'Choose a delivery date within a year from today.',
    );
    expect(check({ deliverOn: '2026-11-21' }).body).toMatchObject({ deliver_on: '2026-11-21' });
  });
});

describe('deliveryBounds', () => {
  it('runs from today here to a year ahead', () => {
    const bounds = deliveryBounds(now);
    expect(bounds.min).toBe(localDate(now));
    expect(bounds.max <= '2027-11-21').toBe(true);
    expect(bounds.max >= '2027-11-20').toBe(true);
  });
});
