import { z } from 'zod';
import { chatSessionSchema } from './sessions';

/**
 * More minutes in a live session: the client asks, the coach accepts or declines.
 * Open to the session's two parties only; anyone else gets 404.
 *
 *   GET  /api/sessions/:id/extensions           both parties: the pending ask, the history (newest
 *                                               first) and what 15 or 30 more minutes cost now
 *   POST /api/sessions/:id/extensions           the client who booked (Idempotency-Key required):
 *                                               { minutes } -> 201 SessionExtension; the price is quoted
 *                                               at the coach's on-demand rate for the session's format
 *                                               and held from the wallet (402 INSUFFICIENT_FUNDS with the
 *                                               shortfall; 409 while one is pending or once it is over)
 *   POST /api/session-extensions/:id/accept     the coach: pending -> accepted; the session's length and
 *                                               payment grow in the same transaction -> { extension, session }
 *   POST /api/session-extensions/:id/decline    the coach: pending -> declined, the hold released
 *   POST /api/session-extensions/:id/cancel     the client: pending -> cancelled, the hold released
 *
 * A pending ask expires after SESSION_EXTENSION_PENDING_MS, or when the session ends (hold released).
 * An accepted one's hold is captured with the session's own when the session completes (coach 95 %).
 * Every status change is a compare-and-set on `pending`: of racing answers exactly one wins and the
 * others get 409 CONFLICT with the current status in details ({ path: 'status' }).
 *
 * Realtime, on both parties' own `user:<id>` topics: SESSION_EXTENSION_EVENTS.created when asked,
 * .updated for every change after; the session's new length arrives as chat_session.updated.
 */

/** The lengths a client can add. */
export const SESSION_EXTENSION_MINUTES = [15, 30] as const;
export type SessionExtensionMinutes = (typeof SESSION_EXTENSION_MINUTES)[number];

/** How long an ask waits for the coach before it expires (its hold released). */
export const SESSION_EXTENSION_PENDING_MS = 120_000;

export const SESSION_EXTENSION_STATUSES = [
  'pending',
  'accepted',
  'declined',
  'cancelled',
  'expired',
] as const;
export type SessionExtensionStatus = (typeof SESSION_EXTENSION_STATUSES)[number];

export const SESSION_EXTENSION_MESSAGES = {
  minutes: `Choose ${SESSION_EXTENSION_MINUTES.join(' or ')} more minutes.`,
  clientOnly: 'Only the client who booked this session can add time to it.',
  coachOnly: 'Only the coach of this session can answer a request for more time.',
  notLive: 'This session has ended, so no more time can be added.',
  pendingExists: 'You already asked for more time. Wait for the answer, or cancel it first.',
  statusConflict: {
    pending: 'This request for more time is still waiting for an answer.',
    accepted: 'This request for more time was already accepted.',
    declined: 'This request for more time was already declined.',
    cancelled: 'The client cancelled this request for more time.',
    expired: 'This request for more time expired before it was answered.',
  },
} as const;

export const sessionExtensionSchema = z.object({
  id: z.uuid(),
  session_id: z.uuid(),
  coach_id: z.uuid(),
  client_id: z.uuid(),
  coach_name: z.string(),
  client_name: z.string(),
  minutes: z.number().int(),
  /** Integer cents held from the client's wallet (captured with the session once accepted). */
  price: z.number().int(),
  /** A pending ask past its expiry reads as expired (the lifecycle job settles it within seconds). */
  status: z.enum(SESSION_EXTENSION_STATUSES),
  created_at: z.string(),
  expires_at: z.string(),
  responded_at: z.string().nullable(),
});
export type SessionExtension = z.infer<typeof sessionExtensionSchema>;

/** What adding `minutes` costs right now (integer cents, the coach's current rate). */
export const sessionExtensionOfferSchema = z.object({
  minutes: z.number().int(),
  price: z.number().int(),
});
export type SessionExtensionOffer = z.infer<typeof sessionExtensionOfferSchema>;

/** GET /api/sessions/:id/extensions */
export const sessionExtensionsResponseSchema = z.object({
  /** The ask waiting for the coach, or null. */
  pending: sessionExtensionSchema.nullable(),
  /** Every ask of the session, newest first. */
  extensions: z.array(sessionExtensionSchema),
  /** The prices of SESSION_EXTENSION_MINUTES (empty once the session is over). */
  offers: z.array(sessionExtensionOfferSchema),
});
export type SessionExtensionsResponse = z.infer<typeof sessionExtensionsResponseSchema>;

/** POST /api/sessions/:id/extensions */
export const createSessionExtensionSchema = z
  .object({
    minutes: z
      .number(SESSION_EXTENSION_MESSAGES.minutes)
      .int(SESSION_EXTENSION_MESSAGES.minutes)
      .refine(
        (value) => (SESSION_EXTENSION_MINUTES as readonly number[]).includes(value),
        SESSION_EXTENSION_MESSAGES.minutes,
      ),
  })
  .strict();
export type CreateSessionExtension = z.input<typeof createSessionExtensionSchema>;

export const sessionExtensionSessionParamsSchema = z.object({ id: z.uuid() });
export const sessionExtensionParamsSchema = z.object({ id: z.uuid() });

/** POST /api/session-extensions/:id/accept: the ask, and the coach's view of the longer session. */
export const acceptSessionExtensionResponseSchema = z.object({
  extension: sessionExtensionSchema,
  session: chatSessionSchema,
});
export type AcceptSessionExtensionResponse = z.infer<typeof acceptSessionExtensionResponseSchema>;

export const SESSION_EXTENSION_EVENTS = {
  /** To both parties: a new ask (the coach is prompted in the room). Payload { extension }. */
  created: 'session_extension.created',
  /** To both parties: accepted, declined, cancelled or expired. Payload { extension }. */
  updated: 'session_extension.updated',
} as const;

export const sessionExtensionEventPayloadSchema = z.object({ extension: sessionExtensionSchema });
