import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from '#domain/payouts/withdrawal-status';
import { users } from './accounts';
import { moneyHolds } from './holds';

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
    id: uuid('id').primaryKey().defaultRandom(),
    coachId: uuid('coach_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').$type<PayoutMethodKind>().notNull(),
    /** bank_account: { holder_name, bank_name, routing_number, account_number }; paypal: { email }. */
    details: jsonb('details').$type<Record<string, string>>().notNull(),
    /** What coaches see, e.g. "Chase ••6789" or "a••@example.com". */
    label: text('label').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Removed methods stay for the withdrawals that used them. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
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
    id: uuid('id').primaryKey().defaultRandom(),
    coachId: uuid('coach_id')
      .notNull()
      .references(() => users.id),
    payoutMethodId: uuid('payout_method_id')
      .notNull()
      .references(() => payoutMethods.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status').$type<WithdrawalStatus>().notNull().default('requested'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    /** The financial admin who approved or rejected it, and when. */
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    paidBy: uuid('paid_by').references(() => users.id),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The bank transfer or PayPal reference entered when marking it paid. */
    paymentReference: text('payment_reference'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
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
    id: uuid('id').primaryKey().defaultRandom(),
    holdId: uuid('hold_id')
      .notNull()
      .references(() => moneyHolds.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    refundedBy: uuid('refunded_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
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
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  updatedBy: uuid('updated_by').references(() => users.id),
});
