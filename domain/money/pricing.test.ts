import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents, type Cents } from './cents';
import {
  coachEarnings,
  effectiveRates,
  finalPrice,
  onDemandPrice,
  ON_DEMAND_DEFAULT_RATES,
  priceForMinutes,
  ratePer15Minutes,
  sessionValue,
  splitSettlement,
} from './pricing';

const amount = fc.integer({ min: 0, max: 100_000_000 }).map((value) => cents(value));

describe('SPEC §9 pricing', () => {
  it('uses the profile rate, else text 30, audio 35, video 40 per 15 minutes (one definition)', () => {
    expect(ON_DEMAND_DEFAULT_RATES).toEqual({ text: 3000, audio: 3500, video: 4000 });
    expect(effectiveRates()).toEqual({ text: 3000, audio: 3500, video: 4000 });
    expect(ratePer15Minutes('audio', { on_demand_audio_price: 5000 })).toBe(5000);
    expect(ratePer15Minutes('audio', { on_demand_audio_price: null, on_demand_text_price: 1 })).toBe(3500);
    expect(ratePer15Minutes('text', { on_demand_text_price: 0 })).toBe(0);
  });

  it('prices rate / 15 × minutes rounded to the cent; session_value is 30 minutes', () => {
    expect(onDemandPrice('text', 15)).toBe(3000);
    expect(onDemandPrice('video', 45)).toBe(12000);
    expect(sessionValue('text')).toBe(6000);
    expect(sessionValue('audio')).toBe(7000);
    expect(sessionValue('video', { on_demand_video_price: 2999 })).toBe(5998);
    // 1000 / 15 × 1 = 66.67 -> 67; × 2 = 133.33 -> 133; 1001 / 15 × 7 = 467.13 -> 467.
    expect(priceForMinutes(cents(1000), 1)).toBe(67);
    expect(priceForMinutes(cents(1000), 2)).toBe(133);
    expect(priceForMinutes(cents(1001), 7)).toBe(467);
    expect(priceForMinutes(cents(3000), 0)).toBe(0);
    expect(() => priceForMinutes(cents(3000), 1.5)).toThrow(RangeError);
    expect(() => priceForMinutes(cents(-1), 15)).toThrow();
  });

  it('is the nearest cent to the exact rate / 15 × minutes (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 600 }),
        (rate, minutes) => {
          const price = priceForMinutes(cents(rate), minutes);
          expect(Number.isInteger(price)).toBe(true);
          // |price × 15 − rate × minutes| ≤ 7 (strictly under half of 15, so never a tie).
          expect(Math.abs(price * 15 - rate * minutes)).toBeLessThanOrEqual(7);
        },
      ),
    );
  });

  it('takes the discount off the price (or the original price), never below 0', () => {
    expect(finalPrice({ price: cents(6000), discount: cents(1500) })).toBe(4500);
    expect(finalPrice({ price: cents(4500), originalPrice: cents(6000), discount: cents(1500) })).toBe(4500);
    expect(finalPrice({ price: cents(6000), discount: null })).toBe(6000);
    expect(finalPrice({ price: cents(6000), discount: cents(9000) })).toBe(0);
    fc.assert(
      fc.property(amount, amount, (price, discount) => {
        const result = finalPrice({ price, discount });
        expect(result).toBeGreaterThanOrEqual(0);
        expect(result).toBe(Math.max(0, price - discount));
      }),
    );
  });

  it('gives the coach floor(95 %) and the platform the rest, exact to the cent', () => {
    expect(splitSettlement(cents(6000))).toEqual({ coach: 5700, platform: 300 });
    expect(splitSettlement(cents(1999))).toEqual({ coach: 1899, platform: 100 }); // 1899.05 -> 1899
    expect(splitSettlement(cents(1))).toEqual({ coach: 0, platform: 1 });
    expect(splitSettlement(cents(0))).toEqual({ coach: 0, platform: 0 });
    fc.assert(
      fc.property(amount, (total: Cents) => {
        const { coach, platform } = splitSettlement(total);
        expect(coach + platform).toBe(total);
        expect(coach * 100).toBeLessThanOrEqual(total * 95);
        expect((coach + 1) * 100).toBeGreaterThan(total * 95);
        expect(platform).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('computes earnings from the amount given, else 95 % of payment_amount, else of session_value', () => {
    expect(coachEarnings({ given: cents(1234), paymentAmount: cents(6000) })).toBe(1234);
    expect(coachEarnings({ paymentAmount: cents(6000), sessionValue: cents(7000) })).toBe(5700);
    expect(coachEarnings({ paymentAmount: null, sessionValue: cents(7000) })).toBe(6650);
    expect(coachEarnings({})).toBe(0);
  });
});
