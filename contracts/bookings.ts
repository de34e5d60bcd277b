import { z } from 'zod';
import { SESSION_FORMATS } from '#domain/coaching/categories';
import { timeZoneSchema } from './fields';
import { askingFields } from './sessions';

/**
 * A service booked at a time (#18, SPEC §3 booking): the client picks a free slot in their own zone,
 * the price is held from their wallet, and the coach's calendar cannot hold two bookings at once.
 */

/** no_show: it did not take place for one party's absence (no_show_by). */
export const BOOKING_STATUSES = ['confirmed', 'completed', 'cancelled', 'no_show'] as const;

/** A booked session opens this many minutes before its start (the join button appears then). */
export const JOIN_EARLY_MINUTES = 10;

export const BOOKING_MESSAGES = {
  clientOnly:
    'Booking a session is part of the client side of Wellspring. Add or switch to the client role from the account menu.',
  serviceUnavailable: 'This service is not offered right now. Choose another service of this coach.',
  ownService: 'You cannot book your own service.',
  soldOut: 'No spots are left for this offer. Choose another service of this coach.',
  /** The words when another booking got there first (409 SLOT_UNAVAILABLE). */
  taken: 'That time was just taken.',
  past: 'That time has passed.',
  notice: 'That time is too soon: this coach needs more notice.',
  horizon: 'That time is further ahead than this coach takes bookings.',
  outside: 'That time is outside this coach’s hours.',
  noneFree: 'This coach has no free times in the next weeks.',
  startTime: 'Choose a start time from the calendar.',
  notFound: 'This booking could not be found.',
  tooEarly: `This session opens ${JOIN_EARLY_MINUTES} minutes before it starts.`,
  over: 'This booked session is over.',
  cancelled: 'This booking was cancelled.',
  started: 'This session has started: it can no longer be cancelled. Join it, or end it from the session.',
  roomOpen: 'The session room is already open: talk to each other there, or end it from the session.',
  notCancellable: 'This booking can no longer be cancelled.',
} as const;

export const CANCEL_REASON_MAX = 500;

/** POST /api/bookings/:id/cancel (Idempotency-Key): an optional reason, told to the other party. */
export const cancelBookingSchema = z
  .object({
    reason: z
      .string()
      .trim()
      .max(CANCEL_REASON_MAX, `Keep the reason under ${CANCEL_REASON_MAX} characters.`)
      .optional()
      .transform((value) => (value ? value : undefined)),
  })
  .strict();
export type CancelBooking = z.input<typeof cancelBookingSchema>;

export const createBookingSchema = z
  .object({
    service_id: z.uuid('Choose a service to book.'),
    /** One of the free slots' starts (an instant with its offset). */
    scheduled_at: z.iso.datetime({ offset: true, message: BOOKING_MESSAGES.startTime }),
    /** The zone the client chose times in: their emails and calendar file show it. */
    time_zone: timeZoneSchema,
    ...askingFields,
    description: askingFields.description.optional().transform((value) => (value ? value : undefined)),
  })
  .strict();
export type CreateBooking = z.input<typeof createBookingSchema>;

export const bookingSchema = z.object({
  id: z.uuid(),
  service_id: z.uuid().nullable(),
  coach_id: z.uuid(),
  client_id: z.uuid(),
  coach_name: z.string(),
  coach_username: z.string().nullable(),
  coach_time_zone: z.string(),
  client_name: z.string(),
  client_avatar_url: z.string().nullable(),
  client_time_zone: z.string(),
  title: z.string(),
  format: z.enum(SESSION_FORMATS),
  duration_minutes: z.number(),
  scheduled_at: z.string(),
  ends_at: z.string(),
  purpose: z.string(),
  description: z.string().nullable(),
  /** Integer cents: the held price after the coupon, the price before it, the discount (null when 0). */
  price: z.number(),
  original_price: z.number(),
  discount_amount: z.number().nullable(),
  coupon_code: z.string().nullable(),
  status: z.enum(BOOKING_STATUSES),
  /** The policy as booked: free cancellation until this moment; later this % of the price is charged. */
  free_cancel_until: z.string(),
  late_cancel_percent: z.number(),
  cancelled_by: z.enum(['client', 'coach']).nullable(),
  /** What cancelling cost the client (cents; 0 when free), once cancelled. */
  cancellation_charge: z.number().nullable(),
  no_show_by: z.enum(['client', 'coach']).nullable(),
  /** The session room opened for it (from JOIN_EARLY_MINUTES before the start), or null. */
  session_id: z.uuid().nullable(),
  created_at: z.string(),
});
export type Booking = z.infer<typeof bookingSchema>;

/** POST /api/bookings/:id/join: the booked session's room (the same one for every join). */
export const joinedBookingSchema = z.object({ session_id: z.uuid() });
export type JoinedBooking = z.infer<typeof joinedBookingSchema>;

export const bookingQuoteQuerySchema = z.object({
  service_id: z.uuid('Choose a service to book.'),
  /** Blank means none; a code that cannot be used answers 422 COUPON_INVALID saying why. */
  coupon: z
    .string()
    .trim()
    .max(40)
    .optional()
    .transform((value) => (value ? value : undefined)),
});

/** What booking the service costs the caller: integer cents before and after the coupon. */
export const bookingQuoteSchema = z.object({
  original_price: z.number(),
  discount_amount: z.number().nullable(),
  final: z.number(),
  coupon_code: z.string().nullable(),
});
export type BookingQuote = z.infer<typeof bookingQuoteSchema>;

export const bookingParamsSchema = z.object({ id: z.uuid() });

export const myBookingsQuerySchema = z.object({
  /** upcoming: not yet ended, soonest first; past: ended or cancelled, newest first. */
  when: z.enum(['upcoming', 'past']).default('upcoming'),
});

export const myBookingsSchema = z.object({ bookings: z.array(bookingSchema) });

/** The realtime event a party's tabs get when a booking is made or changes. */
export const BOOKING_EVENTS = { changed: 'booking.changed' } as const;
