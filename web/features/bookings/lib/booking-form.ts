import { z } from 'zod';
import { BOOKING_MESSAGES, JOIN_EARLY_MINUTES, type Booking } from '#contracts/bookings';
import { formatCents } from '#domain/money/format';
import { cancellationCharge } from '#domain/scheduling/cancellation';
import { formatInZone } from '#domain/scheduling/local-time';
import { requiredText } from '#contracts/fields';
import { REQUEST_DESCRIPTION_MAX, REQUEST_PURPOSE_MAX, SESSION_MESSAGES } from '#contracts/sessions';
import { ApiError } from '#web/lib/api-client';
import { firstNameOf as greetingName } from '#web/lib/person-name';

/**
 * The booking form (#18): a start time from the calendar, the purpose (required, SPEC §5), details and
 * a coupon; kept for the tab while the client tops up their wallet (the time travels in the URL).
 */
export const bookingFormSchema = z.object({
  scheduled_at: z.string(BOOKING_MESSAGES.startTime).min(1, BOOKING_MESSAGES.startTime),
  purpose: requiredText(REQUEST_PURPOSE_MAX, {
    required: SESSION_MESSAGES.purposeRequired,
    tooLong: SESSION_MESSAGES.purposeTooLong,
  }),
  description: z.string().trim().max(REQUEST_DESCRIPTION_MAX, SESSION_MESSAGES.descriptionTooLong),
  couponInput: z.string(),
  /** The code the quote accepted (Apply), or null. */
  coupon: z.string().nullable(),
});
export type BookingFormState = z.input<typeof bookingFormSchema>;

export const emptyBookingForm = (scheduledAt: string | null): BookingFormState => ({
  scheduled_at: scheduledAt ?? '',
  purpose: '',
  description: '',
  couponInput: '',
  coupon: null,
});

/** Where the server's field paths go on the form. */
export const fieldOfPath = (path: string) =>
  ({
    scheduled_at: 'scheduled_at',
    purpose: 'purpose',
    description: 'description',
    coupon_code: 'couponInput',
  })[path];

export const isCode = (error: unknown, code: string) => error instanceof ApiError && error.code === code;

/** How much is missing to cover `amount` (cents), when both are known and it is short. */
export function shortfallOf(amount: number | undefined, balance: number | undefined): number | undefined {
  if (amount === undefined || balance === undefined) return undefined;
  return amount > balance ? amount - balance : undefined;
}

const draftKey = (serviceId: string) => `wellspring:booking-draft:${serviceId}`;

/** The purpose and details typed for a service, for this tab (a trip to the wallet keeps them). */
export function loadDraft(serviceId: string): Pick<BookingFormState, 'purpose' | 'description'> | null {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(draftKey(serviceId)) ?? 'null');
    const parsed = z.object({ purpose: z.string(), description: z.string() }).safeParse(saved);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveDraft(serviceId: string, draft: Pick<BookingFormState, 'purpose' | 'description'>) {
  try {
    sessionStorage.setItem(
      draftKey(serviceId),
      JSON.stringify({ purpose: draft.purpose, description: draft.description }),
    );
  } catch {
    // Storage may be full or off: the form still works, only without a kept draft.
  }
}

export function clearDraft(serviceId: string) {
  try {
    sessionStorage.removeItem(draftKey(serviceId));
  } catch {
    // As above.
  }
}

/** "Lena" of "Dr. Lena Ortiz" (web/lib/person-name), or the whole name when it has no first name. */
export const firstNameOf = (name: string) => greetingName(name) ?? name;

/**
 * Whether a booking can be joined at `now`: confirmed, from JOIN_EARLY_MINUTES before its start until
 * its end (the server decides; this only shows the button at the same moments).
 */
export function isJoinable(
  booking: Pick<Booking, 'status' | 'scheduled_at' | 'ends_at'>,
  now: number,
): boolean {
  return (
    booking.status === 'confirmed' &&
    now >= Date.parse(booking.scheduled_at) - JOIN_EARLY_MINUTES * 60_000 &&
    now < Date.parse(booking.ends_at)
  );
}

/** Whether a booking can still be cancelled at `now`: confirmed, before its start, its room not open. */
export const isCancellable = (
  booking: Pick<Booking, 'status' | 'scheduled_at' | 'session_id'>,
  now: number,
): boolean =>
  booking.status === 'confirmed' && booking.session_id === null && now < Date.parse(booking.scheduled_at);

/** Where a joined booking goes: the waiting screen until its start, then the room. */
export const joinedPath = (sessionId: string, scheduledAt: string, now: number) =>
  `${Date.parse(scheduledAt) > now ? '/session-waiting' : '/session'}/${encodeURIComponent(sessionId)}`;

/**
 * What cancelling now means, in one sentence for the person cancelling: a coach always gives it all
 * back; a client cancels free until the booking's free_cancel_until, later its policy share is kept.
 */
export function cancelConsequence(
  booking: Pick<
    Booking,
    'price' | 'scheduled_at' | 'free_cancel_until' | 'late_cancel_percent' | 'client_name'
  >,
  as: 'client' | 'coach',
  now: number,
  timeZone: string,
): string {
  if (as === 'coach')
    return booking.price > 0
      ? `${firstNameOf(booking.client_name)} gets the whole ${formatCents(booking.price)} back.`
      : `${firstNameOf(booking.client_name)} is told at once.`;
  const charge = cancellationCharge({
    by: 'client',
    price: booking.price,
    scheduledAt: Date.parse(booking.scheduled_at),
    now,
    policy: {
      freeCancelHours: (Date.parse(booking.scheduled_at) - Date.parse(booking.free_cancel_until)) / 3_600_000,
      lateCancelPercent: booking.late_cancel_percent,
    },
  });
  if (charge === 0)
    return booking.price > 0
      ? `Free until ${formatInZone(booking.free_cancel_until, timeZone)}: the whole ${formatCents(booking.price)} goes back to your wallet.`
      : 'Nothing is charged.';
  return `It is past ${formatInZone(booking.free_cancel_until, timeZone)}: ${booking.late_cancel_percent}% (${formatCents(charge)}) is kept and ${formatCents(booking.price - charge)} goes back to your wallet.`;
}

/**
 * The service's cancellation policy as the client reads it before paying: with a chosen start, the
 * moment free cancellation ends in their zone; a start already inside the window says so.
 */
export function cancellationPolicyText(
  policy: { free_cancel_hours: number; late_cancel_percent: number },
  chosen: string | null,
  now: number,
  timeZone: string,
): string {
  const kept = `${policy.late_cancel_percent}% of the price is kept`;
  if (policy.late_cancel_percent === 0) return 'Cancel free of charge any time before it starts.';
  if (!chosen)
    return `Free cancellation until ${policy.free_cancel_hours} h before the start; later, ${kept}.`;
  const until = Date.parse(chosen) - policy.free_cancel_hours * 3_600_000;
  if (until <= now)
    return `This time is less than ${policy.free_cancel_hours} h away: if you cancel, ${kept}.`;
  return `Free cancellation until ${formatInZone(until, timeZone)}; later, ${kept}.`;
}
