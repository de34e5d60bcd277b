import {
  BOOKING_MESSAGES,
  JOIN_EARLY_MINUTES,
  bookingParamsSchema,
  bookingQuoteQuerySchema,
  bookingQuoteSchema,
  bookingSchema,
  cancelBookingSchema,
  createBookingSchema,
  joinedBookingSchema,
  myBookingsQuerySchema,
  myBookingsSchema,
} from './bookings';
import { endpointGroup } from './endpoint';

const endpoint = endpointGroup('Bookings');
const signedInEndpoint = endpoint.as('signed-in');
const asClient = { role: 'client', forbidden: BOOKING_MESSAGES.clientOnly } as const;

/** Booking a service at a time; a booking is seen only by its two parties (anyone else: 404). */
export const bookingsApi = {
  create: endpoint({
    method: 'POST',
    path: '/api/bookings',
    summary: "Book a service at one of the coach's free times: the price is held from the wallet",
    access: asClient,
    idempotent: true,
    body: createBookingSchema,
    responses: { 201: bookingSchema },
  }),
  quote: endpoint({
    method: 'GET',
    path: '/api/bookings/quote',
    summary: 'What booking a service costs the caller, with a coupon (nothing is held)',
    access: asClient,
    query: bookingQuoteQuerySchema,
    responses: { 200: bookingQuoteSchema },
  }),
  mine: signedInEndpoint({
    method: 'GET',
    path: '/api/me/bookings',
    summary: "The caller's bookings, as client or coach: upcoming (soonest first) or past",
    query: myBookingsQuerySchema,
    responses: { 200: myBookingsSchema },
  }),
  get: signedInEndpoint({
    method: 'GET',
    path: '/api/bookings/:id',
    summary: "A party's view of one booking",
    params: bookingParamsSchema,
    responses: { 200: bookingSchema },
  }),
  cancel: signedInEndpoint({
    method: 'POST',
    path: '/api/bookings/:id/cancel',
    summary:
      'Cancel a booking before its start: a client is charged per its policy (free before the window), a coach always refunds in full',
    idempotent: true,
    params: bookingParamsSchema,
    body: cancelBookingSchema,
    responses: { 200: bookingSchema },
  }),
  join: signedInEndpoint({
    method: 'POST',
    path: '/api/bookings/:id/join',
    summary: `Open the booked session's room (from ${JOIN_EARLY_MINUTES} minutes before the start): its session id`,
    params: bookingParamsSchema,
    responses: { 200: joinedBookingSchema },
  }),
} as const;
