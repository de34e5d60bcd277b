import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents, type Cents } from '../money/cents';
import { splitSettlement } from '../money/pricing';
import {
  capturePosting,
  holdPosting,
  type Posting,
  refundCoachAccount,
  refundCoachPart,
  refundPosting,
  releasePosting,
} from './postings';

const sum = (posting: Posting) => posting.lines.reduce((total, line) => total + line.amount, 0);
const amountArb = fc.integer({ min: 1, max: 10_000_000 }).map(cents);

/** A capture and a sequence of partial refunds that never exceeds it. */
const refundsArb = amountArb.chain((amount) =>
  fc.array(fc.integer({ min: 1, max: amount }), { minLength: 1, maxLength: 8 }).map((parts) => {
    const refunds: Cents[] = [];
    let left = amount as number;
    for (const part of parts) {
      const refund = Math.min(part, left);
      if (refund === 0) break;
      refunds.push(cents(refund));
      left -= refund;
    }
    return { amount, refunds };
  }),
);

describe('ledger postings', () => {
  it('hold and release move the amount between the client wallet and held account', () => {
    expect(holdPosting(cents(4500))).toEqual({
      kind: 'hold',
      lines: [
        { account: 'client_wallet', amount: -4500 },
        { account: 'client_held', amount: 4500 },
      ],
    });
    expect(releasePosting(cents(4500)).lines).toEqual([
      { account: 'client_held', amount: -4500 },
      { account: 'client_wallet', amount: 4500 },
    ]);
  });

  it('capture gives the coach floor(95 %) and the platform the rest, leaving out a zero line', () => {
    expect(capturePosting(cents(3333)).posting.lines).toEqual([
      { account: 'client_held', amount: -3333 },
      { account: 'coach_pending', amount: 3166 },
      { account: 'platform_revenue', amount: 167 },
    ]);
    expect(capturePosting(cents(1)).posting.lines).toEqual([
      { account: 'client_held', amount: -1 },
      { account: 'platform_revenue', amount: 1 },
    ]);
  });

  it('every posting balances and has no zero line', () => {
    fc.assert(
      fc.property(amountArb, fc.integer({ min: 0, max: 10_000_000 }), (amount, balance) => {
        const part = refundCoachPart({
          amount,
          capturedCoach: splitSettlement(amount).coach,
          refundedBefore: cents(0),
          refund: amount,
        });
        const postings = [
          holdPosting(amount),
          releasePosting(amount),
          capturePosting(amount).posting,
          refundPosting({
            refund: amount,
            coachPart: part,
            coachBalance: cents(balance),
            coachAccount: 'coach_pending',
          }).posting,
        ];
        for (const posting of postings) {
          expect(sum(posting)).toBe(0);
          expect(posting.lines.length).toBeGreaterThanOrEqual(2);
          expect(posting.lines.every((line) => line.amount !== 0)).toBe(true);
        }
      }),
    );
  });

  it('partial refunds add up to the capture split: never more than each side was paid', () => {
    fc.assert(
      fc.property(refundsArb, ({ amount, refunds }) => {
        const split = splitSettlement(amount);
        let before = 0;
        let coachTotal = 0;
        let platformTotal = 0;
        for (const refund of refunds) {
          const coachPart = refundCoachPart({
            amount,
            capturedCoach: split.coach,
            refundedBefore: cents(before),
            refund,
          });
          expect(coachPart).toBeGreaterThanOrEqual(0);
          expect(coachPart).toBeLessThanOrEqual(refund);
          before += refund;
          coachTotal += coachPart;
          platformTotal += refund - coachPart;
          expect(coachTotal).toBeLessThanOrEqual(split.coach);
          expect(platformTotal).toBeLessThanOrEqual(split.platform);
        }
        if (before === amount) {
          expect(coachTotal).toBe(split.coach);
          expect(platformTotal).toBe(split.platform);
        }
      }),
    );
  });

  it("takes the coach's part only as far as their balance goes; the platform covers the rest", () => {
    fc.assert(
      fc.property(
        amountArb,
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (refund, part, balance) => {
          const coachPart = cents(Math.min(part, refund));
          const result = refundPosting({
            refund,
            coachPart,
            coachBalance: cents(balance),
            coachAccount: 'coach_available',
          });
          expect(result.fromCoach + result.fromPlatform).toBe(refund);
          expect(result.fromCoach).toBeLessThanOrEqual(balance);
          expect(result.fromCoach + result.coachShortfall).toBe(coachPart);
          expect(sum(result.posting)).toBe(0);
        },
      ),
    );
  });

  it('names the lines of a refund the coach can no longer cover', () => {
    expect(
      refundPosting({
        refund: cents(1000),
        coachPart: cents(950),
        coachBalance: cents(200),
        coachAccount: 'coach_available',
      }),
    ).toEqual({
      posting: {
        kind: 'refund',
        lines: [
          { account: 'coach_available', amount: -200 },
          { account: 'platform_revenue', amount: -800 },
          { account: 'client_wallet', amount: 1000 },
        ],
      },
      fromCoach: 200,
      fromPlatform: 800,
      coachShortfall: 750,
    });
  });

  it('refuses a refund beyond the capture', () => {
    expect(() =>
      refundCoachPart({
        amount: cents(100),
        capturedCoach: cents(95),
        refundedBefore: cents(60),
        refund: cents(41),
      }),
    ).toThrow(RangeError);
  });

  it('refunds from pending earnings until they were made available', () => {
    expect(refundCoachAccount(false)).toBe('coach_pending');
    expect(refundCoachAccount(true)).toBe('coach_available');
  });
});
