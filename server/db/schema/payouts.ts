import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from '#domain/payouts/withdrawal-status';
import { users, userRef } from './accounts';
import { moneyHolds } from './holds';
import { uuidPk, timestamptz, cents, requiredRef } from './columns';

/**
 * Coach payouts. Payout methods are where a financial admin sends a coach's money
 * (by bank transfer or PayPal, outside the platform); the API shows coaches only a masked form.
 * A withdrawal moves earnings coach_available -> payouts when requested; a rejection moves them back;
 * "paid" moves payouts -> provider_clearing (the money has left the platform's account). Each status
 * change is a compare-and-set on `status` in the same transaction as its ledger posting.
 */
export const PAYOUT_METHOD_KINDS = ['bank_account', 'paypal'] as const;
export type PayoutMethodKind = (typeof PAYOUT_METHOD_KINDS)[number];

export const payoutMethods = pgTable(
  'payout_methods',
  {
    id: uuidPk(),
    coachId: userRef('coach_id'),
    kind: text('kind').$type<PayoutMethodKind>().notNull(),
    /** bank_account: { holder_name, bank_name, routing_number, account_number }; paypal: { email }. */
    details: jsonb('details').$type<Record<string, string>>().notNull(),
    /** What coaches see, e.g. "Chase ••6789" or "a••@example.com". */
    label: text('label').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamptz('created_at').notNull(),
    /** Removed methods stay for the withdrawals that used them. */
    removedAt: timestamptz('removed_at'),
  },
  (table) => [
    check('payout_methods_kind_ck', sql`${table.kind} in ('bank_account', 'paypal')`),
    index('payout_methods_coach_idx').on(table.coachId, table.createdAt),
  ],
);

// The statuses are the domain's (domain/payouts/withdrawal-status.ts).
export { WITHDRAWAL_STATUSES, type WithdrawalStatus };

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuidPk(),
    coachId: userRef('coach_id'),
    payoutMethodId: requiredRef('payout_method_id', () => payoutMethods.id),
    amount: cents('amount').notNull(),
    status: text('status').$type<WithdrawalStatus>().notNull().default('requested'),
    requestedAt: timestamptz('requested_at').notNull(),
    /** The financial admin who approved or rejected it, and when. */
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamptz('decided_at'),
    rejectionReason: text('rejection_reason'),
    paidBy: uuid('paid_by').references(() => users.id),
    paidAt: timestamptz('paid_at'),
    /** The bank transfer or PayPal reference entered when marking it paid. */
    paymentReference: text('payment_reference'),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    check('withdrawals_amount_ck', sql`${table.amount} > 0`),
    check('withdrawals_status_ck', sql`${table.status} in ('requested', 'approved', 'paid', 'rejected')`),
    check('withdrawals_paid_ck', sql`(${table.status} = 'paid') = (${table.paidAt} is not null)`),
    index('withdrawals_coach_idx').on(table.coachId, table.requestedAt),
    index('withdrawals_status_idx').on(table.status, table.requestedAt),
  ],
);

/** Refunds of session payments by financial admins; also audit-logged. */
export const sessionRefunds = pgTable(
  'session_refunds',
  {
    id: uuidPk(),
    holdId: requiredRef('hold_id', () => moneyHolds.id),
    amount: cents('amount').notNull(),
    reason: text('reason').notNull(),
    refundedBy: userRef('refunded_by'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    check('session_refunds_amount_ck', sql`${table.amount} > 0`),
    index('session_refunds_hold_idx').on(table.holdId),
  ],
);

/**
 * Platform-wide settings an admin may change (key -> JSON value). Money settings today:
 * withdrawal_minimum_cents (default 2000) and earnings_hold_days (default 7: how long captured earnings
 * stay pending, i.e. refundable from the coach, before they can be withdrawn).
 */
export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: timestamptz('updated_at').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id),
});
