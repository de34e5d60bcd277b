import { z } from 'zod';
import { requiredText } from './fields';
import { SESSION_FORMATS } from '#domain/coaching/categories';
import { COUPON_DISCOUNT_TYPES } from './coupons';

/**
 * Instant sessions (SPEC §3 chat_sessions and session_requests, §4 states, §9 limits).
 * Money is integer cents. Realtime events travel on each party's own topic `user:<id>` (one channel
 * per tab, SPEC §9); their types and payloads are below (SESSION_EVENTS).
 *
 * Client
 *   POST /api/session-requests              (Idempotency-Key) quote + hold, 201 SessionRequest
 *   GET  /api/session-requests/:id          a party's view of one request
 *   POST /api/session-requests/:id/cancel   pending -> cancelled, hold released
 *   GET  /api/session-requests/:id/alternatives  after expiry/decline: online coaches in the category
 * Coach
 *   GET  /api/session-requests/pending      the newest pending instant request (safety net), or null
 *   GET  /api/session-requests/scheduled    pending scheduled requests (both preferred date and time)
 *   POST /api/session-requests/:id/accept   pending -> accepted + chat session (one transaction)
 *   POST /api/session-requests/:id/decline  pending -> declined, hold released
 *   POST /api/session-requests/:id/message  the coach's message after decline/cancel/expiry
 * Both
 *   GET  /api/sessions?as=coach|client&status=&page=   lists (coach 5 per page, client 20)
 *   GET  /api/sessions/active               the caller's live session (active-session redirect), or null
 *   GET  /api/sessions/:id                  a party's view of one session (404 for anyone else)
 *   POST /api/sessions/:id/end              coach: active -> completed, hold captured (coach 95 %)
 */

/** SPEC §9 */
export const SESSION_DEFAULT_MINUTES = 30;
export const SESSION_REQUEST_MINUTES = [15, 30, 45, 60] as const;
/** SPEC §9: a pending instant request rings for 180 s, then expires (hold released). */
export const REQUEST_ALERT_MS = 180_000;
export const REQUEST_RING_REPEAT_MS = 2_000;
export const REQUEST_SAFETY_NET_MS = 1_000;
export const SESSION_LIST_PAGE_SIZE = { coach: 5, client: 20 } as const;
export const SESSION_LIST_RELOAD_DEBOUNCE_MS = 1_000;
export const SESSION_END_REFRESH_MS = 500;
/** SPEC §5 */
export const COACH_MESSAGE_MAX = 500;
export const REQUEST_DESCRIPTION_MAX = 2_000;
export const REQUEST_PURPOSE_MAX = 300;

/** What the server answers when a session request is refused (SPEC §5 wording). */
export const SESSION_REQUEST_ERRORS = {
  clientOnly:
    'Requesting a session is part of the client side of Wellspring. Add or switch to the client role from the account menu, then try again.',
  coachOnly: 'Incoming session requests are for coaches. Switch to your coach role to see them.',
  coachUnavailable:
    'This coach is not available right now. Try another coach who is online, or book a time with this coach.',
  ownRequest: 'You cannot request a session with yourself.',
  pendingExists:
    'You already have a session request waiting for an answer. Cancel it or wait for the coach before asking again.',
  messageNotYet: 'You can write to the client after the request is declined, cancelled or expired.',
  messageSent: 'You already sent the client a message about this request.',
} as const;

export const SESSION_MESSAGES = {
  purposeRequired: 'Session purpose is required',
  purposeTooLong: `Keep the purpose to ${REQUEST_PURPOSE_MAX} characters or fewer.`,
  descriptionTooLong: `Keep the description to ${REQUEST_DESCRIPTION_MAX} characters or fewer.`,
  format: 'Choose text, audio or video.',
  minutes: `Choose a session length of ${SESSION_REQUEST_MINUTES.join(', ')} minutes.`,
  preferredBoth: 'Choose both a date and a time to book a time, or neither for an instant session.',
  preferredPast: 'Choose a time in the future.',
  messageRequired: 'Write a message to the client.',
  messageTooLong: `Keep the message to ${COACH_MESSAGE_MAX} characters or fewer.`,
  /** Toasts and notification texts, SPEC §4 and §8. */
  accepted: 'Request Accepted!',
  declined: 'Request Declined',
  sessionReady: 'Session Ready!',
  sessionStarted: 'Session Started!',
  incoming: 'Incoming Session Request',
  coachDeclined: 'Session Declined',
  clientCancelled: 'Client Cancelled Session',
  rejectedTitle: 'Session Request Declined',
  rejectedMessage: "Your coach can't make it at the moment, but you can try again or send them a message.",
  rejectedAction: 'Send Message',
  coachNameFallback: 'Your Coach',
} as const;

const formatSchema = z.enum(SESSION_FORMATS, SESSION_MESSAGES.format);
const discountTypeSchema = z.enum(COUPON_DISCOUNT_TYPES).nullable();

export const SESSION_REQUEST_STATUSES = ['pending', 'accepted', 'declined', 'cancelled', 'expired'] as const;
export type SessionRequestStatus = (typeof SESSION_REQUEST_STATUSES)[number];

// ---- Requests

/** POST /api/session-requests (Idempotency-Key required: the price is held from the wallet). */
/**
 * What a client writes when asking for a session or booking one: the purpose (required, SPEC §5),
 * details and a coupon code (blank means none; one that cannot be used answers 422 COUPON_INVALID).
 */
export const askingFields = {
  purpose: requiredText(REQUEST_PURPOSE_MAX, {
    required: SESSION_MESSAGES.purposeRequired,
    tooLong: SESSION_MESSAGES.purposeTooLong,
  }),
  description: z.string().trim().max(REQUEST_DESCRIPTION_MAX, SESSION_MESSAGES.descriptionTooLong),
  coupon_code: z
    .string()
    .trim()
    .max(40)
    .optional()
    .transform((value) => (value ? value : undefined)),
};

export const createSessionRequestSchema = z
  .object({
    coach_id: z.uuid('Choose a coach.'),
    format: formatSchema,
    duration_minutes: z
      .number(SESSION_MESSAGES.minutes)
      .int(SESSION_MESSAGES.minutes)
      .refine(
        (value) => (SESSION_REQUEST_MINUTES as readonly number[]).includes(value),
        SESSION_MESSAGES.minutes,
      ),
    ...askingFields,
    description: askingFields.description.optional(),
    session_category: z.string().trim().max(80).optional(),
    /** Both, for a scheduled request (never rings, SPEC §4); neither for an instant one. */
    preferred_date: z.iso.date('Enter the date as YYYY-MM-DD.').optional(),
    preferred_time: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter the time as HH:MM (24-hour, UTC).')
      .optional(),
  })
  .strict()
  .refine((body) => (body.preferred_date === undefined) === (body.preferred_time === undefined), {
    message: SESSION_MESSAGES.preferredBoth,
    path: ['preferred_time'],
  });
export type CreateSessionRequest = z.input<typeof createSessionRequestSchema>;

/** A request (or a session) and its two parties: ids, and names for the screens. */
export const sessionPartiesFields = {
  id: z.uuid(),
  coach_id: z.uuid(),
  client_id: z.uuid(),
  /** The coach's display name and username (for the waiting room and links). */
  coach_name: z.string(),
  coach_username: z.string().nullable(),
  client_name: z.string(),
};

export const sessionRequestSchema = z.object({
  ...sessionPartiesFields,
  client_email: z.string().nullable(),
  client_avatar_url: z.string().nullable(),
  format: formatSchema,
  duration_minutes: z.number().int(),
  purpose: z.string(),
  description: z.string().nullable(),
  session_purpose: z.string().nullable(),
  session_category: z.string().nullable(),
  preferred_date: z.string().nullable(),
  preferred_time: z.string().nullable(),
  /** true when both preferred_date and preferred_time are set: it never rings. */
  scheduled: z.boolean(),
  price: z.number().int(),
  original_price: z.number().int(),
  discount_amount: z.number().int().nullable(),
  coupon_code: z.string().nullable(),
  coupon_discount_type: discountTypeSchema,
  status: z.enum(SESSION_REQUEST_STATUSES),
  session_id: z.uuid().nullable(),
  accepted_at: z.string().nullable(),
  expires_at: z.string(),
  responded_at: z.string().nullable(),
  /** Set once the coach wrote to the client after a decline, cancel or expiry. */
  coach_message: z.string().nullable(),
  created_at: z.string(),
});
export type SessionRequest = z.infer<typeof sessionRequestSchema>;

export const sessionRequestParamsSchema = z.object({ id: z.uuid() });

export const pendingRequestResponseSchema = z.object({ request: sessionRequestSchema.nullable() });
export const scheduledRequestsResponseSchema = z.object({ requests: z.array(sessionRequestSchema) });

/** POST /api/session-requests/:id/message: SPEC §5 coach message to the client. */
export const coachMessageSchema = z
  .object({
    message: requiredText(COACH_MESSAGE_MAX, {
      required: SESSION_MESSAGES.messageRequired,
      tooLong: SESSION_MESSAGES.messageTooLong,
    }),
  })
  .strict();

export const alternativeCoachSchema = z.object({
  id: z.uuid(),
  username: z.string().nullable(),
  full_name: z.string(),
  professional_title: z.string().nullable(),
  avatar_url: z.string().nullable(),
  categories: z.array(z.string()),
});
/** GET /api/session-requests/:id/alternatives (the client of an expired or declined request). */
export const alternativesResponseSchema = z.object({
  /** Approved coaches in the request's category (or the coach's first) who are online and free now. */
  online_coaches: z.array(alternativeCoachSchema),
  /** The coach asked: to message them, or book a time on their page. */
  coach: z.object({ id: z.uuid(), username: z.string().nullable(), full_name: z.string() }),
});
export type Alternatives = z.infer<typeof alternativesResponseSchema>;

// ---- Chat sessions

export const CHAT_SESSION_STATUSES = ['active', 'completed'] as const;

export const chatSessionSchema = z.object({
  id: z.uuid(),
  coach_id: z.uuid(),
  client_id: z.uuid(),
  request_id: z.uuid().nullable(),
  /** The booking it was opened for (#18): it starts at start_time, the booked time, not at once. */
  booking_id: z.uuid().nullable(),
  /** The profile join (SPEC §7): the coach's name, username and picture. */
  coach_name: z.string(),
  coach_username: z.string().nullable(),
  coach_avatar_url: z.string().nullable(),
  client_name: z.string(),
  client_email: z.string().nullable(),
  format: formatSchema,
  /** An active session whose end has passed is reported `completed` (SPEC §4). */
  status: z.enum(CHAT_SESSION_STATUSES),
  created_at: z.string(),
  start_time: z.string(),
  /** start_time + duration_minutes: when the lifecycle job completes it. */
  ends_at: z.string(),
  end_time: z.string().nullable(),
  duration_minutes: z.number().int(),
  payment_amount: z.number().int(),
  session_value: z.number().int(),
  /** The coach's share once completed; shown to the coach only (null for the client). */
  earnings: z.number().int().nullable(),
  completed_by: z.enum(['coach', 'timer']).nullable(),
  timer_started: z.boolean(),
  timer_started_at: z.string().nullable(),
  coach_present: z.boolean(),
  client_present: z.boolean(),
  client_purpose: z.string(),
  session_description: z.string().nullable(),
  original_price: z.number().int().nullable(),
  discount_amount: z.number().int().nullable(),
  coupon_code: z.string().nullable(),
  coupon_discount_type: discountTypeSchema,
  /**
   * Who is looking: the coach, the client, or a guest invited by a guest link (sees the
   * session like the client, never the earnings; not part of the call, the presence or the timer).
   */
  viewer: z.enum(['coach', 'client', 'guest']).optional(),
});
export type ChatSession = z.infer<typeof chatSessionSchema>;

export const sessionParamsSchema = z.object({ id: z.uuid() });

/** GET /api/sessions?as=coach|client&status=active|completed&page=1 */
export const sessionListQuerySchema = z.object({
  as: z.enum(['coach', 'client']),
  status: z.enum(CHAT_SESSION_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type SessionListQuery = z.input<typeof sessionListQuerySchema>;

export const sessionListSchema = z.object({
  sessions: z.array(chatSessionSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type SessionList = z.infer<typeof sessionListSchema>;

export const activeSessionResponseSchema = z.object({ session: chatSessionSchema.nullable() });

/** POST /api/session-requests/:id/accept */
export const acceptResponseSchema = z.object({ request: sessionRequestSchema, session: chatSessionSchema });

// ---- Realtime events on `user:<id>` (recorded in the change's transaction, delivered after commit)

export const SESSION_EVENTS = {
  /** To the coach: a new pending request (instant ones ring). Payload { request }. */
  requestCreated: 'session_request.created',
  /** To both parties: any status change or the coach's message. Payload { request }. */
  requestUpdated: 'session_request.updated',
  /**
   * To the client when a session is created for them: the spec's `session_created` broadcast, now on
   * their own topic. Payload { sessionId, clientId, message, timestamp }.
   */
  sessionCreated: 'session_created',
  /** To both parties: a chat session changed (created, completed…). Payload { session }. */
  sessionUpdated: 'chat_session.updated',
} as const;

export const requestEventPayloadSchema = z.object({ request: sessionRequestSchema });
export const sessionEventPayloadSchema = z.object({ session: chatSessionSchema });
export const sessionCreatedPayloadSchema = z.object({
  sessionId: z.uuid(),
  clientId: z.uuid(),
  message: z.string(),
  timestamp: z.string(),
});
