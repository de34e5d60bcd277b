import { z } from 'zod';
import type { CoachCard } from '#contracts/discovery';
import {
  GIFT_CREDIT_MAX_CENTS,
  GIFT_CREDIT_MIN_CENTS,
  GIFT_DELIVERY_HOUR_UTC,
  GIFT_MESSAGE_MAX,
  GIFT_MESSAGES,
  type CreateGiftBody,
  type GiftSessionMinutes,
} from '#contracts/gifts';
import type { SessionFormat } from '#domain/coaching/categories';
import { cents } from '#domain/money/cents';
import { priceForMinutes } from '#domain/money/pricing';
import { formatCents, inputToCents } from '#web/lib/money';
import { FORMAT_NOUNS } from '#domain/coaching/format-labels';

export type GiftKind = 'credit' | 'session';

/** The send form as typed. */
export type GiftFormState = {
  kind: GiftKind;
  /** A preset amount in cents, used while `custom` is empty. */
  preset: number | null;
  custom: string;
  coach: CoachCard | null;
  format: SessionFormat;
  minutes: GiftSessionMinutes;
  recipientEmail: string;
  message: string;
  /** YYYY-MM-DD or empty (deliver now). */
  deliverOn: string;
};

export type GiftFormField = 'amount' | 'coach' | 'recipientEmail' | 'message' | 'deliverOn';
export type GiftFormErrors = Partial<Record<GiftFormField, string>>;

/** Server detail paths (body.x) -> form fields. */
export const FIELD_OF_PATH: Record<string, GiftFormField> = {
  'body.amount': 'amount',
  amount: 'amount',
  'body.coach_id': 'coach',
  coach_id: 'coach',
  'body.recipient_email': 'recipientEmail',
  recipient_email: 'recipientEmail',
  'body.message': 'message',
  message: 'message',
  'body.deliver_on': 'deliverOn',
  deliver_on: 'deliverOn',
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const pad = (value: number) => String(value).padStart(2, '0');
/** A date as YYYY-MM-DD in the browser's time zone. */
export const localDate = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/**
 * The dates the delivery field offers: from today (here) to a year ahead, never past the server's
 * limit of the same UTC day next year.
 */
export function deliveryBounds(now: Date): { min: string; max: string } {
  const localNextYear = new Date(now.getFullYear() + 1, now.getMonth(), now.getDate());
  const utcNextYear = new Date(Date.UTC(now.getUTCFullYear() + 1, now.getUTCMonth(), now.getUTCDate()));
  const local = localDate(localNextYear);
  const utc = utcNextYear.toISOString().slice(0, 10);
  return { min: localDate(now), max: local < utc ? local : utc };
}

/** 09:00 UTC in the viewer's own clock, e.g. "10:00 AM". */
export function deliveryHourHere(): string {
  const at = new Date(Date.UTC(2026, 0, 15, GIFT_DELIVERY_HOUR_UTC));
  return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }).format(at);
}

/** The price of a session gift as the server will quote it (SPEC §9 rate × minutes / 15). */
export const sessionPrice = (coach: CoachCard, format: SessionFormat, minutes: number): number =>
  priceForMinutes(
    cents(format === 'text' ? coach.price_text : format === 'audio' ? coach.price_audio : coach.price_video),
    minutes,
  );

/** The cents this form would send: undefined while the amount or coach is missing or invalid. */
export function giftAmount(state: GiftFormState): number | undefined {
  if (state.kind === 'session')
    return state.coach ? sessionPrice(state.coach, state.format, state.minutes) : undefined;
  const typed = state.custom.trim() !== '' ? inputToCents(state.custom) : state.preset;
  return typeof typed === 'number' ? typed : undefined;
}

function amountError(state: GiftFormState): string | undefined {
  if (state.kind === 'session') return state.coach ? undefined : GIFT_MESSAGES.coach;
  const typed = state.custom.trim() !== '' ? inputToCents(state.custom) : state.preset;
  if (typed === null) return 'Choose an amount or type one.';
  if (typed === undefined) return 'Enter an amount in dollars, like 40 or 40.50.';
  if (typed < GIFT_CREDIT_MIN_CENTS) return `The smallest gift is ${formatCents(GIFT_CREDIT_MIN_CENTS)}.`;
  if (typed > GIFT_CREDIT_MAX_CENTS) return `The largest gift is ${formatCents(GIFT_CREDIT_MAX_CENTS)}.`;
  return undefined;
}

/**
 * Checks the form the way the server will (so most mistakes never leave the browser) and builds the
 * POST /api/gifts body. `ownEmail`: the sender's address (a gift to yourself is refused).
 */
export function validateGiftForm(
  state: GiftFormState,
  options: { now: Date; ownEmail: string | null },
): { errors: GiftFormErrors; body: CreateGiftBody | null } {
  const errors: GiftFormErrors = {};
  const amount = amountError(state);
  if (amount) errors[state.kind === 'session' ? 'coach' : 'amount'] = amount;

  const email = state.recipientEmail.trim().toLowerCase();
  if (!EMAIL.test(email)) errors.recipientEmail = GIFT_MESSAGES.email;
  else if (options.ownEmail && email === options.ownEmail.toLowerCase())
    errors.recipientEmail = GIFT_MESSAGES.ownAddress;

  if (state.message.length > GIFT_MESSAGE_MAX) errors.message = GIFT_MESSAGES.messageTooLong;

  if (state.deliverOn !== '') {
    const { min, max } = deliveryBounds(options.now);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(state.deliverOn)) errors.deliverOn = GIFT_MESSAGES.date;
    else if (state.deliverOn < min) errors.deliverOn = GIFT_MESSAGES.datePast;
    else if (state.deliverOn > max) errors.deliverOn = GIFT_MESSAGES.dateTooFar;
  }

  if (Object.keys(errors).length > 0) return { errors, body: null };
  const common = {
    recipient_email: email,
    message: state.message.trim(),
    ...(state.deliverOn ? { deliver_on: state.deliverOn } : {}),
  };
  const cents = giftAmount(state) as number;
  const body: CreateGiftBody =
    state.kind === 'credit'
      ? { kind: 'credit', amount: cents, ...common }
      : {
          kind: 'session',
          coach_id: (state.coach as CoachCard).coach_id,
          format: state.format,
          duration_minutes: state.minutes,
          expected_amount: cents,
          ...common,
        };
  return { errors, body };
}

/** The form value an error is shown on: the amount's message sits under the amount being typed. */
export const inputOfGiftField = (field: GiftFormField): keyof GiftFormState =>
  field === 'amount' ? 'custom' : field;

/** A server detail path -> the form value it is about (FIELD_OF_PATH, then inputOfGiftField). */
export const giftInputOfPath = (path: string) => {
  const field = FIELD_OF_PATH[path];
  return field && inputOfGiftField(field);
};

/** The form's schema: validateGiftForm's checks and messages, the body as output. Read at submit. */
export const giftFormSchema = (options: () => { now: Date; ownEmail: string | null }) =>
  z.custom<GiftFormState>().transform((state, issues) => {
    const { errors, body } = validateGiftForm(state, options());
    for (const [field, message] of Object.entries(errors))
      issues.addIssue({ code: 'custom', path: [inputOfGiftField(field as GiftFormField)], message });
    return body ?? z.NEVER;
  });

/** "30-minute video call with Lena Ortiz". */
export const describeSession = (session: {
  coach_name: string;
  format: SessionFormat;
  duration_minutes: number;
}) =>
  `${session.duration_minutes}-minute ${FORMAT_NOUNS[session.format].toLowerCase()} with ${session.coach_name}`;
