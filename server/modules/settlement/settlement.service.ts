import type { Clock } from '#domain/clock';
import { AppError } from '#domain/errors/app-error';
import { partyOf } from '#domain/ledger/accounts';
import {
  capturePosting,
  holdPosting,
  type Posting,
  refundCoachAccount,
  refundCoachPart,
  refundPosting,
  releasePosting,
} from '#domain/ledger/postings';
import { cents, type Cents } from '#domain/money/cents';
import { applyCoupon } from '#domain/money/discount';
import { onDemandPrice, ratePer15Minutes, type SessionFormat } from '#domain/money/pricing';
import { inTransaction, type Database, type DbExecutor } from '#server/db/client';
import type { CouponsService } from '../coupons/coupons.service';
import type { LedgerEntryInput, LedgerService } from '../ledger/ledger.service';
import type {
  CoachRatesRow,
  HoldReference,
  MoneyHoldRow,
  SettlementRepository,
} from './settlement.repository';

export type { HoldReference };

/** What settlement needs of the coupons service: validate for quotes, redeem/release with holds. */
export type SettlementCoupons = Pick<CouponsService, 'validate' | 'redeem' | 'releaseFor'>;

/** The coupon of a hold: its code and the cents the quote took off (recorded as its redemption). */
export type HoldCoupon = { code: string; discountAmount: number };

export type Quote = {
  /** Cents per 15 minutes. */
  rate: Cents;
  price: Cents;
  original_price: Cents;
  /** null when there is no discount (SPEC §3: discount_amount is null when 0). */
  discount_amount: Cents | null;
  final: Cents;
  coupon_code: string | null;
  coupon_discount_type: 'percent' | 'fixed' | null;
};

export type MoneyHold = {
  id: string;
  clientId: string;
  coachId: string;
  reference: HoldReference;
  amount: Cents;
  status: MoneyHoldRow['status'];
  capturedCoachAmount: Cents | null;
  capturedPlatformAmount: Cents | null;
  refundedAmount: Cents;
};

export type RefundResult = {
  hold: MoneyHold;
  /** Taken back from the coach's pending earnings. */
  fromCoach: Cents;
  /** Taken back from platform revenue (its proportional part plus any coach shortfall). */
  fromPlatform: Cents;
};

const toHold = (row: MoneyHoldRow): MoneyHold => ({
  id: row.id,
  clientId: row.clientId,
  coachId: row.coachId,
  reference: { type: row.referenceType, id: row.referenceId },
  amount: cents(row.amount),
  status: row.status,
  capturedCoachAmount: row.capturedCoachAmount === null ? null : cents(row.capturedCoachAmount),
  capturedPlatformAmount: row.capturedPlatformAmount === null ? null : cents(row.capturedPlatformAmount),
  refundedAmount: cents(row.refundedAmount),
});

function positiveAmount(amount: number, path: string): Cents {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new AppError('VALIDATION_ERROR', 'The amount must be a positive whole number of cents.', {
      details: [{ path, message: 'Enter a positive amount in cents.' }],
    });
  return cents(amount);
}

/**
 * Holds and settlement, the money service of the sessions capability.
 *
 * Every function takes the caller's executor, so the session's own state change commits with the money
 * (ARCHITECTURE rule 9); each runs in it as it is, without a savepoint (or in its own transaction when
 * given the Database: `own` wraps that). A refusal may leave part of its writes in the caller's
 * transaction (a hold refused for want of money has inserted its money_holds row): let it propagate, as
 * every caller does, or call inside a savepoint of your own to go on (sessions.ending does, per session). Each status change is a compare-and-set on money_holds.status in the SAME
 * transaction as its ledger posting: of two racing captures, or a capture racing a release, exactly one
 * changes the row and posts; the other gets HOLD_ALREADY_SETTLED and posts nothing.
 *
 * Coupons: `quote` validates a coupon code through the coupons service (COUPON_INVALID saying why);
 * `hold` with a coupon redeems it in the same transaction (a failed hold leaves no use, a refused use
 * leaves no hold); `release` gives the use back in the same transaction; capture keeps it.
 *
 * Postings (all reference the hold's reference, e.g. ('session_request', id)) are built by
 * domain/ledger/postings.ts: hold, release, capture floor(95 %) / rest, and refunds split in the
 * capture's proportion with the platform covering what the coach's balance no longer can. A hold
 * short of money is INSUFFICIENT_FUNDS from the ledger.
 */
export function createSettlementService(deps: {
  db: Database;
  repository: SettlementRepository;
  ledger: LedgerService;
  /** Needed to quote or hold with a coupon; without it a coupon is refused (COUPON_INVALID). */
  coupons?: SettlementCoupons;
  clock: Clock;
}) {
  const { db, repository, ledger, clock } = deps;
  const coupons: SettlementCoupons = deps.coupons ?? {
    validate: () => Promise.reject(new AppError('COUPON_INVALID')),
    redeem: () => Promise.reject(new AppError('COUPON_INVALID')),
    releaseFor: () => Promise.resolve(false),
  };

  /** The entries of a posting: each line's kind of account, of the hold's client or coach or the platform. */
  const entriesOf = (posting: Posting, owners: { clientId: string; coachId: string }): LedgerEntryInput[] =>
    posting.lines.map((line) => {
      const party = partyOf(line.account);
      const owner = party === 'client' ? owners.clientId : party === 'coach' ? owners.coachId : null;
      return { account: line.account, owner, amount: line.amount };
    });

  /** Explains why a compare-and-set changed nothing. */
  async function refuse(executor: DbExecutor, reference: HoldReference): Promise<never> {
    const current = await repository.findHold(executor, reference);
    if (!current) throw new AppError('NOT_FOUND', 'No payment is reserved for this session request.');
    throw new AppError('HOLD_ALREADY_SETTLED');
  }

  /**
   * The price of `minutes` of `format` with the coach (SPEC §9) and, with `couponCode`, the coupon's
   * discount: the coupon is validated for this coach and, when `clientId` is given, this client's
   * per-client limit (COUPON_INVALID with the reason otherwise). The discount never exceeds the price.
   */
  async function quote(
    input: {
      coachId: string;
      format: SessionFormat;
      minutes: number;
      couponCode?: string | null;
      clientId?: string | null;
      /** The coach's rates when the caller has just read them (a session request's context read). */
      rates?: CoachRatesRow;
    },
    executor: DbExecutor = db,
  ): Promise<Quote> {
    if (!Number.isSafeInteger(input.minutes) || input.minutes <= 0)
      throw new AppError('VALIDATION_ERROR', 'The session length must be a positive number of minutes.', {
        details: [{ path: 'minutes', message: 'Choose a session length in whole minutes.' }],
      });
    const rates = input.rates ?? (await repository.coachRates(executor, input.coachId));
    if (!rates) throw new AppError('NOT_FOUND', 'This coach could not be found.');
    const rate = ratePer15Minutes(input.format, rates);
    const price = onDemandPrice(input.format, input.minutes, rates);
    const coupon = input.couponCode
      ? await coupons.validate(executor, {
          code: input.couponCode,
          coachId: input.coachId,
          clientId: input.clientId ?? null,
        })
      : null;
    // The discount actually applied: never more than the price.
    const { final, applied } = applyCoupon(price, coupon);
    return {
      rate,
      price,
      original_price: price,
      discount_amount: applied === 0 ? null : applied,
      final,
      coupon_code: coupon && applied > 0 ? coupon.code : null,
      coupon_discount_type: coupon && applied > 0 ? coupon.discountType : null,
    };
  }

  async function hold(
    executor: DbExecutor,
    input: {
      clientId: string;
      coachId: string;
      reference: HoldReference;
      amount: number;
      /** What is bought (sessions): shown in coach earnings by format. */
      format?: SessionFormat | null;
      durationMinutes?: number | null;
      /** The coupon the quote applied: redeemed with the hold, in the same transaction. */
      coupon?: HoldCoupon | null;
    },
  ): Promise<MoneyHold> {
    const amount = positiveAmount(input.amount, 'amount');
    const coupon = input.coupon ?? null;
    return inTransaction(executor, async (tx) => {
      const row = await repository.insertHold(tx, {
        clientId: input.clientId,
        coachId: input.coachId,
        reference: input.reference,
        amount,
        format: input.format ?? null,
        durationMinutes: input.durationMinutes ?? null,
        now: clock.now(),
      });
      if (!row) throw new AppError('HOLD_ALREADY_EXISTS');
      // The coupon's row lock comes before the wallet's (ledger.post), in every hold: no lock cycle.
      if (coupon)
        await coupons.redeem(tx, {
          code: coupon.code,
          coachId: input.coachId,
          clientId: input.clientId,
          reference: input.reference,
          discountAmount: coupon.discountAmount,
        });
      const posting = holdPosting(amount);
      await ledger.post(tx, {
        kind: posting.kind,
        reference: input.reference,
        entries: entriesOf(posting, input),
        metadata: {
          holdId: row.id,
          coachId: input.coachId,
          ...(coupon ? { couponCode: coupon.code, discountAmount: coupon.discountAmount } : {}),
        },
      });
      return toHold(row);
    });
  }

  /**
   * Gives a held amount back. `couponRedeemed: false` tells that the hold redeemed no coupon (the caller
   * knows: a request without a coupon code), which spares looking for a coupon use to give back.
   */
  async function release(
    executor: DbExecutor,
    reference: HoldReference,
    options: { couponRedeemed?: boolean } = {},
  ): Promise<MoneyHold> {
    return inTransaction(executor, async (tx) => {
      const row = await repository.markReleased(tx, reference, clock.now());
      if (!row) return refuse(tx, reference);
      // A declined, cancelled or expired request gives its coupon use back.
      if (options.couponRedeemed ?? true) await coupons.releaseFor(tx, reference);
      const posting = releasePosting(cents(row.amount));
      await ledger.post(tx, {
        kind: posting.kind,
        reference,
        entries: entriesOf(posting, row),
        metadata: { holdId: row.id },
      });
      return toHold(row);
    });
  }

  async function capture(executor: DbExecutor, reference: HoldReference): Promise<MoneyHold> {
    return inTransaction(executor, async (tx) => {
      const current = await repository.findHold(tx, reference);
      if (!current) return refuse(tx, reference);
      const { posting, split } = capturePosting(cents(current.amount));
      const row = await repository.markCaptured(tx, reference, split, clock.now());
      if (!row) return refuse(tx, reference);
      await ledger.post(tx, {
        kind: posting.kind,
        reference,
        entries: entriesOf(posting, row),
        metadata: { holdId: row.id, coach: split.coach, platform: split.platform },
      });
      return toHold(row);
    });
  }

  async function refund(
    executor: DbExecutor,
    input: { reference: HoldReference; amount: number; reason: string },
  ): Promise<RefundResult> {
    const amount = positiveAmount(input.amount, 'amount');
    const reason = input.reason.trim();
    if (reason === '')
      throw new AppError('VALIDATION_ERROR', 'Give a reason for the refund.', {
        details: [{ path: 'reason', message: 'Give a reason for the refund.' }],
      });
    return inTransaction(executor, async (tx) => {
      const row = await repository.addRefund(tx, input.reference, amount, clock.now());
      if (!row) {
        const current = await repository.findHold(tx, input.reference);
        if (!current) throw new AppError('NOT_FOUND', 'No payment is reserved for this session request.');
        if (current.status !== 'captured') throw new AppError('HOLD_NOT_CAPTURED');
        throw new AppError(
          'REFUND_EXCEEDS_CAPTURED',
          `At most ${current.amount - current.refundedAmount} cents are left to refund for this session.`,
        );
      }
      const coachPart = refundCoachPart({
        amount: cents(row.amount),
        capturedCoach: cents(row.capturedCoachAmount ?? 0),
        refundedBefore: cents(row.refundedAmount - amount),
        refund: amount,
      });
      const coachAccountKind = refundCoachAccount(row.earningsAvailableAt !== null);
      const coachAccount = await ledger.ensureAccount(tx, coachAccountKind, row.coachId);
      const coachBalance = await ledger.balanceOf(tx, coachAccount.id);
      const { posting, fromCoach, fromPlatform, coachShortfall } = refundPosting({
        refund: amount,
        coachPart,
        coachBalance,
        coachAccount: coachAccountKind,
      });
      await ledger.post(tx, {
        kind: posting.kind,
        reference: input.reference,
        entries: entriesOf(posting, row),
        metadata: { holdId: row.id, reason, fromCoach, fromPlatform, coachShortfall },
      });
      return { hold: toHold(row), fromCoach, fromPlatform };
    });
  }

  async function findHold(reference: HoldReference, executor: DbExecutor = db): Promise<MoneyHold | null> {
    const row = await repository.findHold(executor, reference);
    return row ? toHold(row) : null;
  }

  return {
    quote,
    /**
     * GET /api/coaches/:coachId/quote: the price the caller would pay, with their coupon checked for them.
     * Someone who is not a coach answers 404 like an unknown id.
     */
    async quoteForClient(
      clientId: string,
      input: { coachId: string; format: SessionFormat; minutes: number; couponCode: string | null },
    ): Promise<Quote> {
      if (!(await repository.holdsCoachRole(db, input.coachId)))
        throw new AppError('NOT_FOUND', 'This coach could not be found.');
      return quote({ ...input, clientId });
    },
    hold,
    release,
    capture,
    refund,
    findHold,
    /** The same operations in their own transaction, for callers with no state change of their own. */
    own: {
      hold: (input: Parameters<typeof hold>[1]) => hold(db, input),
      release: (reference: HoldReference) => release(db, reference),
      capture: (reference: HoldReference) => capture(db, reference),
      refund: (input: Parameters<typeof refund>[1]) => refund(db, input),
    },
  };
}

export type SettlementService = ReturnType<typeof createSettlementService>;
