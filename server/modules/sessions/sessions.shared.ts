import type { RealtimeEvent } from '#contracts/realtime';
import { SESSION_EVENTS, SESSION_MESSAGES, type ChatSession } from '#contracts/sessions';
import type { Clock } from '#domain/clock';
import type { SessionFormat } from '#domain/money/pricing';
import { shownSessionStatus } from '#domain/sessions/session-machine';
import type { Database, DbExecutor } from '#server/db/client';
import type { RealtimeService } from '#server/realtime/realtime.service';
import type { HoldReference, SettlementService } from '../settlement/settlement.service';
import type { ChatSessionRow, SessionsRepository, ChatSessionViewRow } from './sessions.repository';

/** The money hold of a session is the one its request made: ('session_request', request id). */
export const SESSION_REQUEST_HOLD_TYPE = 'session_request';
/** …or, for a booked session, the one its booking made: ('booking', booking id). */
export const BOOKING_HOLD_TYPE = 'booking';

/** A session's money hold: its request's or its booking's; null for neither. */
export function holdOf(row: Pick<ChatSessionRow, 'requestId' | 'bookingId'>): HoldReference | null {
  if (row.requestId) return { type: SESSION_REQUEST_HOLD_TYPE, id: row.requestId };
  if (row.bookingId) return { type: BOOKING_HOLD_TYPE, id: row.bookingId };
  return null;
}

/** Sessions the lifecycle job completes per transaction. */
export const COMPLETE_BATCH_SIZE = 50;

export const SESSION_CREATED_MESSAGE = 'Your session is ready';

/** What createFromRequest needs of an accepted request (a session_requests row fits). */
export type AcceptedRequest = {
  id: string;
  coachId: string;
  clientId: string;
  clientName: string;
  clientEmail: string | null;
  format: SessionFormat;
  /** Default 30 minutes (SPEC §9). */
  durationMinutes?: number | null;
  purpose: string;
  description?: string | null;
  /** The final price held (integer cents). */
  price: number;
  originalPrice?: number | null;
  discountAmount?: number | null;
  couponCode?: string | null;
  couponDiscountType?: 'percent' | 'fixed' | null;
};

/** What createFromBooking needs of a confirmed booking (a bookings row fits). */
export type BookedSession = {
  id: string;
  coachId: string;
  clientId: string;
  clientName: string;
  clientEmail: string | null;
  format: SessionFormat;
  durationMinutes: number;
  scheduledAt: Date;
  purpose: string;
  description: string | null;
  /** The held final price, the price before the coupon, the discount (integer cents). */
  price: number;
  originalPrice: number;
  discountAmount: number | null;
  couponCode: string | null;
};

export type SessionsLogger = {
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
};

/** Records the coach's presence (busy or not) in the caller's transaction: the presence module. */
export type AnnouncePresence = (tx: DbExecutor, coachId: string) => Promise<RealtimeEvent | null>;

export type EndOutcome = { ended: true; session: ChatSession } | { ended: false; session: ChatSession };

/** 'guest': invited by a guest link (session_guests); sees the session like the client, no earnings. */
export type Viewer = 'coach' | 'client' | 'guest';

export const quietLogger: SessionsLogger = { warn: () => undefined, error: () => undefined };

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

export const endsAtOf = (row: Pick<ChatSessionRow, 'startTime' | 'durationMinutes'>) =>
  new Date(row.startTime.getTime() + row.durationMinutes * 60_000);

/**
 * The contract shape of a session for one of its parties. An active session whose end has passed is
 * reported completed (SPEC §4); earnings are the coach's to see only.
 */
export function toChatSession(row: ChatSessionViewRow, viewer: Viewer, now: Date): ChatSession {
  const endsAt = endsAtOf(row);
  return {
    id: row.id,
    coach_id: row.coachId,
    client_id: row.clientId,
    request_id: row.requestId,
    booking_id: row.bookingId,
    coach_name: row.coachName?.trim() || SESSION_MESSAGES.coachNameFallback,
    coach_username: row.coachUsername,
    coach_avatar_url: row.coachAvatarUrl,
    client_name: row.clientName,
    client_email: row.clientEmail,
    format: row.format,
    status: shownSessionStatus(row.status, endsAt, now),
    created_at: row.createdAt.toISOString(),
    start_time: row.startTime.toISOString(),
    ends_at: endsAt.toISOString(),
    end_time: iso(row.endTime),
    duration_minutes: row.durationMinutes,
    payment_amount: row.paymentAmount,
    session_value: row.sessionValue,
    earnings: viewer === 'coach' ? row.earnings : null,
    completed_by: row.completedBy,
    timer_started: row.timerStarted,
    timer_started_at: iso(row.timerStartedAt),
    coach_present: row.coachPresent,
    client_present: row.clientPresent,
    client_purpose: row.clientPurpose,
    session_description: row.sessionDescription,
    original_price: row.originalPrice,
    discount_amount: row.discountAmount,
    coupon_code: row.couponCode,
    coupon_discount_type: row.couponDiscountType,
    viewer,
  };
}

export const userTopic = (userId: string) => `user:${userId}`;

export type SessionsDeps = {
  db: Database;
  repository: SessionsRepository;
  settlement: Pick<SettlementService, 'capture' | 'findHold' | 'release'>;
  realtime: Pick<RealtimeService, 'record' | 'transaction'>;
  clock: Clock;
  /** The presence module's announce; without it no presence event is recorded. */
  announcePresence?: AnnouncePresence;
  logger?: SessionsLogger;
};

/** The helpers the use cases of a session share: its view, its events, who a person is in it. */
export function createSessionsShared(deps: SessionsDeps) {
  const { repository, realtime } = deps;

  async function announce(tx: DbExecutor, coachId: string): Promise<RealtimeEvent[]> {
    if (!deps.announcePresence) return [];
    const event = await deps.announcePresence(tx, coachId);
    return event ? [event] : [];
  }

  /** Records chat_session.updated on both parties' topics, each with their own view. */
  async function recordUpdated(tx: DbExecutor, row: ChatSessionViewRow, now: Date): Promise<RealtimeEvent[]> {
    const coachEvent = await realtime.record(tx, {
      topic: userTopic(row.coachId),
      type: SESSION_EVENTS.sessionUpdated,
      payload: { session: toChatSession(row, 'coach', now) },
    });
    const clientEvent = await realtime.record(tx, {
      topic: userTopic(row.clientId),
      type: SESSION_EVENTS.sessionUpdated,
      payload: { session: toChatSession(row, 'client', now) },
    });
    const guestEvents: RealtimeEvent[] = [];
    for (const guestId of await repository.guestIds(tx, row.id))
      guestEvents.push(
        await realtime.record(tx, {
          topic: userTopic(guestId),
          type: SESSION_EVENTS.sessionUpdated,
          payload: { session: toChatSession(row, 'guest', now) },
        }),
      );
    return [coachEvent, clientEvent, ...guestEvents];
  }

  async function requireView(executor: DbExecutor, id: string): Promise<ChatSessionViewRow> {
    const row = await repository.findView(executor, id);
    if (!row) throw new Error(`chat session ${id} vanished inside its own transaction`);
    return row;
  }

  /**
   * Who the person is in the session, or null when they are neither party (nor, with `withGuests`, a
   * guest who joined it by a guest link).
   */
  async function roleIn(
    executor: DbExecutor,
    row: Pick<ChatSessionRow, 'id' | 'coachId' | 'clientId' | 'clientEmail'>,
    userId: string,
    withGuests = false,
  ): Promise<Viewer | null> {
    if (row.coachId === userId) return 'coach';
    if (row.clientId === userId) return 'client';
    if (row.clientEmail) {
      const email = await repository.confirmedEmail(executor, userId);
      if (email !== null && email === row.clientEmail.toLowerCase()) return 'client';
    }
    if (withGuests && (await repository.isGuest(executor, row.id, userId))) return 'guest';
    return null;
  }

  return { announce, recordUpdated, requireView, roleIn };
}

export type SessionsShared = ReturnType<typeof createSessionsShared>;
