import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cancellationCharge, DEFAULT_CANCELLATION_POLICY, freeCancelUntil } from './cancellation';

const START = Date.parse('2026-12-01T15:00:00Z');
const HOUR = 3_600_000;

describe('cancellation charge', () => {
  it('is free until 24 h before by default, then half the price, rounded down', () => {
    const at = (hoursBefore: number, price = 8_501) =>
      cancellationCharge({
        by: 'client',
        price,
        scheduledAt: START,
        now: START - hoursBefore * HOUR,
        policy: DEFAULT_CANCELLATION_POLICY,
      });
    expect(freeCancelUntil(START, DEFAULT_CANCELLATION_POLICY)).toBe(START - 24 * HOUR);
    expect(at(24.001)).toBe(0);
    expect(at(24)).toBe(4_250);
    expect(at(1)).toBe(4_250);
    expect(at(1, 0)).toBe(0);
  });

  it('never charges a coach who cancels; never more than the price; later never costs less', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 720 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: -800 * 60, max: 0 }),
        fc.integer({ min: 0, max: 600 }),
        (price, freeCancelHours, lateCancelPercent, minutesBefore, laterBy) => {
          const policy = { freeCancelHours, lateCancelPercent };
          const now = START + minutesBefore * 60_000;
          const charge = (by: 'client' | 'coach', at: number) =>
            cancellationCharge({ by, price, scheduledAt: START, now: at, policy });
          expect(charge('coach', now)).toBe(0);
          const client = charge('client', now);
          expect(client).toBeGreaterThanOrEqual(0);
          expect(client).toBeLessThanOrEqual(price);
          expect(charge('client', Math.min(START, now + laterBy * 60_000))).toBeGreaterThanOrEqual(client);
        },
      ),
    );
  });
});
