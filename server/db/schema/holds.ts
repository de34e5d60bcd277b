import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { userRef } from './accounts';
import { uuidPk, timestamptz, cents, timestamps } from './columns';

/**
 * Two-phase payment of a session: a hold moves the quoted price from the client's
 * wallet to their held account; it ends exactly once, released (back to the wallet) or captured (coach
 * pending floor(95 %), platform the rest). Every status change is a compare-and-set on `status` in the
 * same database transaction as its ledger posting, so a hold settles once whatever races. A captured
 * hold can be refunded, partly or fully, up to the captured amount (`refunded_amount`).
 */
export const MONEY_HOLD_STATUSES = ['held', 'released', 'captured'] as const;
export type MoneyHoldStatus = (typeof MONEY_HOLD_STATUSES)[number];

export const moneyHolds = pgTable(
  'money_holds',
  {
    id: uuidPk(),
    clientId: userRef('client_id'),
    coachId: userRef('coach_id'),
    /** What the hold pays for, e.g. ('session_request', id): one hold per reference. */
    referenceType: text('reference_type').notNull(),
    referenceId: text('reference_id').notNull(),
    /** What was bought, for earnings by format (null for holds that are not sessions). */
    format: text('format').$type<'text' | 'audio' | 'video'>(),
    durationMinutes: integer('duration_minutes'),
    /** Integer cents held. */
    amount: cents('amount').notNull(),
    status: text('status').$type<MoneyHoldStatus>().notNull().default('held'),
    /** Set on capture: the coach's floor(95 %) and the platform's rest (sum = amount). */
    capturedCoachAmount: cents('captured_coach_amount'),
    capturedPlatformAmount: cents('captured_platform_amount'),
    /** Refunded to the client's wallet so far (captured holds only). */
    refundedAmount: cents('refunded_amount').notNull().default(0),
    ...timestamps(),
    settledAt: timestamptz('settled_at'),
    /**
     * When the coach's share of a captured hold moved from coach_pending to coach_available (the
     * earnings job, after earnings_hold_days). Refunds before then come from coach_pending, after it
     * from coach_available as far as it goes; the platform covers the rest.
     */
    earningsAvailableAt: timestamptz('earnings_available_at'),
  },
  (table) => [
    unique('money_holds_reference_uq').on(table.referenceType, table.referenceId),
    check('money_holds_amount_ck', sql`${table.amount} > 0`),
    check('money_holds_status_ck', sql`${table.status} in ('held', 'released', 'captured')`),
    check(
      'money_holds_capture_ck',
      sql`(${table.status} = 'captured') = (${table.capturedCoachAmount} is not null and ${table.capturedPlatformAmount} is not null)`,
    ),
    check(
      'money_holds_split_ck',
      sql`${table.capturedCoachAmount} is null or (${table.capturedCoachAmount} >= 0 and ${table.capturedPlatformAmount} >= 0 and ${table.capturedCoachAmount} + ${table.capturedPlatformAmount} = ${table.amount})`,
    ),
    check(
      'money_holds_refund_ck',
      sql`${table.refundedAmount} >= 0 and ${table.refundedAmount} <= ${table.amount} and (${table.refundedAmount} = 0 or ${table.status} = 'captured')`,
    ),
    index('money_holds_client_idx').on(table.clientId, table.createdAt),
    index('money_holds_coach_idx').on(table.coachId, table.createdAt),
    index('money_holds_earnings_due_idx')
      .on(table.settledAt)
      .where(sql`${table.status} = 'captured' and ${table.earningsAvailableAt} is null`),
  ],
);
