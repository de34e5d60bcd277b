import { z } from 'zod';
import { requiredText } from './fields';

/**
 * Coach payout methods and withdrawals. Coaches only ever see a masked label of a
 * payout method ("Chase ••6789", "ma••@example.com"); a financial admin sees the full details of an
 * approved withdrawal, which they must pay by bank transfer or PayPal outside the platform.
 */

/** Who may use payout methods and withdrawals (the endpoints' refusals, shown as is). */
export const PAYOUT_ACCESS_MESSAGES = {
  coachOnly:
    'Payout methods and withdrawals are for coaches. Switch to your coach role from the account menu, or apply to become a coach.',
  /** Withdrawals move money: they need the second factor verified in this very session. */
  withdrawalNeedsAal2: 'Withdrawals need your authenticator app: confirm with a code from it to continue.',
} as const;

export const PAYOUT_METHOD_KIND_VALUES = ['bank_account', 'paypal'] as const;
export const payoutMethodKindSchema = z.enum(PAYOUT_METHOD_KIND_VALUES);
export type PayoutMethodKindName = z.infer<typeof payoutMethodKindSchema>;

export const WITHDRAWAL_STATUS_VALUES = ['requested', 'approved', 'paid', 'rejected'] as const;
export const withdrawalStatusSchema = z.enum(WITHDRAWAL_STATUS_VALUES);
export type WithdrawalStatusName = z.infer<typeof withdrawalStatusSchema>;

/** A named text field: "Enter the <label>." when empty, a length message past `max`. */
const namedText = (label: string, max: number) =>
  requiredText(max, {
    required: `Enter the ${label}.`,
    tooLong: `Keep the ${label} under ${max + 1} characters.`,
  });

/** Digits only; spaces and dashes people type are removed first. */
const digits = (pattern: RegExp, message: string) =>
  z
    .string({ error: message })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(pattern, message));

export const bankAccountBodySchema = z.object({
  kind: z.literal('bank_account'),
  holder_name: namedText('account holder name', 100),
  bank_name: namedText('bank name', 100),
  routing_number: digits(/^\d{9}$/, 'The routing number is the 9 digits printed on your checks.'),
  account_number: digits(/^\d{4,17}$/, 'The account number is 4 to 17 digits.'),
});

export const paypalBodySchema = z.object({
  kind: z.literal('paypal'),
  email: z
    .string({ error: 'Enter the email address of your PayPal account.' })
    .trim()
    .max(254, 'This email address is too long.')
    .pipe(z.email('Enter the email address of your PayPal account, like name@example.com.')),
});

export const payoutMethodCreateBodySchema = z.discriminatedUnion('kind', [
  bankAccountBodySchema,
  paypalBodySchema,
]);
export type PayoutMethodCreateBody = z.input<typeof payoutMethodCreateBodySchema>;

/** What a coach sees of a payout method: never the full account number or address. */
export const payoutMethodSchema = z.object({
  id: z.string().uuid(),
  kind: payoutMethodKindSchema,
  label: z.string(),
  is_default: z.boolean(),
  created_at: z.string(),
});
export type PayoutMethod = z.infer<typeof payoutMethodSchema>;

export const payoutMethodListSchema = z.object({ payout_methods: z.array(payoutMethodSchema) });
export type PayoutMethodList = z.infer<typeof payoutMethodListSchema>;

export const payoutMethodIdParamsSchema = z.object({ id: z.string().uuid() });
export const withdrawalIdParamsSchema = z.object({ id: z.string().uuid() });

export const payoutMethodRemovedSchema = z.object({ removed: z.literal(true) });

/** A payout method as shown next to a withdrawal (it may have been removed since). */
export const withdrawalMethodSchema = z.object({
  id: z.string().uuid(),
  kind: payoutMethodKindSchema,
  label: z.string(),
});

export const withdrawalSchema = z.object({
  id: z.string().uuid(),
  /** Integer cents. */
  amount: z.number().int(),
  currency: z.string(),
  status: withdrawalStatusSchema,
  payout_method: withdrawalMethodSchema,
  requested_at: z.string(),
  decided_at: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  paid_at: z.string().nullable(),
  payment_reference: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const withdrawalListSchema = z.object({ withdrawals: z.array(withdrawalSchema) });
export type WithdrawalList = z.infer<typeof withdrawalListSchema>;

export const withdrawalCreateBodySchema = z.object({
  amount: z
    .number({ error: 'Enter the amount to withdraw.' })
    .int('Enter the amount in whole cents.')
    .positive('Enter an amount above $0.00.'),
  payout_method_id: z.string({ error: 'Choose where the money should go.' }).uuid('Choose a payout method.'),
});
export type WithdrawalCreateBody = z.infer<typeof withdrawalCreateBodySchema>;

// ---- Financial admins (/admin/revenue)

/** Full payout details, shown to financial admins only while an approved withdrawal waits to be paid. */
export const payoutDetailsSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('bank_account'),
    holder_name: z.string(),
    bank_name: z.string(),
    routing_number: z.string(),
    account_number: z.string(),
  }),
  z.object({ kind: z.literal('paypal'), email: z.string() }),
]);
export type PayoutDetails = z.infer<typeof payoutDetailsSchema>;

export const adminWithdrawalSchema = withdrawalSchema.extend({
  coach: z.object({
    id: z.string().uuid(),
    name: z.string().nullable(),
    email: z.string().nullable(),
  }),
  /** Only for approved withdrawals (what the admin pays); null otherwise. */
  payout_details: payoutDetailsSchema.nullable(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;

export const withdrawalTotalSchema = z.object({ count: z.number().int(), amount: z.number().int() });

export const adminWithdrawalListSchema = z.object({
  status: withdrawalStatusSchema,
  withdrawals: z.array(adminWithdrawalSchema),
  /** Every status, whatever the filter, for the tabs and the totals on top. */
  totals: z.object({
    requested: withdrawalTotalSchema,
    approved: withdrawalTotalSchema,
    paid: withdrawalTotalSchema,
    rejected: withdrawalTotalSchema,
  }),
});
export type AdminWithdrawalList = z.infer<typeof adminWithdrawalListSchema>;

export const adminWithdrawalQuerySchema = z.object({
  status: withdrawalStatusSchema.default('requested'),
});

export const withdrawalRejectBodySchema = z.object({
  reason: requiredText(500, {
    required: 'Tell the coach why the withdrawal is rejected.',
    tooLong: 'Keep the reason under 500 characters.',
  }),
});
export type WithdrawalRejectBody = z.infer<typeof withdrawalRejectBodySchema>;

export const withdrawalMarkPaidBodySchema = z.object({
  payment_reference: requiredText(120, {
    required: 'Enter the reference of the bank transfer or PayPal payment.',
    tooLong: 'Keep the payment reference under 120 characters.',
  }),
});
export type WithdrawalMarkPaidBody = z.infer<typeof withdrawalMarkPaidBodySchema>;
