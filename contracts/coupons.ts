import { z } from 'zod';
import { wholeNumber } from './fields';
import { SESSION_FORMATS } from '#domain/coaching/categories';

/**
 * Coupons: a percentage or a fixed amount off a session, a validity window, usage
 * limits, one coach's own (GET/POST/PATCH /api/coupons) or platform-wide (/api/admin/coupons). Codes
 * are unique platform-wide and stored upper case. The server validates every use (coupons.service);
 * these rules are shared by the API and the coupon forms, with the same messages.
 */
export const COUPON_DISCOUNT_TYPES = ['percent', 'fixed'] as const;
export type CouponDiscountType = (typeof COUPON_DISCOUNT_TYPES)[number];

export const COUPON_CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;

export const COUPON_LIMITS = {
  codeMin: 3,
  codeMax: 32,
  percentMax: 100,
  /** Cents: up to $10,000.00 off. */
  fixedMax: 1_000_000,
  maxRedemptions: 1_000_000,
  maxRedemptionsPerClient: 1_000,
} as const;

/** Why a coupon cannot be used: the message of a COUPON_INVALID error (HTTP 422). */
export const COUPON_INVALID_MESSAGES = {
  unknown: "This coupon code isn't valid.",
  notYetValid: "This coupon isn't valid yet.",
  expired: 'This coupon has expired.',
  otherCoach: "This coupon can't be used with this coach.",
  usedUp: 'This coupon has been used up.',
  alreadyUsed: "You've already used this coupon.",
} as const;

export const COUPON_MESSAGES = {
  code: 'Use 3 to 32 letters, digits, hyphens or underscores for the code.',
  codeTaken: 'This code is already taken.',
  type: 'Choose a percentage or a fixed amount.',
  percent: 'Enter a whole percentage from 1 to 100.',
  fixed: 'Enter an amount from $0.01 to $10,000.00.',
  value: 'Enter the discount as a whole number.',
  date: 'Enter a valid date.',
  window: 'The end date must be after the start date.',
  endInPast: 'The end date must be in the future.',
  maxRedemptions: 'The total limit is a whole number from 1 to 1,000,000. Leave it empty for no limit.',
  maxRedemptionsPerClient:
    'The limit per client is a whole number from 1 to 1,000. Leave it empty for no limit.',
  perClientAboveTotal: "The limit per client can't be higher than the total limit.",
  termsLocked:
    "This coupon has been used, so its code, type and value can't change. Create a new coupon instead.",
  coachOnly: 'Only coaches can create coupons. Switch to your coach role, or apply to coach first.',
  notFound: 'This coupon no longer exists. Refresh the page.',
} as const;

/** A coupon as its owner (the coach, or a financial admin for platform coupons) sees it. */
export const couponSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  /** null: a platform coupon, valid with every coach. */
  coach_id: z.uuid().nullable(),
  discount_type: z.enum(COUPON_DISCOUNT_TYPES),
  /** percent: 1–100; fixed: cents. */
  value: z.number().int(),
  valid_from: z.string(),
  /** null: no end. The coupon works until this instant (exclusive). */
  valid_until: z.string().nullable(),
  max_redemptions: z.number().int().nullable(),
  max_redemptions_per_client: z.number().int().nullable(),
  active: z.boolean(),
  /** Uses that count against the limits (a declined or expired request gives its use back). */
  uses: z.number().int(),
  /** True once it has ever been redeemed: code, type and value can no longer change. */
  terms_locked: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Coupon = z.infer<typeof couponSchema>;

export const couponListSchema = z.object({ coupons: z.array(couponSchema) });
export type CouponList = z.infer<typeof couponListSchema>;

const isoDateTime = z.iso.datetime({ offset: true, error: COUPON_MESSAGES.date });

const couponFields = {
  code: z.string().trim().toUpperCase().regex(COUPON_CODE_PATTERN, COUPON_MESSAGES.code),
  discount_type: z.enum(COUPON_DISCOUNT_TYPES, COUPON_MESSAGES.type),
  /** Checked against the type by couponTermsErrors (percent 1–100, fixed 1–1,000,000 cents). */
  value: z.number(COUPON_MESSAGES.value).int(COUPON_MESSAGES.value),
  valid_from: isoDateTime.nullable(),
  valid_until: isoDateTime.nullable(),
  max_redemptions: wholeNumber(1, COUPON_LIMITS.maxRedemptions, COUPON_MESSAGES.maxRedemptions).nullable(),
  max_redemptions_per_client: wholeNumber(
    1,
    COUPON_LIMITS.maxRedemptionsPerClient,
    COUPON_MESSAGES.maxRedemptionsPerClient,
  ).nullable(),
  active: z.boolean(),
};

/** The terms, for the rules that need several fields at once (create, and the merged result of an update). */
export type CouponTerms = {
  discount_type: CouponDiscountType;
  value: number;
  /** null: from now (not known yet in the form). */
  valid_from: Date | null;
  valid_until: Date | null;
  max_redemptions: number | null;
  max_redemptions_per_client: number | null;
};

/**
 * The rules across fields, shared by the server and the form: the value fits the type, the window is
 * not empty, the per-client limit fits in the total one. `path` is the body field each message is for.
 */
export function couponTermsErrors(terms: CouponTerms): { path: string; message: string }[] {
  const errors: { path: string; message: string }[] = [];
  if (terms.discount_type === 'percent') {
    if (terms.value < 1 || terms.value > COUPON_LIMITS.percentMax)
      errors.push({ path: 'value', message: COUPON_MESSAGES.percent });
  } else if (terms.value < 1 || terms.value > COUPON_LIMITS.fixedMax)
    errors.push({ path: 'value', message: COUPON_MESSAGES.fixed });
  if (
    terms.valid_until !== null &&
    terms.valid_from !== null &&
    terms.valid_until.getTime() <= terms.valid_from.getTime()
  )
    errors.push({ path: 'valid_until', message: COUPON_MESSAGES.window });
  if (
    terms.max_redemptions !== null &&
    terms.max_redemptions_per_client !== null &&
    terms.max_redemptions_per_client > terms.max_redemptions
  )
    errors.push({ path: 'max_redemptions_per_client', message: COUPON_MESSAGES.perClientAboveTotal });
  return errors;
}

/** POST /api/coupons and POST /api/admin/coupons. valid_from defaults to now; null limits = none. */
export const couponCreateBodySchema = z
  .strictObject({
    code: couponFields.code,
    discount_type: couponFields.discount_type,
    value: couponFields.value,
    valid_from: couponFields.valid_from.optional(),
    valid_until: couponFields.valid_until.optional(),
    max_redemptions: couponFields.max_redemptions.optional(),
    max_redemptions_per_client: couponFields.max_redemptions_per_client.optional(),
    active: couponFields.active.optional(),
  })
  .superRefine((body, context) => {
    const terms = {
      discount_type: body.discount_type,
      value: body.value,
      valid_from: body.valid_from ? new Date(body.valid_from) : null,
      valid_until: body.valid_until ? new Date(body.valid_until) : null,
      max_redemptions: body.max_redemptions ?? null,
      max_redemptions_per_client: body.max_redemptions_per_client ?? null,
    };
    for (const error of couponTermsErrors(terms))
      context.addIssue({ code: 'custom', path: [error.path], message: error.message });
  });
export type CouponCreateBody = z.input<typeof couponCreateBodySchema>;

/**
 * PATCH /api/coupons/:id and /api/admin/coupons/:id: any subset. Pausing is `{ active: false }`. Code,
 * type and value can change only until the coupon is first redeemed.
 */
export const couponUpdateBodySchema = z.strictObject({
  code: couponFields.code.optional(),
  discount_type: couponFields.discount_type.optional(),
  value: couponFields.value.optional(),
  valid_from: isoDateTime.optional(),
  valid_until: couponFields.valid_until.optional(),
  max_redemptions: couponFields.max_redemptions.optional(),
  max_redemptions_per_client: couponFields.max_redemptions_per_client.optional(),
  active: couponFields.active.optional(),
});
export type CouponUpdateBody = z.input<typeof couponUpdateBodySchema>;

export const couponIdParamsSchema = z.object({ id: z.uuid() });

// ---- The price of a session with a coach, with an optional coupon (SPEC §9).

export const QUOTE_LIMITS = { minutesMin: 1, minutesMax: 480 } as const;
const MINUTES_MESSAGE = `Choose a session length from ${QUOTE_LIMITS.minutesMin} to ${QUOTE_LIMITS.minutesMax} minutes.`;

/** GET /api/coaches/:coachId/quote?format=video&minutes=30&coupon=CODE */
export const quoteQuerySchema = z.object({
  format: z.enum(SESSION_FORMATS, 'Choose text, audio or video.'),
  minutes: z.coerce
    .number(MINUTES_MESSAGE)
    .int(MINUTES_MESSAGE)
    .min(QUOTE_LIMITS.minutesMin, MINUTES_MESSAGE)
    .max(QUOTE_LIMITS.minutesMax, MINUTES_MESSAGE),
  /** Blank means none. A code that cannot be used answers 422 COUPON_INVALID saying why. */
  coupon: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type QuoteQuery = z.input<typeof quoteQuerySchema>;

export const quoteParamsSchema = z.object({ coachId: z.uuid() });

/** SPEC §3 price fields of a session request, in cents. */
export const quoteSchema = z.object({
  /** Cents per 15 minutes. */
  rate: z.number().int(),
  price: z.number().int(),
  original_price: z.number().int(),
  /** null when there is no discount. */
  discount_amount: z.number().int().nullable(),
  /** What will be held from the wallet: never below 0. */
  final: z.number().int(),
  coupon_code: z.string().nullable(),
  coupon_discount_type: z.enum(COUPON_DISCOUNT_TYPES).nullable(),
});
export type Quote = z.infer<typeof quoteSchema>;
