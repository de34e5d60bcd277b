import { z } from 'zod';
import { transactionSchema } from './transactions';

/**
 * A coach's earnings (SPEC §2 /revenue and /manage-revenue). All amounts are integer
 * cents. Balances come from the ledger: `pending` (coach_pending: captured, still refundable, becomes
 * available `earnings_hold_days` after the session), `available` (coach_available: can be withdrawn),
 * `in_payout` (withdrawals requested or approved, not paid yet), `paid_out` (paid withdrawals).
 * `lifetime` is their sum: everything the coach has earned, net of refunds.
 */

export const EARNINGS_RANGES = ['30d', '12m'] as const;
export const earningsRangeSchema = z.enum(EARNINGS_RANGES);
export type EarningsRange = z.infer<typeof earningsRangeSchema>;

export const SESSION_FORMATS = ['text', 'audio', 'video'] as const;
export const EARNINGS_PAGE_SIZE_MAX = 50;

export const EARNINGS_MESSAGES = {
  coachOnly:
    'Earnings are part of the coach side of Wellspring. Switch to your coach role from the account menu, or apply to become a coach.',
} as const;

export const earningsQuerySchema = z.object({
  range: earningsRangeSchema.default('30d'),
  page: z.coerce.number().int().min(1, 'Pages start at 1.').default(1),
  page_size: z.coerce
    .number()
    .int()
    .min(1, 'Ask for at least one session per page.')
    .max(EARNINGS_PAGE_SIZE_MAX, `Ask for at most ${EARNINGS_PAGE_SIZE_MAX} sessions per page.`)
    .default(10),
});
export type EarningsQuery = z.input<typeof earningsQuerySchema>;

/** SPEC §3 transaction shape (source_type session or withdrawal). `amount` is positive; the type says the direction. */
export const earningsTransactionSchema = transactionSchema.extend({
  coach_id: z.string().uuid(),
  source_type: z.enum(['session', 'withdrawal']),
});
export type EarningsTransaction = z.infer<typeof earningsTransactionSchema>;

/** One paid session (a captured payment hold). */
export const earningsSessionSchema = z.object({
  id: z.string().uuid(),
  /** What the payment was for, e.g. ('session_request', id). */
  source_type: z.string(),
  source_id: z.string(),
  date: z.string(),
  client_name: z.string().nullable(),
  format: z.enum(SESSION_FORMATS).nullable(),
  /** Minutes. */
  duration: z.number().int().nullable(),
  /** What the client paid. */
  price: z.number().int(),
  /** The coach's share (floor 95 %) net of the coach's part of any refund. */
  earnings: z.number().int(),
  /** Refunded to the client so far. */
  refunded: z.number().int(),
  status: z.enum(['pending', 'available']),
  /** When pending earnings become (or became) available to withdraw. */
  available_at: z.string(),
});
export type EarningsSession = z.infer<typeof earningsSessionSchema>;

export const earningsSchema = z.object({
  currency: z.string(),
  pending: z.number().int(),
  available: z.number().int(),
  in_payout: z.number().int(),
  paid_out: z.number().int(),
  lifetime: z.number().int(),
  withdrawal_minimum: z.number().int(),
  earnings_hold_days: z.number().int(),
  range: earningsRangeSchema,
  /** Net earnings per day (30d) or per month (12m), oldest first; `period` is the UTC day or month start. */
  series: z.array(z.object({ period: z.string(), amount: z.number().int() })),
  /** Sessions paid within the range, per format. */
  by_format: z.array(
    z.object({ format: z.enum(SESSION_FORMATS), sessions: z.number().int(), amount: z.number().int() }),
  ),
  sessions: z.object({
    items: z.array(earningsSessionSchema),
    page: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int(),
  }),
  /** The newest transactions (the CSV export has all of them). */
  transactions: z.array(earningsTransactionSchema),
});
export type Earnings = z.infer<typeof earningsSchema>;

/** How many transactions GET /api/earnings lists. */
export const EARNINGS_RECENT_TRANSACTIONS = 50;
