import type { RealtimeEvent } from '#contracts/realtime';
import { SESSION_DEFAULT_MINUTES, SESSION_EVENTS, type ChatSession } from '#contracts/sessions';
import { sessionValue } from '#domain/money/pricing';
import { isSessionLive } from '#domain/sessions/session-machine';
import type { DbExecutor } from '#server/db/client';
import {
  endsAtOf,
  SESSION_CREATED_MESSAGE,
  toChatSession,
  userTopic,
  type AcceptedRequest,
  type BookedSession,
  type SessionsDeps,
  type SessionsShared,
} from './sessions.shared';

/** A session while it runs: opened on accept, who is in the room, more time, locks against its end. */
export function createSessionsLive(deps: SessionsDeps, shared: SessionsShared) {
  const { repository, realtime, clock } = deps;
  const { announce, recordUpdated, requireView } = shared;

  return {
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
     * In the caller's transaction, which holds the booking's row lock: the session of a booking, opened
     * the first time one of its parties joins (from 10 minutes before). It starts at the booked time
     * with nobody present yet; its time runs from both present, never before the start. The same
     * session when it is already open. Records chat_session.updated to both parties and the coach's
     * presence (busy); the caller delivers `events` after it commits.
     */
    async createFromBooking(
      tx: DbExecutor,
      booking: BookedSession,
    ): Promise<{ sessionId: string; created: boolean; events: RealtimeEvent[] }> {
      const existing = await repository.findIdByBooking(tx, booking.id);
      if (existing) return { sessionId: existing, created: false, events: [] };
      const now = clock.now();
      const rates = await repository.coachRates(tx, booking.coachId);
      const row = await repository.insert(tx, {
        coachId: booking.coachId,
        clientId: booking.clientId,
        bookingId: booking.id,
        clientName: booking.clientName,
        clientEmail: booking.clientEmail,
        format: booking.format,
        status: 'active',
        createdAt: now,
        startTime: booking.scheduledAt,
        durationMinutes: booking.durationMinutes,
        paymentAmount: booking.price,
        sessionValue: sessionValue(booking.format, rates),
        coachPresent: false,
        clientPresent: false,
        clientPurpose: booking.purpose,
        sessionDescription: booking.description,
        originalPrice: booking.originalPrice,
        discountAmount: booking.discountAmount,
        couponCode: booking.couponCode,
        updatedAt: now,
      });
      const view = await requireView(tx, row.id);
      const events = await recordUpdated(tx, view, now);
      events.push(...(await announce(tx, row.coachId)));
      return { sessionId: row.id, created: true, events };
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
  };
}
