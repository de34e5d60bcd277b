import { z } from 'zod';
import { SESSION_FORMATS } from '#domain/coaching/categories';

/**
 * Gifts: wallet credit, or a session with a chosen coach, sent to someone by email.
 *
 * POST /api/gifts (Idempotency-Key) takes the amount from the sender's wallet into escrow; the
 * recipient claims it at /gift after signing in with that (confirmed) address, which moves it into
 * their wallet; the sender may cancel while it is unclaimed, which moves it back. Money is integer
 * cents. A session gift costs the coach's quoted price for the chosen format and length.
 */

/** Wallet-credit gifts: $5.00 to $500.00. */
export const GIFT_CREDIT_MIN_CENTS = 500;
export const GIFT_CREDIT_MAX_CENTS = 50_000;
/** One-tap amounts offered on /gift. */
export const GIFT_CREDIT_PRESETS_CENTS = [1_000, 2_500, 5_000, 10_000] as const;
export const GIFT_MESSAGE_MAX = 500;
/** Session lengths a gift may buy, in minutes. */
export const GIFT_SESSION_MINUTES = [15, 30, 45, 60] as const;
export type GiftSessionMinutes = (typeof GIFT_SESSION_MINUTES)[number];
/** A scheduled gift is delivered (email sent, claimable) at this hour, UTC, on its delivery date. */
export const GIFT_DELIVERY_HOUR_UTC = 9;

export const GIFT_MESSAGES = {
  email: "Enter the recipient's email address, like name@example.com.",
  ownAddress: "You can't send a gift to yourself.",
  messageTooLong: `Keep the message to ${GIFT_MESSAGE_MAX} characters or fewer.`,
  amountWhole: 'Enter the amount in whole cents.',
  amountMin: 'The smallest gift is $5.00.',
  amountMax: 'The largest gift is $500.00.',
  coach: 'Choose a coach for the session.',
  format: 'Choose text, audio or video.',
  minutes: 'Choose a session length of 15, 30, 45 or 60 minutes.',
  kind: 'Choose what to give: wallet credit or a session.',
  date: 'Enter the delivery date as YYYY-MM-DD, or leave it empty to deliver now.',
  datePast: 'Choose today or a later date for delivery.',
  dateTooFar: 'Choose a delivery date within a year from today.',
  alreadyClaimed: 'This gift has already been claimed.',
  cancelledBeforeClaim: 'The sender cancelled this gift, so it can no longer be claimed.',
  claimedBeforeCancel: "This gift was already claimed, so it can't be cancelled.",
  alreadyCancelled: 'This gift was already cancelled; its amount is back in your wallet.',
  notListedCoach: 'This coach is not taking sessions on Wellspring. Choose another coach.',
  priceChanged: 'The price of this session changed. Check the new price, then send the gift again.',
} as const;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, GIFT_MESSAGES.date)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, GIFT_MESSAGES.date);

const common = {
  recipient_email: z
    .string(GIFT_MESSAGES.email)
    .trim()
    .toLowerCase()
    .max(254, GIFT_MESSAGES.email)
    .pipe(z.email({ message: GIFT_MESSAGES.email })),
  message: z.string().max(GIFT_MESSAGE_MAX, GIFT_MESSAGES.messageTooLong).default(''),
  /**
   * Optional delivery date (YYYY-MM-DD, read as a UTC calendar date): absent or today means now; a
   * later date means 09:00 UTC that day, at most a year ahead. The day before today (UTC) is also
   * accepted as "now", since it is still today for people west of UTC.
   */
  deliver_on: isoDate.nullish(),
};

export const createCreditGiftBodySchema = z.object({
  kind: z.literal('credit'),
  amount: z
    .number(GIFT_MESSAGES.amountWhole)
    .int(GIFT_MESSAGES.amountWhole)
    .min(GIFT_CREDIT_MIN_CENTS, GIFT_MESSAGES.amountMin)
    .max(GIFT_CREDIT_MAX_CENTS, GIFT_MESSAGES.amountMax),
  ...common,
});

export const createSessionGiftBodySchema = z.object({
  kind: z.literal('session'),
  coach_id: z.uuid(GIFT_MESSAGES.coach),
  format: z.enum(SESSION_FORMATS, GIFT_MESSAGES.format),
  duration_minutes: z
    .number(GIFT_MESSAGES.minutes)
    .refine(
      (value): value is GiftSessionMinutes => (GIFT_SESSION_MINUTES as readonly number[]).includes(value),
      GIFT_MESSAGES.minutes,
    ),
  /**
   * The price the sender saw (cents). When given and the quote differs (the coach changed a rate),
   * the gift is refused with CONFLICT and nothing is charged.
   */
  expected_amount: z.number().int().min(0).optional(),
  ...common,
});

export const createGiftBodySchema = z.discriminatedUnion(
  'kind',
  [createCreditGiftBodySchema, createSessionGiftBodySchema],
  { error: GIFT_MESSAGES.kind },
);
export type CreateGiftBody = z.input<typeof createGiftBodySchema>;
export type CreateGiftInput = z.output<typeof createGiftBodySchema>;

export const giftIdParamsSchema = z.object({ id: z.uuid('This gift could not be found.') });

export const giftStatusSchema = z.enum(['pending', 'claimed', 'cancelled']);
export type GiftStatus = z.infer<typeof giftStatusSchema>;

/** A session gift: what the amount was meant for. */
export const giftSessionSchema = z.object({
  coach_id: z.string(),
  coach_name: z.string(),
  /** For a link to the coach's page; null when the coach has no username. */
  coach_username: z.string().nullable(),
  format: z.enum(SESSION_FORMATS),
  duration_minutes: z.number().int(),
});
export type GiftSession = z.infer<typeof giftSessionSchema>;

const giftBase = {
  id: z.string(),
  kind: z.enum(['credit', 'session']),
  /** Cents moved into escrow (a session gift: its quoted price). */
  amount: z.number().int(),
  status: giftStatusSchema,
  message: z.string(),
  /** When the recipient is told and may claim. */
  deliver_at: z.string(),
  /** Pending and not delivered yet (deliver_at in the future) when the answer was made. */
  scheduled: z.boolean(),
  session: giftSessionSchema.nullable(),
  created_at: z.string(),
  claimed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
};

/** A gift the caller sent. */
export const sentGiftSchema = z.object({ ...giftBase, recipient_email: z.string() });
export type SentGift = z.infer<typeof sentGiftSchema>;

/** A gift for the caller: pending ones they may claim, and the ones they claimed. */
export const receivedGiftSchema = z.object({
  ...giftBase,
  /** The sender's name (profile full name, else the part of their email before the @). */
  sender_name: z.string(),
});
export type ReceivedGift = z.infer<typeof receivedGiftSchema>;

export const giftsResponseSchema = z.object({
  sent: z.array(sentGiftSchema),
  received: z.array(receivedGiftSchema),
  /** The caller's email address: gifts sent to it are theirs once it is confirmed. */
  email: z.string().nullable(),
  email_confirmed: z.boolean(),
});
export type GiftsResponse = z.infer<typeof giftsResponseSchema>;

export const createGiftResponseSchema = z.object({ gift: sentGiftSchema });
export type CreateGiftResponse = z.infer<typeof createGiftResponseSchema>;

export const claimGiftResponseSchema = z.object({
  gift: receivedGiftSchema,
  /** The caller's wallet balance after the claim, in cents. */
  wallet_balance: z.number().int(),
});
export type ClaimGiftResponse = z.infer<typeof claimGiftResponseSchema>;

export const cancelGiftResponseSchema = z.object({
  gift: sentGiftSchema,
  /** The caller's wallet balance after the refund, in cents. */
  wallet_balance: z.number().int(),
});
export type CancelGiftResponse = z.infer<typeof cancelGiftResponseSchema>;
