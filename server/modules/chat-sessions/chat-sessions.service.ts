import type { RealtimeEvent } from '../../../contracts/realtime';
import {
  SESSION_DEFAULT_MINUTES,
  SESSION_EVENTS,
  SESSION_LIST_PAGE_SIZE,
  SESSION_MESSAGES,
  type ChatSession,
  type SessionList,
} from '../../../contracts/sessions';
import type { Clock } from '../../../domain/clock';
import { AppError } from '../../../domain/errors/app-error';
import { sessionValue, type SessionFormat } from '../../../domain/money/pricing';
import {
  completedByOf,
  isSessionLive,
  type SessionCompletedBy,
  shownSessionStatus,
  transition,
} from '../../../domain/sessions/session-machine';
import type { Database, DbExecutor } from '../../db/client';
import { describeErrorForLog } from '../../plugins/log-safety';
import type { RealtimeService } from '../../realtime/realtime.service';
import type { SettlementService } from '../settlement/settlement.service';
import { createSessionCompletionHooks } from './chat-sessions.hooks';
import type { ChatSessionRow, ChatSessionsRepository, ChatSessionViewRow } from './chat-sessions.repository';

/** The money hold of a session is the one its request made: ('session_request', request id). */
export const SESSION_REQUEST_HOLD_TYPE = 'session_request';
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

export type ChatSessionsLogger = {
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
};

/** Records the coach's presence (busy or not) in the caller's transaction: the presence module. */
export type AnnouncePresence = (tx: DbExecutor, coachId: string) => Promise<RealtimeEvent | null>;

export type EndOutcome = { ended: true; session: ChatSession } | { ended: false; session: ChatSession };

/** 'guest': invited by a guest link (session_guests); sees the session like the client, no earnings. */
type Viewer = 'coach' | 'client' | 'guest';

const quietLogger: ChatSessionsLogger = { warn: () => undefined, error: () => undefined };

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

const endsAtOf = (row: Pick<ChatSessionRow, 'startTime' | 'durationMinutes'>) =>
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

const userTopic = (userId: string) => `user:${userId}`;

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Chat sessions (SPEC §3/§4/§6/§7/§9).
 *
 * - createFromRequest: the accept transaction of session-requests calls it: the active session row,
 *   its realtime events and the coach's presence change, all in the caller's transaction.
 * - end (the coach) and completeDue (the lifecycle job, at start_time + duration on the server's clock):
 *   one transaction each that locks the session row, captures the request's hold (coach floor 95 %) and
 *   compare-and-sets active -> completed; of an end racing the job, or two instances of the job, exactly
 *   one completes the session and captures, the other sees it completed (409 for the coach).
 * - Reads: lists (coach 5 per page, client 20; clients by id or by their confirmed email), the live
 *   session for the active-session redirect, one session for its parties (404 for anyone else).
 */
export function createChatSessionsService(deps: {
  db: Database;
  repository: ChatSessionsRepository;
  settlement: Pick<SettlementService, 'capture' | 'findHold'>;
  realtime: Pick<RealtimeService, 'record' | 'deliver'>;
  clock: Clock;
  /** The presence module's announce; without it no presence event is recorded. */
  announcePresence?: AnnouncePresence;
  logger?: ChatSessionsLogger;
}) {
  const { db, repository, settlement, realtime, clock } = deps;
  const logger = deps.logger ?? quietLogger;
  // Modules built on a session (extensions, reviews) subscribe here when they are wired.
  const completion = createSessionCompletionHooks();

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

  /**
   * Captures the session's hold and returns the coach's share. Exactly once: only a hold still `held` is
   * captured (its own compare-and-set); a hold already captured gives its recorded share. A paid
   * session without a held payment is an inconsistency: logged, completed with no earnings.
   */
  async function captureFor(tx: DbExecutor, row: ChatSessionRow): Promise<number> {
    if (row.paymentAmount <= 0) return 0;
    if (!row.requestId) {
      logger.error({ sessionId: row.id }, 'chat session: a paid session has no request, nothing to capture');
      return 0;
    }
    const reference = { type: SESSION_REQUEST_HOLD_TYPE, id: row.requestId };
    const hold = await settlement.findHold(reference, tx);
    if (hold?.status === 'held') {
      const captured = await settlement.capture(tx, reference);
      return captured.capturedCoachAmount ?? 0;
    }
    if (hold?.status === 'captured') {
      logger.warn({ sessionId: row.id, holdId: hold.id }, 'chat session: its payment was already captured');
      return hold.capturedCoachAmount ?? 0;
    }
    logger.error(
      { sessionId: row.id, hold: hold ? { id: hold.id, status: hold.status } : null },
      'chat session: no held payment to capture',
    );
    return 0;
  }

  /**
   * Completes a session whose row the caller has locked (FOR UPDATE) in `tx`: capture, then the
   * compare-and-set, the events to both parties and the coach's presence. end_time is when it really
   * ended: now, or start_time + duration if that passed first (a late job run).
   */
  async function completeLocked(
    tx: DbExecutor,
    row: ChatSessionRow,
    completedBy: SessionCompletedBy,
    now: Date,
  ): Promise<RealtimeEvent[]> {
    const endsAt = endsAtOf(row);
    // Extra time first: it locks its own rows before any ledger account (the order every writer keeps).
    const session = { id: row.id, coachId: row.coachId, clientId: row.clientId };
    const extras = await completion.settle(tx, session, now);
    const earnings =
      (await captureFor(tx, { ...row, paymentAmount: row.paymentAmount - extras.amount })) +
      extras.coachAmount;
    const done = await repository.markCompleted(tx, {
      id: row.id,
      endTime: endsAt.getTime() < now.getTime() ? endsAt : now,
      completedBy,
      earnings,
      now,
    });
    // Under the row lock the status cannot have changed; if it did, roll the capture back with it.
    if (!done) throw new Error(`chat session ${row.id} changed under its row lock`);
    await completion.completed(tx, session);
    const view = await requireView(tx, row.id);
    return [...extras.events, ...(await recordUpdated(tx, view, now)), ...(await announce(tx, row.coachId))];
  }

  return {
    /** Subscribes to the completing transaction, before the session's own capture (see the hooks file). */
    onSessionSettling: completion.onSessionSettling,
    /** Subscribes to the completing transaction, once the session is completed (see the hooks file). */
    onSessionCompleted: completion.onSessionCompleted,

    /**
     * In the accept transaction of session-requests: the active session (coach present, client not
     * yet), chat_session.updated to both parties, session_created to the client and the coach's
     * presence (busy). The caller delivers `events` after it commits.
     */
    async createFromRequest(
      tx: DbExecutor,
      request: AcceptedRequest,
    ): Promise<{ session: ChatSession; events: RealtimeEvent[] }> {
      const now = clock.now();
      const rates = await repository.coachRates(tx, request.coachId);
      const row = await repository.insert(tx, {
        coachId: request.coachId,
        clientId: request.clientId,
        requestId: request.id,
        clientName: request.clientName,
        clientEmail: request.clientEmail,
        format: request.format,
        status: 'active',
        createdAt: now,
        startTime: now,
        durationMinutes: request.durationMinutes ?? SESSION_DEFAULT_MINUTES,
        paymentAmount: request.price,
        sessionValue: sessionValue(request.format, rates),
        coachPresent: true,
        clientPresent: false,
        clientPurpose: request.purpose,
        sessionDescription: request.description ?? null,
        originalPrice: request.originalPrice ?? null,
        discountAmount: request.discountAmount ? request.discountAmount : null,
        couponCode: request.couponCode ?? null,
        couponDiscountType: request.couponDiscountType ?? null,
        updatedAt: now,
      });
      const view = await requireView(tx, row.id);
      const events = await recordUpdated(tx, view, now);
      events.push(
        await realtime.record(tx, {
          topic: userTopic(row.clientId),
          type: SESSION_EVENTS.sessionCreated,
          payload: {
            sessionId: row.id,
            clientId: row.clientId,
            message: SESSION_CREATED_MESSAGE,
            timestamp: now.toISOString(),
          },
        }),
      );
      events.push(...(await announce(tx, row.coachId)));
      return { session: toChatSession(view, 'coach', now), events };
    },

    /**
     * The session room's presence, in the caller's transaction: locks the session
     * row first (so presence changes of one session queue here and each sees the others' rows), then
     * runs `update` (the caller's change to who is in the room, answering who is there now) and
     * stores the flags. The first moment both parties are present starts the timer. Returns the
     * chat_session.updated events (none when nothing changed or the session is over).
     */
    async applyPresence(
      tx: DbExecutor,
      id: string,
      update: () => Promise<{ coach: boolean; client: boolean }>,
    ): Promise<RealtimeEvent[]> {
      const row = await repository.lockById(tx, id);
      const present = await update();
      const now = clock.now();
      if (!row || !isSessionLive(row.status, endsAtOf(row), now)) return [];
      const startTimer = !row.timerStarted && present.coach && present.client;
      if (!startTimer && row.coachPresent === present.coach && row.clientPresent === present.client)
        return [];
      await repository.setPresence(tx, {
        id,
        coachPresent: present.coach,
        clientPresent: present.client,
        startTimer,
        now,
      });
      return recordUpdated(tx, await requireView(tx, id), now);
    },

    /**
     * For a change that must not interleave with the session's end (more time asked, cancelled or
     * declined), in the caller's transaction: locks the row FOR SHARE (an end in progress finishes
     * first; an end that comes later waits for the caller) and says whether it is live. null when
     * there is no such session.
     */
    async lockShared(tx: DbExecutor, id: string): Promise<{ isLive: boolean } | null> {
      const row = await repository.lockByIdShared(tx, id);
      if (!row) return null;
      return { isLive: isSessionLive(row.status, endsAtOf(row), clock.now()) };
    },

    /**
     * More time bought and accepted, in the caller's transaction: locks the session
     * row (before anything else the caller locks, like an end), and while it is live adds the minutes
     * to its length and the price to its payment and records chat_session.updated to both parties.
     * null when it is over (completed, or its time is up): the caller refuses and rolls back.
     */
    async extend(
      tx: DbExecutor,
      id: string,
      input: { minutes: number; price: number },
    ): Promise<{ session: ChatSession; events: RealtimeEvent[] } | null> {
      const row = await repository.lockById(tx, id);
      const now = clock.now();
      if (!row || !isSessionLive(row.status, endsAtOf(row), now)) return null;
      const changed = await repository.addTime(tx, { id, minutes: input.minutes, price: input.price, now });
      if (!changed) throw new Error(`chat session ${id} changed under its row lock`);
      const view = await requireView(tx, id);
      return { session: toChatSession(view, 'coach', now), events: await recordUpdated(tx, view, now) };
    },

    /** GET /api/sessions: the coach's (coach role required, 5 per page) or the client's (20 per page). */
    async list(
      userId: string,
      query: { as: 'coach' | 'client'; status?: 'active' | 'completed' | undefined; page: number },
    ): Promise<SessionList> {
      const now = clock.now();
      const pageSize = SESSION_LIST_PAGE_SIZE[query.as];
      const input = { status: query.status, now, limit: pageSize, offset: (query.page - 1) * pageSize };
      let result: { rows: ChatSessionViewRow[]; total: number };
      if (query.as === 'coach') {
        if (!(await repository.holdsCoachRole(db, userId)))
          throw new AppError(
            'FORBIDDEN',
            'Only coaches have coach sessions. Switch to your client sessions.',
          );
        result = await repository.listForCoach(db, { ...input, coachId: userId });
      } else {
        result = await repository.listForClient(db, { ...input, userId });
      }
      return {
        sessions: result.rows.map((row) => toChatSession(row, query.as, now)),
        total: result.total,
        page: query.page,
        page_size: pageSize,
      };
    },

    /**
     * GET /api/sessions/active: the person's live session (either party), newest, or null. For a
     * guest (`guest: true`, the guard's AuthContext.guest) the session its link joined, as 'guest'.
     */
    async active(userId: string, options: { guest?: boolean } = {}): Promise<ChatSession | null> {
      const now = clock.now();
      if (options.guest) {
        const joined = await repository.findLiveAsGuest(db, userId, now);
        return joined ? toChatSession(joined, 'guest', now) : null;
      }
      const row = await repository.findLive(db, userId, now);
      return row ? toChatSession(row, row.coachId === userId ? 'coach' : 'client', now) : null;
    },

    /**
     * GET /api/sessions/:id: its parties only (the client by id or confirmed email); 404 otherwise.
     * With `guests: true` (the room's screen, chat, presence) also a guest of the session, as 'guest';
     * without it (reviews, follow-ups, the call's ICE servers) a guest is nobody: 404.
     */
    async get(userId: string, id: string, options: { guests?: boolean } = {}): Promise<ChatSession> {
      const row = await repository.findView(db, id);
      const viewer = row ? await roleIn(db, row, userId, options.guests ?? false) : null;
      if (!row || !viewer) throw new AppError('NOT_FOUND', 'This session could not be found.');
      return toChatSession(row, viewer, clock.now());
    },

    /**
     * POST /api/sessions/:id/end, the coach only: one transaction (row lock, capture, compare-and-set,
     * events), delivered after it commits. A session already completed is `ended: false` with its
     * current state (409 for the route).
     */
    async end(userId: string, id: string): Promise<EndOutcome> {
      const found = await repository.findView(db, id);
      const viewer = found ? await roleIn(db, found, userId, true) : null;
      if (!found || !viewer) throw new AppError('NOT_FOUND', 'This session could not be found.');
      if (viewer !== 'coach') throw new AppError('FORBIDDEN', 'Only the coach can end this session.');
      const now = clock.now();
      const events = await db.transaction(async (tx) => {
        const row = await repository.lockById(tx, id);
        if (!row || !transition(row.status, 'end').ok) return null;
        // The same order as completeDue (session, then the coach's profile, then money and stats): a
        // presence change (profile first) or the job waits here instead of deadlocking with the end.
        await repository.lockCoachProfiles(tx, [row.coachId]);
        return completeLocked(tx, row, completedByOf('end'), now);
      });
      if (events) await realtime.deliver(events);
      const current = await repository.findView(db, id);
      if (!current) throw new AppError('NOT_FOUND', 'This session could not be found.');
      return { ended: events !== null, session: toChatSession(current, 'coach', clock.now()) };
    },

    /**
     * The lifecycle job: completes (by 'timer') every active session whose start_time + duration is at
     * or before `now`, in batches claimed FOR UPDATE SKIP LOCKED (safe with several instances), each
     * session in its own savepoint so one failure does not hold the others back. Returns how many it
     * completed.
     */
    async completeDue(now: Date, batchSize = COMPLETE_BATCH_SIZE): Promise<number> {
      let completed = 0;
      const failed: string[] = [];
      for (;;) {
        const batch = await db.transaction(async (tx) => {
          const due = await repository.lockDue(tx, now, batchSize, failed);
          // One coach after another (then by id): concurrent runs lock coaches' profiles (presence) and
          // ledger accounts in the same order, so they queue instead of deadlocking.
          const ordered = [...due].sort((a, b) => compare(a.coachId, b.coachId) || compare(a.id, b.id));
          await repository.lockCoachProfiles(
            tx,
            ordered.map((row) => row.coachId),
          );
          const events: RealtimeEvent[] = [];
          let done = 0;
          for (const row of ordered) {
            try {
              events.push(
                ...(await tx.transaction((savepoint) =>
                  completeLocked(savepoint, row, completedByOf('time_up'), now),
                )),
              );
              done += 1;
            } catch (error) {
              failed.push(row.id);
              logger.error(
                { sessionId: row.id, err: describeErrorForLog(error) },
                'chat session: could not complete a session that ran out (retried on the next run)',
              );
            }
          }
          return { claimed: due.length, done, events };
        });
        await realtime.deliver(batch.events);
        completed += batch.done;
        if (batch.claimed < batchSize) return completed;
      }
    },
  };
}

export type ChatSessionsService = ReturnType<typeof createChatSessionsService>;
