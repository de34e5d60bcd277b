import { z } from 'zod';
import { wholeNumber } from './fields';
import { SESSION_FORMATS } from '#domain/coaching/categories';

/**
 * Admin money: session payments and their refunds for financial admins
 * (/admin/revenue), and the platform's own revenue (/admin/platform-revenue). Money is integer cents.
 *
 * Until sessions exist a "session payment" is a captured money_hold: what the client paid,
 * the coach's floor(95 %) and the platform's rest, and what was refunded to the client's wallet so far.
 */

export const SESSION_PAYMENTS_PAGE_SIZE = 20;
export const SESSION_PAYMENTS_QUERY_MAX = 200;
export const REFUND_REASON_MIN = 5;
export const REFUND_REASON_MAX = 500;

export const REFUND_MESSAGES = {
  amountInvalid: 'Enter the refund amount in whole cents, at least $0.01.',
  reasonRequired: 'Give a reason for the refund: the client and the coach may ask why.',
  reasonTooShort: `Write at least ${REFUND_REASON_MIN} characters so the reason is clear later.`,
  reasonTooLong: `Keep the reason under ${REFUND_REASON_MAX} characters.`,
} as const;

/** What was bought; 'other' for payments that are not sessions (no format recorded). */
export const PAYMENT_FORMATS = [...SESSION_FORMATS, 'other'] as const;
export type PaymentFormat = (typeof PAYMENT_FORMATS)[number];

export const sessionPaymentsQuerySchema = z.object({
  /** Searches the client's and the coach's name and email (contains, any case). */
  q: z
    .string()
    .trim()
    .max(SESSION_PAYMENTS_QUERY_MAX, {
      error: `Search with at most ${SESSION_PAYMENTS_QUERY_MAX} characters.`,
    })
    .optional(),
  /** next_cursor of the previous page. */
  cursor: z.string().max(200).optional(),
});
export type SessionPaymentsQuery = z.output<typeof sessionPaymentsQuerySchema>;

const personSchema = z.object({
  user_id: z.string().uuid(),
  /** The profile's full name, else the email, else "Unknown". */
  name: z.string(),
  email: z.string().nullable(),
});
export type PaymentPerson = z.infer<typeof personSchema>;

export const sessionRefundSchema = z.object({
  id: z.string().uuid(),
  amount: z.number().int(),
  reason: z.string(),
  refunded_by: z.object({ user_id: z.string().uuid(), name: z.string() }),
  created_at: z.string(),
});
export type SessionRefund = z.infer<typeof sessionRefundSchema>;

export const sessionPaymentSchema = z.object({
  /** The money_hold id. */
  id: z.string().uuid(),
  reference: z.object({ type: z.string(), id: z.string() }),
  client: personSchema,
  coach: personSchema,
  format: z.enum(SESSION_FORMATS).nullable(),
  duration_minutes: z.number().int().nullable(),
  /** What the client paid (captured). */
  amount: z.number().int(),
  coach_amount: z.number().int(),
  platform_amount: z.number().int(),
  refunded_amount: z.number().int(),
  /** amount − refunded_amount: the most a new refund may be. */
  refundable_amount: z.number().int(),
  settled_at: z.string(),
  /** Oldest first. */
  refunds: z.array(sessionRefundSchema),
});
export type SessionPayment = z.infer<typeof sessionPaymentSchema>;

export const sessionPaymentsPageSchema = z.object({
  payments: z.array(sessionPaymentSchema),
  next_cursor: z.string().nullable(),
});
export type SessionPaymentsPage = z.infer<typeof sessionPaymentsPageSchema>;

export const holdIdParamsSchema = z.object({
  holdId: z.string().uuid({ error: 'This session payment could not be found.' }),
});

/** POST /api/admin/session-payments/:holdId/refunds (Idempotency-Key required). Strict. */
export const refundBodySchema = z.strictObject({
  amount: wholeNumber(1, Number.MAX_SAFE_INTEGER, REFUND_MESSAGES.amountInvalid),
  reason: z
    .string({ error: REFUND_MESSAGES.reasonRequired })
    .trim()
    .min(1, { error: REFUND_MESSAGES.reasonRequired })
    .min(REFUND_REASON_MIN, { error: REFUND_MESSAGES.reasonTooShort })
    .max(REFUND_REASON_MAX, { error: REFUND_MESSAGES.reasonTooLong }),
});
export type RefundBody = z.input<typeof refundBodySchema>;

export const refundResultSchema = z.object({
  refund: sessionRefundSchema,
  /** Taken back from the coach's earnings, and from platform revenue (its share plus any shortfall). */
  from_coach: z.number().int(),
  from_platform: z.number().int(),
  payment: sessionPaymentSchema,
});
export type RefundResult = z.infer<typeof refundResultSchema>;

// ---- Platform revenue

export const REVENUE_RANGES = ['30d', '12m'] as const;
export type RevenueRange = (typeof REVENUE_RANGES)[number];

export const platformRevenueQuerySchema = z.object({
  range: z.enum(REVENUE_RANGES, { error: 'Choose 30d (30 days) or 12m (12 months).' }).default('30d'),
});

/**
 * Sums of the platform_revenue account's ledger entries: `fees_earned` its credits (capture fees),
 * `refunded` what refunds took back from it, `other_debits` any other debit (corrections); `net` is
 * their sum, so over all time it equals the account's balance.
 */
export const revenueAmountsSchema = z.object({
  fees_earned: z.number().int(),
  refunded: z.number().int(),
  other_debits: z.number().int(),
  net: z.number().int(),
});
export type RevenueAmounts = z.infer<typeof revenueAmountsSchema>;

export const platformRevenueSchema = z.object({
  range: z.enum(REVENUE_RANGES),
  currency: z.string(),
  /** The first day (30d) or month (12m) of the range, UTC; `to` is now. */
  from: z.string(),
  to: z.string(),
  /** Within the range. */
  totals: revenueAmountsSchema.extend({ captures: z.number().int() }),
  /** The platform_revenue account's balance now (all time). */
  balance: z.number().int(),
  /** One point per UTC day ('YYYY-MM-DD', 30d) or month ('YYYY-MM', 12m), oldest first, gaps as 0. */
  series: z.array(revenueAmountsSchema.extend({ period: z.string() })),
  /** Within the range, by what was bought; formats without activity are left out. */
  by_format: z.array(
    revenueAmountsSchema.extend({ format: z.enum(PAYMENT_FORMATS), captures: z.number().int() }),
  ),
  /** The newest captures (all time), newest first. */
  recent_captures: z.array(
    z.object({
      transaction_id: z.string().uuid(),
      hold_id: z.string().uuid().nullable(),
      captured_at: z.string(),
      client_name: z.string().nullable(),
      coach_name: z.string().nullable(),
      format: z.enum(SESSION_FORMATS).nullable(),
      duration_minutes: z.number().int().nullable(),
      amount: z.number().int(),
      platform_fee: z.number().int(),
    }),
  ),
});
export type PlatformRevenue = z.infer<typeof platformRevenueSchema>;
export const RECENT_CAPTURES_LIMIT = 20;
