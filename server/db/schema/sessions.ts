import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { REQUEST_STATUSES, type RequestStatus } from '#domain/sessions/request-machine';
import { SESSION_STATUSES, type SessionStatus } from '#domain/sessions/session-machine';
import { userRef } from './accounts';
import { bookings } from './scheduling';
import { uuidPk, timestamptz, cents, timestamps, requiredRef } from './columns';

/**
 * Instant sessions (SPEC §3/§4). A client's request (session_requests) holds the quoted
 * price (money_holds reference ('session_request', id)); the coach accepts, declines, or it expires;
 * the client may cancel. Every status change is a compare-and-set on `status` (`WHERE status =
 * 'pending'`) in one transaction with its money movement and its realtime events, so a request
 * becomes at most one chat session whatever races. Accepting creates the chat_sessions row (active);
 * completing it (the coach ends it, or the lifecycle job at start_time + duration) captures the hold.
 */
export const SESSION_FORMATS = ['text', 'audio', 'video'] as const;
export type SessionFormatValue = (typeof SESSION_FORMATS)[number];

/**
 * SPEC §3 lists pending, accepted, declined, cancelled; `expired` = unanswered for 180 s. The statuses
 * and their transitions are domain/sessions/request-machine.ts.
 */
export const SESSION_REQUEST_STATUSES = REQUEST_STATUSES;
export type SessionRequestStatus = RequestStatus;

/** A chat session lives the life of domain/sessions/session-machine.ts. */
export const CHAT_SESSION_STATUSES = SESSION_STATUSES;
export type ChatSessionStatus = SessionStatus;

/** The two parties of a session: its coach and its client (both people). */
const coachAndClient = () => ({ coachId: userRef('coach_id'), clientId: userRef('client_id') });

export const sessionRequests = pgTable(
  'session_requests',
  {
    id: uuidPk(),
    ...coachAndClient(),
    clientName: text('client_name').notNull(),
    clientEmail: text('client_email'),
    clientAvatarUrl: text('client_avatar_url'),
    format: text('format').$type<SessionFormatValue>().notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    /** The client's purpose (required, SPEC §5) and optional description. */
    purpose: text('purpose').notNull(),
    description: text('description'),
    sessionPurpose: text('session_purpose'),
    sessionCategory: text('session_category'),
    /** Both set = a scheduled request: it never rings (SPEC §4) and expires at that time. */
    preferredDate: date('preferred_date'),
    preferredTime: text('preferred_time'),
    /** Integer cents: the final price held (after the coupon), the price before it, the discount. */
    price: cents('price').notNull(),
    originalPrice: cents('original_price').notNull(),
    /** Null when 0 (SPEC §3). */
    discountAmount: cents('discount_amount'),
    couponCode: text('coupon_code'),
    couponDiscountType: text('coupon_discount_type').$type<'percent' | 'fixed'>(),
    status: text('status').$type<SessionRequestStatus>().notNull().default('pending'),
    sessionId: uuid('session_id'),
    acceptedAt: timestamptz('accepted_at'),
    /** When a pending request expires (created_at + 180 s for instant requests). */
    expiresAt: timestamptz('expires_at').notNull(),
    /** When it left `pending` (accepted, declined, cancelled or expired). */
    respondedAt: timestamptz('responded_at'),
    /** The coach's message to the client after a decline, cancel or expiry (at most 500 characters). */
    coachMessage: text('coach_message'),
    coachMessageAt: timestamptz('coach_message_at'),
    ...timestamps(),
  },
  (table) => [
    check('session_requests_format_ck', sql`${table.format} in ('text', 'audio', 'video')`),
    check(
      'session_requests_status_ck',
      sql`${table.status} in ('pending', 'accepted', 'declined', 'cancelled', 'expired')`,
    ),
    check('session_requests_duration_ck', sql`${table.durationMinutes} between 5 and 240`),
    check('session_requests_purpose_ck', sql`btrim(${table.purpose}) <> ''`),
    check(
      'session_requests_price_ck',
      sql`${table.price} >= 0 and ${table.originalPrice} >= ${table.price} and (${table.discountAmount} is null or ${table.discountAmount} > 0)`,
    ),
    check(
      'session_requests_accepted_ck',
      sql`(${table.status} = 'accepted') = (${table.sessionId} is not null and ${table.acceptedAt} is not null)`,
    ),
    check(
      'session_requests_message_ck',
      sql`${table.coachMessage} is null or char_length(${table.coachMessage}) <= 500`,
    ),
    /** A client has at most one pending request at a time. */
    uniqueIndex('session_requests_one_pending_uq')
      .on(table.clientId)
      .where(sql`${table.status} = 'pending'`),
    index('session_requests_coach_idx').on(table.coachId, table.status, table.createdAt),
    index('session_requests_client_idx').on(table.clientId, table.createdAt),
    /** The lifecycle job's scan: pending requests by expiry. */
    index('session_requests_expiry_idx')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'pending'`),
  ],
);

export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: uuidPk(),
    ...coachAndClient(),
    /** The request it was accepted from (its money hold is ('session_request', request_id)). */
    requestId: uuid('request_id').references(() => sessionRequests.id),
    /** The booking it was opened for (#18; its money hold is ('booking', booking_id)). */
    bookingId: uuid('booking_id').references(() => bookings.id),
    clientName: text('client_name').notNull(),
    clientEmail: text('client_email'),
    format: text('format').$type<SessionFormatValue>().notNull(),
    status: text('status').$type<ChatSessionStatus>().notNull().default('active'),
    createdAt: timestamptz('created_at').notNull(),
    startTime: timestamptz('start_time').notNull(),
    endTime: timestamptz('end_time'),
    durationMinutes: integer('duration_minutes').notNull().default(30),
    /** Integer cents: what the client pays (the held final price) and the SPEC §9 session value. */
    paymentAmount: cents('payment_amount').notNull(),
    sessionValue: cents('session_value').notNull(),
    /** The coach's floor(95 %) of the payment, set on completion. */
    earnings: cents('earnings'),
    /** Who completed it: the coach, or the lifecycle job when start_time + duration passed. */
    completedBy: text('completed_by').$type<'coach' | 'timer'>(),
    timerStarted: boolean('timer_started').notNull().default(false),
    timerStartedAt: timestamptz('timer_started_at'),
    /** The first moment each party was in the room (no-shows of booked sessions are told from these). */
    coachJoinedAt: timestamptz('coach_joined_at'),
    clientJoinedAt: timestamptz('client_joined_at'),
    coachPresent: boolean('coach_present').notNull().default(false),
    clientPresent: boolean('client_present').notNull().default(false),
    clientPurpose: text('client_purpose').notNull(),
    sessionDescription: text('session_description'),
    originalPrice: cents('original_price'),
    discountAmount: cents('discount_amount'),
    couponCode: text('coupon_code'),
    couponDiscountType: text('coupon_discount_type').$type<'percent' | 'fixed'>(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    check('chat_sessions_format_ck', sql`${table.format} in ('text', 'audio', 'video')`),
    check('chat_sessions_status_ck', sql`${table.status} in ('active', 'completed')`),
    check(
      'chat_sessions_completed_ck',
      sql`(${table.status} = 'completed') = (${table.endTime} is not null and ${table.completedBy} is not null)`,
    ),
    check('chat_sessions_duration_ck', sql`${table.durationMinutes} > 0`),
    check('chat_sessions_purpose_ck', sql`btrim(${table.clientPurpose}) <> ''`),
    check(
      'chat_sessions_money_ck',
      sql`${table.paymentAmount} >= 0 and ${table.sessionValue} >= 0 and (${table.discountAmount} is null or ${table.discountAmount} > 0)`,
    ),
    /** A request becomes at most one session. */
    uniqueIndex('chat_sessions_request_uq').on(table.requestId),
    /** A booking opens at most one session, and a session comes from a request or a booking. */
    uniqueIndex('chat_sessions_booking_uq').on(table.bookingId),
    check('chat_sessions_origin_ck', sql`${table.requestId} is null or ${table.bookingId} is null`),
    index('chat_sessions_coach_idx').on(table.coachId, table.createdAt),
    index('chat_sessions_client_idx').on(table.clientId, table.createdAt),
    /** Busy coaches, the active-session redirect and the auto-complete scan. */
    index('chat_sessions_active_idx')
      .on(table.coachId)
      .where(sql`${table.status} = 'active'`),
    index('chat_sessions_active_client_idx')
      .on(table.clientId)
      .where(sql`${table.status} = 'active'`),
  ],
);

/** A required reference to the chat session a row belongs to. */
export const sessionRef = () => requiredRef('session_id', () => chatSessions.id);

/** The session a row belongs to and that session's two parties (as on chat_sessions). */
export const sessionAndParties = () => ({ sessionId: sessionRef(), ...coachAndClient() });

/**
 * Open realtime sockets per instance ("a coach with no open tab" gets the
 * coach_session_alert email). The gateway inserts a row when a socket connects, deletes it when it
 * disconnects, and refreshes `seen_at` for its instance every sweep; rows of a crashed instance go
 * stale (seen_at older than 30 s) and are ignored, then deleted.
 */
export const realtimeConnections = pgTable(
  'realtime_connections',
  {
    socketId: text('socket_id').primaryKey(),
    instanceId: text('instance_id').notNull(),
    userId: userRef('user_id', 'cascade'),
    connectedAt: timestamptz('connected_at').notNull(),
    seenAt: timestamptz('seen_at').notNull(),
  },
  (table) => [
    index('realtime_connections_user_idx').on(table.userId, table.seenAt),
    index('realtime_connections_instance_idx').on(table.instanceId),
  ],
);
