import { cents, nonNegativeCents, subtractCents, type Cents } from '../money/cents';
import { splitSettlement } from '../money/pricing';
import type { LedgerAccountKind, LedgerTransactionKind } from './accounts';

/**
 * The ledger postings of a session's payment, as data: which kinds of account move how many signed
 * cents. Every posting balances (its lines sum to zero) and has no zero line (a 1-cent capture gives the
 * coach floor(0.95) = 0: that line is left out). The settlement service turns kinds into the accounts
 * of the hold's client, coach or the platform (`partyOf`) and posts them with the hold's status change.
 *
 * - hold: client_wallet -> client_held
 * - release: client_held -> client_wallet
 * - capture: client_held -> coach_pending floor(95 %) + platform_revenue the rest
 * - refund (captured holds, partial allowed, total never above the amount): split in the capture's
 *   proportion, cumulatively, so partial refunds add up to the exact capture split (`refundCoachPart`).
 *   The coach's part comes from their earnings as far as their balance goes; the platform covers any
 *   shortfall, so the client is always made whole and no person's account goes negative.
 */
export type PostingLine = { account: LedgerAccountKind; amount: Cents };
export type Posting = { kind: LedgerTransactionKind; lines: PostingLine[] };

const posting = (kind: LedgerTransactionKind, lines: PostingLine[]): Posting => ({
  kind,
  lines: lines.filter((line) => line.amount !== 0),
});

const move = (kind: LedgerTransactionKind, from: LedgerAccountKind, to: LedgerAccountKind, amount: Cents) =>
  posting(kind, [
    { account: from, amount: cents(-nonNegativeCents(amount)) },
    { account: to, amount },
  ]);

export const holdPosting = (amount: Cents): Posting => move('hold', 'client_wallet', 'client_held', amount);

export const releasePosting = (amount: Cents): Posting =>
  move('release', 'client_held', 'client_wallet', amount);

export function capturePosting(amount: Cents): {
  posting: Posting;
  split: { coach: Cents; platform: Cents };
} {
  const split = splitSettlement(amount);
  return {
    posting: posting('capture', [
      { account: 'client_held', amount: cents(-amount) },
      { account: 'coach_pending', amount: split.coach },
      { account: 'platform_revenue', amount: split.platform },
    ]),
    split,
  };
}

/**
 * The coach's cumulative share of `refunded` cents of a capture of `amount` of which the coach got
 * `coach`: floor(refunded × coach / amount) (0 for an empty capture). What the coach keeps of a
 * capture is coach − this share.
 */
export const refundedCoachShare = (refunded: number, coach: number, amount: number): number =>
  amount === 0 ? 0 : Math.floor((refunded * coach) / amount);

/**
 * The coach's part of a refund of `refund` cents when `refundedBefore` were already refunded, of a
 * capture of `amount` of which the coach got `capturedCoach`: floor(R' × coach / amount) − floor(R ×
 * coach / amount), R and R' the refunded totals before and after. The platform's part is the rest.
 */
export function refundCoachPart(input: {
  amount: Cents;
  capturedCoach: Cents;
  refundedBefore: Cents;
  refund: Cents;
}): Cents {
  const { amount, capturedCoach, refundedBefore, refund } = input;
  if (refundedBefore < 0 || refund <= 0 || refundedBefore + refund > amount)
    throw new RangeError(`A refund of ${refund} after ${refundedBefore} does not fit a capture of ${amount}`);
  return cents(
    refundedCoachShare(refundedBefore + refund, capturedCoach, amount) -
      refundedCoachShare(refundedBefore, capturedCoach, amount),
  );
}

export type RefundPosting = {
  posting: Posting;
  /** Taken back from the coach's earnings account. */
  fromCoach: Cents;
  /** Taken back from platform revenue (its proportional part plus any coach shortfall). */
  fromPlatform: Cents;
  /** The coach's part their balance did not cover (the platform paid it). */
  coachShortfall: Cents;
};

/**
 * A refund of `refund` cents into the client's wallet: `coachPart` (see refundCoachPart) from
 * `coachAccount` as far as `coachBalance` goes, the rest from platform_revenue.
 */
export function refundPosting(input: {
  refund: Cents;
  coachPart: Cents;
  coachBalance: Cents;
  coachAccount: 'coach_pending' | 'coach_available';
}): RefundPosting {
  const { refund, coachPart, coachBalance, coachAccount } = input;
  const fromCoach = cents(Math.max(0, Math.min(coachPart, coachBalance)));
  const fromPlatform = subtractCents(refund, fromCoach);
  return {
    posting: posting('refund', [
      { account: coachAccount, amount: cents(-fromCoach) },
      { account: 'platform_revenue', amount: cents(-fromPlatform) },
      { account: 'client_wallet', amount: refund },
    ]),
    fromCoach,
    fromPlatform,
    coachShortfall: subtractCents(coachPart, fromCoach),
  };
}

/** Before the earnings job made a capture's share available it is in coach_pending; afterwards, coach_available. */
export const refundCoachAccount = (earningsAvailable: boolean): 'coach_pending' | 'coach_available' =>
  earningsAvailable ? 'coach_available' : 'coach_pending';
