import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { REQUEST_STATUSES, type RequestStatus } from '#domain/sessions/request-machine';
import { SESSION_SIDES, type SessionSide } from '#domain/sessions/session-side';
import { users, userRef } from './accounts';
import { sessionRef, sessionAndParties } from './sessions';
import { uuidPk, timestamptz, cents, requiredRef } from './columns';

/**
 * The live session room.
 *
 * session_presence: which realtime sockets have a session's room open, one row per socket (the gateway
 * inserts it when a tab joins the room, deletes it when the tab leaves or disconnects, and refreshes
 * `seen_at` for its instance every sweep, like realtime_connections). chat_sessions.coach_present and
 * client_present are derived from the fresh rows; the first moment both are present starts the timer.
 */
export { SESSION_SIDES, type SessionSide };

export const sessionPresence = pgTable(
  'session_presence',
  {
    socketId: text('socket_id').primaryKey(),
    instanceId: text('instance_id').notNull(),
    sessionId: sessionRef(),
    userId: userRef('user_id', 'cascade'),
    side: text('side').$type<SessionSide>().notNull(),
    joinedAt: timestamptz('joined_at').notNull(),
    seenAt: timestamptz('seen_at').notNull(),
  },
  (table) => [
    check('session_presence_side_ck', sql`${table.side} in ('coach', 'client')`),
    index('session_presence_session_idx').on(table.sessionId, table.side, table.seenAt),
    index('session_presence_instance_idx').on(table.instanceId),
  ],
);

/**
 * A client's request for more minutes in a live session: quoted at the session's
 * rate and held from the wallet (money_holds reference ('session_extension', id)) when asked; the
 * coach accepts (the session's duration and payment grow; the hold is captured with the session) or
 * declines (released). At most one pending per session. Status changes are compare-and-set.
 */
// A request for more time lives the life of domain/sessions/request-machine.ts.
export const SESSION_EXTENSION_STATUSES = REQUEST_STATUSES;
export type SessionExtensionStatus = RequestStatus;

export const sessionExtensions = pgTable(
  'session_extensions',
  {
    id: uuidPk(),
    ...sessionAndParties(),
    minutes: integer('minutes').notNull(),
    /** Integer cents held. */
    price: cents('price').notNull(),
    status: text('status').$type<SessionExtensionStatus>().notNull().default('pending'),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    respondedAt: timestamptz('responded_at'),
  },
  (table) => [
    check(
      'session_extensions_status_ck',
      sql`${table.status} in ('pending', 'accepted', 'declined', 'cancelled', 'expired')`,
    ),
    check('session_extensions_minutes_ck', sql`${table.minutes} between 5 and 120`),
    check('session_extensions_price_ck', sql`${table.price} >= 0`),
    uniqueIndex('session_extensions_one_pending_uq')
      .on(table.sessionId)
      .where(sql`${table.status} = 'pending'`),
    index('session_extensions_session_idx').on(table.sessionId, table.createdAt),
    index('session_extensions_expiry_idx')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'pending'`),
  ],
);

/**
 * Reviews after a session. The client reviews the coach (`author_role` client) and
 * the coach reviews the client (`author_role` coach), once each per session. Double-blind: a review is
 * visible from `visible_at` = when both have written, or the session's end + 7 days, whichever comes
 * first. The coach may reply once to the client's review. `counted_at` is set when the review has been
 * counted into coach_stats (it is counted once it is visible).
 */
export const REVIEW_AUTHOR_ROLES = ['client', 'coach'] as const;
export type ReviewAuthorRole = (typeof REVIEW_AUTHOR_ROLES)[number];

export const sessionReviews = pgTable(
  'session_reviews',
  {
    id: uuidPk(),
    ...sessionAndParties(),
    authorRole: text('author_role').$type<ReviewAuthorRole>().notNull(),
    authorUserId: userRef('author_user_id'),
    rating: integer('rating').notNull(),
    body: text('body').notNull().default(''),
    reply: text('reply'),
    repliedAt: timestamptz('replied_at'),
    createdAt: timestamptz('created_at').notNull(),
    visibleAt: timestamptz('visible_at').notNull(),
    countedAt: timestamptz('counted_at'),
  },
  (table) => [
    check('session_reviews_role_ck', sql`${table.authorRole} in ('client', 'coach')`),
    check('session_reviews_rating_ck', sql`${table.rating} between 1 and 5`),
    check('session_reviews_body_ck', sql`char_length(${table.body}) <= 2000`),
    check(
      'session_reviews_reply_ck',
      sql`(${table.reply} is null) = (${table.repliedAt} is null) and (${table.reply} is null or (${table.authorRole} = 'client' and char_length(btrim(${table.reply})) between 1 and 1000))`,
    ),
    uniqueIndex('session_reviews_session_role_uq').on(table.sessionId, table.authorRole),
    index('session_reviews_coach_idx').on(table.coachId, table.authorRole, table.visibleAt),
    index('session_reviews_client_idx').on(table.clientId, table.authorRole, table.visibleAt),
    index('session_reviews_uncounted_idx')
      .on(table.visibleAt)
      .where(sql`${table.countedAt} is null`),
  ],
);

/**
 * The coach's follow-up after a session: notes and resources (title + https URL)
 * for the client, emailed as coach_followup through the outbox. A coach may send several.
 */
export type FollowupResource = { title: string; url: string };

export const sessionFollowups = pgTable(
  'session_followups',
  {
    id: uuidPk(),
    ...sessionAndParties(),
    notes: text('notes').notNull(),
    resources: jsonb('resources').$type<FollowupResource[]>().notNull().default([]),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    check('session_followups_notes_ck', sql`char_length(btrim(${table.notes})) between 1 and 5000`),
    index('session_followups_session_idx').on(table.sessionId, table.createdAt),
    index('session_followups_client_idx').on(table.clientId, table.createdAt),
  ],
);

/**
 * Guest links. A party of an active session (the coach or the client) invites
 * someone by email; the invitee gets the session_invitation email with `/session/<token>`. The token
 * is 32 random bytes (base64url, 256 bits); only its SHA-256 hash is stored. It is bound to one
 * session, expires at the session's end or 24 hours after the invitation (whichever is first) and is
 * redeemed once: a compare-and-set on `redeemed_at is null and expires_at > now` makes the guest
 * account (a users row without a password or role) and signs it in.
 */
export const sessionInvitations = pgTable(
  'session_invitations',
  {
    id: uuidPk(),
    sessionId: sessionRef(),
    invitedByUserId: userRef('invited_by_user_id'),
    inviteeEmail: text('invitee_email').notNull(),
    /** SHA-256 of the token, hex. */
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    redeemedAt: timestamptz('redeemed_at'),
    guestUserId: uuid('guest_user_id').references(() => users.id),
  },
  (table) => [
    uniqueIndex('session_invitations_token_hash_uq').on(table.tokenHash),
    index('session_invitations_session_idx').on(table.sessionId, table.createdAt),
    check('session_invitations_email_ck', sql`char_length(${table.inviteeEmail}) between 3 and 320`),
    check(
      'session_invitations_redeemed_ck',
      sql`(${table.redeemedAt} is null) = (${table.guestUserId} is null)`,
    ),
  ],
);

/** Who joined a session as a guest (one guest account per redeemed invitation). */
export const sessionGuests = pgTable(
  'session_guests',
  {
    sessionId: sessionRef(),
    userId: userRef('user_id', 'cascade'),
    invitationId: requiredRef('invitation_id', () => sessionInvitations.id),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    primaryKey({ name: 'session_guests_pk', columns: [table.sessionId, table.userId] }),
    uniqueIndex('session_guests_invitation_uq').on(table.invitationId),
    index('session_guests_user_idx').on(table.userId),
  ],
);
