import { z } from 'zod';
import { transactionSchema } from './transactions';

/** Top-up limits, in cents: $5.00 to $1,000.00 per top-up. */
export const TOP_UP_MIN_CENTS = 500;
export const TOP_UP_MAX_CENTS = 100_000;
/** The amounts offered as one-tap choices on /wallet. */
export const TOP_UP_PRESETS_CENTS = [2_000, 5_000, 10_000, 25_000] as const;

/** The demo provider's documented test cards (README "Demo payments"); any future expiry, any CVC. */
export const DEMO_TEST_CARDS_INFO = [
  { number: '4242 4242 4242 4242', result: 'Succeeds' },
  { number: '4000 0000 0000 0002', result: 'Declined: "Your card was declined."' },
  { number: '4000 0000 0000 9995', result: 'Declined: "Your card has insufficient funds."' },
] as const;

export const paymentProviderSchema = z.enum(['demo', 'stripe']);
export type PaymentProviderName = z.infer<typeof paymentProviderSchema>;
export const paymentStatusSchema = z.enum(['created', 'succeeded', 'failed', 'refunded']);

/** SPEC §3 transaction shape, as it applies to a client's wallet (coach_id: the coach, when any). */
export const walletTransactionSchema = transactionSchema;
export type WalletTransaction = z.infer<typeof walletTransactionSchema>;

export const walletSchema = z.object({
  /** Spendable cents. */
  balance: z.number().int(),
  /** Cents held for requested sessions, not spendable until released. */
  held: z.number().int(),
  currency: z.string(),
  provider: paymentProviderSchema,
  /**
   * Stripe: the publishable key Stripe.js needs to confirm a card in the browser (never a secret);
   * null with the demo provider. Older answers without it read as null.
   */
  stripe_publishable_key: z.string().nullable().default(null),
  transactions: z.array(walletTransactionSchema),
});
export type Wallet = z.infer<typeof walletSchema>;

export const topUpBodySchema = z.object({
  amount: z
    .number()
    .int('Enter the amount in whole cents.')
    .min(TOP_UP_MIN_CENTS, 'The smallest top-up is $5.00.')
    .max(TOP_UP_MAX_CENTS, 'The largest top-up is $1,000.00.'),
});
export type TopUpBody = z.infer<typeof topUpBodySchema>;

export const topUpSchema = z.object({
  payment_id: z.string().uuid(),
  provider: paymentProviderSchema,
  /** Stripe: the PaymentIntent client secret for the browser; demo: an opaque placeholder. */
  client_secret: z.string().nullable(),
  amount: z.number().int(),
  currency: z.string(),
});
export type TopUp = z.infer<typeof topUpSchema>;

export const paymentIdParamsSchema = z.object({ id: z.string().uuid() });

export const demoConfirmBodySchema = z.object({
  card_number: z
    .string()
    .trim()
    .regex(/^[\d\s-]{12,23}$/, 'Enter the card number (digits only).'),
  exp_month: z.number().int().min(1, 'Month is 1 to 12.').max(12, 'Month is 1 to 12.'),
  exp_year: z.number().int().min(2000).max(2100),
  cvc: z.string().regex(/^\d{3,4}$/, 'The CVC is 3 or 4 digits.'),
});
export type DemoConfirmBody = z.infer<typeof demoConfirmBodySchema>;

export const paymentSchema = z.object({
  payment_id: z.string().uuid(),
  status: paymentStatusSchema,
  amount: z.number().int(),
  currency: z.string(),
  /** Why the card was declined, to show as is. */
  failure_reason: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;
