import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users, userRef } from './accounts';
import { uuidPk, timestamptz, cents, timestamps, requiredRef } from './columns';

/**
 * Coupons: percent or fixed amount, a validity window, usage limits, one coach's or
 * platform-wide (coach_id null). Codes are unique platform-wide, case-insensitively (stored upper case).
 * A redemption is recorded in the same transaction as the hold it discounts and released with it, so a
 * declined or expired request gives the use back; limits count active redemptions under a row lock on
 * the coupon.
 */
export const COUPON_DISCOUNT_TYPES = ['percent', 'fixed'] as const;
export type CouponDiscountType = (typeof COUPON_DISCOUNT_TYPES)[number];

export const coupons = pgTable(
  'coupons',
  {
    id: uuidPk(),
    /** Upper case, 3–32 of A–Z, 0–9, '-' and '_'. */
    code: text('code').notNull(),
    /** The coach whose sessions it discounts; null = every coach (a platform coupon). */
    coachId: uuid('coach_id').references(() => users.id),
    createdBy: userRef('created_by'),
    discountType: text('discount_type').$type<CouponDiscountType>().notNull(),
    /** percent: 1–100; fixed: cents > 0. */
    value: integer('value').notNull(),
    validFrom: timestamptz('valid_from').notNull(),
    /** null = no end. */
    validUntil: timestamptz('valid_until'),
    /** Total active redemptions allowed; null = unlimited. */
    maxRedemptions: integer('max_redemptions'),
    /** Active redemptions allowed per client; null = unlimited. */
    maxRedemptionsPerClient: integer('max_redemptions_per_client'),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('coupons_code_uq').on(table.code),
    check('coupons_code_ck', sql`${table.code} ~ '^[A-Z0-9_-]{3,32}$'`),
    check('coupons_discount_type_ck', sql`${table.discountType} in ('percent', 'fixed')`),
    check(
      'coupons_value_ck',
      sql`(${table.discountType} = 'percent' and ${table.value} between 1 and 100) or (${table.discountType} = 'fixed' and ${table.value} > 0)`,
    ),
    check('coupons_window_ck', sql`${table.validUntil} is null or ${table.validUntil} > ${table.validFrom}`),
    check(
      'coupons_limits_ck',
      sql`(${table.maxRedemptions} is null or ${table.maxRedemptions} > 0) and (${table.maxRedemptionsPerClient} is null or ${table.maxRedemptionsPerClient} > 0)`,
    ),
    index('coupons_coach_idx').on(table.coachId, table.createdAt),
  ],
);

export const COUPON_REDEMPTION_STATUSES = ['active', 'released'] as const;

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: uuidPk(),
    couponId: requiredRef('coupon_id', () => coupons.id),
    clientId: userRef('client_id'),
    /** What it discounted, e.g. ('session_request', id): the same reference as the money hold. */
    referenceType: text('reference_type').notNull(),
    referenceId: text('reference_id').notNull(),
    /** Cents taken off the price (> 0). */
    discountAmount: cents('discount_amount').notNull(),
    status: text('status').$type<(typeof COUPON_REDEMPTION_STATUSES)[number]>().notNull().default('active'),
    createdAt: timestamptz('created_at').notNull(),
    releasedAt: timestamptz('released_at'),
  },
  (table) => [
    unique('coupon_redemptions_reference_uq').on(table.referenceType, table.referenceId),
    check('coupon_redemptions_amount_ck', sql`${table.discountAmount} > 0`),
    check('coupon_redemptions_status_ck', sql`${table.status} in ('active', 'released')`),
    index('coupon_redemptions_coupon_idx').on(table.couponId, table.status, table.clientId),
  ],
);
