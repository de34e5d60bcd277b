import {
  BOOKING_EVENTS,
  BOOKING_MESSAGES,
  type Booking,
  type BookingQuote,
  type CancelBooking,
  type CreateBooking,
  JOIN_EARLY_MINUTES,
  type JoinedBooking,
} from '#contracts/bookings';
import { SAFETY_TEXTS } from '#contracts/messages';
import type { RealtimeEvent } from '#contracts/realtime';
import type { Clock } from '#domain/clock';
import { AppError } from '#domain/errors/app-error';
import { cents } from '#domain/money/cents';
import { formatCents } from '#domain/money/format';
import { applyCoupon } from '#domain/money/discount';
import {
  cancellationCharge,
  freeCancelUntil,
  type CancellationPolicy,
} from '#domain/scheduling/cancellation';
import { formatInZone } from '#domain/scheduling/local-time';
import { bookingProblem, type BookingProblem } from '#domain/scheduling/slots';
import type { Database, DbExecutor } from '#server/db/client';
import { isExclusionViolation } from '#server/lib/row-queries';
import type { RealtimeService } from '#server/realtime/realtime.service';
import type { CouponsService } from '../coupons/coupons.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { SchedulingService } from '../scheduling/scheduling.service';
import { BOOKING_HOLD_TYPE, type SessionsService } from '../sessions/sessions.service';
import { holdShowingShortfall } from '../settlement/settlement.shortfall';
import type { SettlementService } from '../settlement/settlement.service';
import type { BookingRow, BookingsRepository, BookingViewRow } from './bookings.repository';

export type BookingsDeps = {
  db: Database;
  repository: BookingsRepository;
  scheduling: Pick<SchedulingService, 'bookingRules' | 'freeStarts'>;
  settlement: Pick<SettlementService, 'hold' | 'release' | 'capture' | 'refund'>;
  ledger: Pick<LedgerService, 'ensureAccount' | 'balanceOf'>;
  coupons: Pick<CouponsService, 'validate' | 'redeem' | 'releaseFor'>;
  notifications: Pick<NotificationsService, 'notify'>;
  realtime: Pick<RealtimeService, 'record' | 'transaction'>;
  /** Opens a booked session's room (the sessions module). */
  sessions: Pick<SessionsService, 'createFromBooking'>;
  clock: Clock;
};

const MINUTE_MS = 60_000;
/** Missed bookings the lifecycle job closes per transaction. */
const MISSED_BATCH_SIZE = 50;
/** How many other times a refusal offers. */
const ALTERNATIVES = 3;
/** How far ahead a refusal looks for them. */
const ALTERNATIVES_WINDOW_MS = 14 * 86_400_000;

/** A booking's money hold (money_holds reference). */
export const bookingReference = (id: string) => ({ type: BOOKING_HOLD_TYPE, id });

const userTopic = (userId: string) => `user:${userId}`;

const localPart = (email: string | null) => email?.split('@')[0] ?? null;

const policyOf = (row: Pick<BookingRow, 'freeCancelHours' | 'lateCancelPercent'>): CancellationPolicy => ({
  freeCancelHours: row.freeCancelHours,
  lateCancelPercent: row.lateCancelPercent,
});

function toBooking(row: BookingViewRow): Booking {
  return {
    id: row.id,
    service_id: row.serviceId,
    coach_id: row.coachId,
    client_id: row.clientId,
    coach_name: row.coachFullName?.trim() || row.coachUsername || 'Coach',
    coach_username: row.coachUsername,
    coach_time_zone: row.coachTimeZone ?? 'UTC',
    client_name: row.clientName,
    client_avatar_url: row.clientAvatarUrl,
    client_time_zone: row.clientTimeZone,
    title: row.title,
    format: row.format,
    duration_minutes: row.durationMinutes,
    scheduled_at: row.scheduledAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    purpose: row.purpose,
    description: row.description,
    price: row.price,
    original_price: row.originalPrice,
    discount_amount: row.discountAmount,
    coupon_code: row.couponCode,
    status: row.status,
    free_cancel_until: new Date(freeCancelUntil(row.scheduledAt.getTime(), policyOf(row))).toISOString(),
    late_cancel_percent: row.lateCancelPercent,
    cancelled_by: row.cancelledBy,
    cancellation_charge: row.cancellationCharge,
    no_show_by: row.noShowBy,
    session_id: row.sessionId,
    created_at: row.createdAt.toISOString(),
  };
}

const PROBLEM_MESSAGES: Record<BookingProblem, string> = {
  past: BOOKING_MESSAGES.past,
  notice: BOOKING_MESSAGES.notice,
  horizon: BOOKING_MESSAGES.horizon,
  outside: BOOKING_MESSAGES.outside,
  taken: BOOKING_MESSAGES.taken,
};

/**
 * Booking a service at a time (#18): the slot checked against the coach's hours and bookings
 * (domain/scheduling/slots.ts), the price held from the wallet, the service's spots counted, the
 * coach told — all in the caller's transaction. Two bookings of one time: the exclusion constraint on
 * bookings lets exactly one commit; the other is told "That time was just taken" with the next times.
 */
export function createBookingsService(deps: BookingsDeps) {
  const { db, repository, scheduling, clock } = deps;

  /** booking.changed on both parties' topics: their booking lists read it again. */
  async function recordChanged(tx: DbExecutor, booking: Booking): Promise<RealtimeEvent[]> {
    const events: RealtimeEvent[] = [];
    for (const userId of [booking.coach_id, booking.client_id])
      events.push(
        await deps.realtime.record(tx, {
          topic: userTopic(userId),
          type: BOOKING_EVENTS.changed,
          payload: { booking },
        }),
      );
    return events;
  }

  /** "That time …" and the next free times after `after` in the client's zone (none: say so). */
  async function refusal(
    executor: DbExecutor,
    problem: BookingProblem,
    input: { coachId: string; durationMinutes: number; after: Date; skip?: { start: number; end: number } },
    timeZone: string,
  ): Promise<AppError> {
    const from = new Date(Math.max(input.after.getTime(), clock.now().getTime()));
    const starts = await scheduling.freeStarts(executor, input.coachId, {
      durationMinutes: input.durationMinutes,
      from,
      to: new Date(from.getTime() + ALTERNATIVES_WINDOW_MS),
    });
    const next = starts
      .filter(
        (start) =>
          !input.skip ||
          start >= input.skip.end ||
          start + input.durationMinutes * MINUTE_MS <= input.skip.start,
      )
      .slice(0, ALTERNATIVES)
      .map((start) => formatInZone(start, timeZone));
    const message = `${PROBLEM_MESSAGES[problem]} ${
      next.length > 0 ? `Next free: ${next.join('; ')}.` : BOOKING_MESSAGES.noneFree
    }`;
    return problem === 'taken'
      ? new AppError('SLOT_UNAVAILABLE', message, {
          details: [{ path: 'body.scheduled_at', message }],
        })
      : new AppError('VALIDATION_ERROR', message, { details: [{ path: 'body.scheduled_at', message }] });
  }

  return {
    /**
     * POST /api/bookings, in the caller's (idempotency) transaction. Deliver the events after commit.
     */
    async create(
      tx: DbExecutor,
      clientId: string,
      input: CreateBooking & { description?: string | undefined; coupon_code?: string | undefined },
    ): Promise<{ booking: Booking; events: RealtimeEvent[] }> {
      const now = clock.now();
      const start = new Date(input.scheduled_at);
      const context = await repository.context(tx, { serviceId: input.service_id, clientId });
      const service = context.service;
      if (!service || !service.isActive || !context.coachApproved)
        throw new AppError('NOT_FOUND', BOOKING_MESSAGES.serviceUnavailable);
      if (service.coachId === clientId)
        throw new AppError('VALIDATION_ERROR', BOOKING_MESSAGES.ownService, {
          details: [{ path: 'body.service_id', message: BOOKING_MESSAGES.ownService }],
        });
      if (context.blockedBy.client) throw new AppError('FORBIDDEN', SAFETY_TEXTS.blockedByYou);
      if (context.blockedBy.coach) throw new AppError('FORBIDDEN', SAFETY_TEXTS.blockedByOther);
      if (service.spotsLeft === 0) throw new AppError('CONFLICT', BOOKING_MESSAGES.soldOut);

      const end = new Date(start.getTime() + service.duration * MINUTE_MS);
      const rules = await scheduling.bookingRules(tx, service.coachId, { from: start, to: end });
      const problem = bookingProblem(
        {
          availability: rules.availability,
          durationMinutes: service.duration,
          busy: rules.busy,
          now: now.getTime(),
        },
        start.getTime(),
      );
      const alternatives = { coachId: service.coachId, durationMinutes: service.duration, after: start };
      if (problem) throw await refusal(tx, problem, alternatives, input.time_zone);

      const coupon = input.coupon_code
        ? await deps.coupons.validate(tx, { code: input.coupon_code, coachId: service.coachId, clientId })
        : null;
      const { final, applied } = applyCoupon(cents(service.price), coupon);
      const { bufferBeforeMinutes, bufferAfterMinutes } = rules.availability;
      const client = context.client;
      let row;
      try {
        // A savepoint: a refused overlap leaves the transaction usable for the refusal's own reads.
        row = await tx.transaction((savepoint) =>
          repository.insert(savepoint, {
            serviceId: input.service_id,
            coachId: service.coachId,
            clientId,
            clientName: client?.fullName?.trim() || localPart(client?.email ?? null) || 'Client',
            clientEmail: client?.email ?? null,
            clientAvatarUrl: client?.avatarUrl ?? null,
            title: service.title,
            format: service.format,
            durationMinutes: service.duration,
            scheduledAt: start,
            endsAt: end,
            blockedFrom: new Date(start.getTime() - bufferBeforeMinutes * MINUTE_MS),
            blockedUntil: new Date(end.getTime() + bufferAfterMinutes * MINUTE_MS),
            clientTimeZone: input.time_zone,
            purpose: input.purpose,
            description: input.description ?? null,
            price: final,
            originalPrice: service.price,
            discountAmount: applied > 0 ? applied : null,
            couponCode: coupon && applied > 0 ? coupon.code : null,
            // The policy shown before paying is the one this booking keeps.
            freeCancelHours: service.freeCancelHours,
            lateCancelPercent: service.lateCancelPercent,
            status: 'confirmed',
            createdAt: now,
            updatedAt: now,
          }),
        );
      } catch (error) {
        if (!isExclusionViolation(error)) throw error;
        const skip = { start: start.getTime(), end: end.getTime() };
        throw await refusal(tx, 'taken', { ...alternatives, skip }, input.time_zone);
      }

      // After the insert: of two bookings of one time, the loser is refused there without ever
      // waiting for the service's row (its count), which every booking of the service updates.
      if (!(await repository.takeSpot(tx, input.service_id)))
        throw new AppError('CONFLICT', BOOKING_MESSAGES.soldOut);

      const usedCoupon = coupon && applied > 0 ? { code: coupon.code, discountAmount: applied } : null;
      if (final > 0)
        await holdShowingShortfall(
          deps,
          tx,
          {
            clientId,
            coachId: service.coachId,
            reference: bookingReference(row.id),
            amount: final,
            format: service.format,
            durationMinutes: service.duration,
            coupon: usedCoupon,
          },
          'This session costs',
        );
      else if (usedCoupon)
        await deps.coupons.redeem(tx, {
          ...usedCoupon,
          coachId: service.coachId,
          clientId,
          reference: bookingReference(row.id),
        });

      const view = await repository.findById(tx, row.id);
      if (!view) throw new Error('the booking just inserted could not be read');
      const booking = toBooking(view);
      const events = await deps.notifications.notify(tx, {
        userId: service.coachId,
        type: 'booking_made',
        title: `${booking.client_name} booked ${booking.title}`,
        message: formatInZone(start, booking.coach_time_zone),
        actorId: clientId,
        actorName: booking.client_name,
        actionText: 'View bookings',
        actionUrl: '/portal',
      });
      // Both parties' other tabs (the coach's week, the client's upcoming bookings) refresh.
      events.push(...(await recordChanged(tx, booking)));
      return { booking, events };
    },

    /**
     * The lifecycle job: confirmed bookings whose end passed with their room never opened are coach
     * no-shows — the hold given back in full (the coupon use too), the client told, both parties'
     * lists refreshed. In batches claimed FOR UPDATE SKIP LOCKED, so several instances may run it.
     */
    async closeMissed(now: Date, batchSize = MISSED_BATCH_SIZE): Promise<number> {
      let closed = 0;
      for (;;) {
        const claimed = await deps.realtime.transaction(async (tx, emit) => {
          const rows = await repository.closeMissed(tx, now, batchSize);
          for (const row of rows) {
            if (row.price > 0)
              await deps.settlement.release(tx, bookingReference(row.id), {
                couponRedeemed: row.couponCode !== null,
              });
            else if (row.couponCode !== null) await deps.coupons.releaseFor(tx, bookingReference(row.id));
            const view = await repository.findById(tx, row.id);
            if (!view) throw new Error(`booking ${row.id} vanished inside its own transaction`);
            const booking = toBooking(view);
            emit(
              await deps.notifications.notify(tx, {
                userId: row.clientId,
                type: 'booking_missed',
                title: `${booking.coach_name} did not open your ${booking.title}`,
                message: `${formatInZone(row.scheduledAt, row.clientTimeZone)}. Nothing was charged: the ${formatCents(row.price)} held went back to your wallet.`,
                actorId: row.coachId,
                actorName: booking.coach_name,
                actionText: 'Book again',
                actionUrl: booking.coach_username ? `/coach/${booking.coach_username}` : '/discover',
              }),
            );
            emit(await recordChanged(tx, booking));
          }
          return rows.length;
        });
        closed += claimed;
        if (claimed < batchSize) return closed;
      }
    },

    /** What booking `serviceId` costs `clientId`, with `couponCode` applied (COUPON_INVALID saying why). */
    async quote(clientId: string, serviceId: string, couponCode: string | undefined): Promise<BookingQuote> {
      const { service, coachApproved } = await repository.context(db, { serviceId, clientId });
      if (!service || !service.isActive || !coachApproved)
        throw new AppError('NOT_FOUND', BOOKING_MESSAGES.serviceUnavailable);
      const coupon = couponCode
        ? await deps.coupons.validate(db, { code: couponCode, coachId: service.coachId, clientId })
        : null;
      const { final, applied } = applyCoupon(cents(service.price), coupon);
      return {
        original_price: service.price,
        discount_amount: applied > 0 ? applied : null,
        final,
        coupon_code: coupon && applied > 0 ? coupon.code : null,
      };
    },

    async get(userId: string, id: string): Promise<Booking> {
      const row = await repository.findForParty(db, id, userId);
      if (!row) throw new AppError('NOT_FOUND', BOOKING_MESSAGES.notFound);
      return toBooking(row);
    },

    /**
     * POST /api/bookings/:id/cancel, either party, before the start, in the caller's (idempotency)
     * transaction. A client pays the booking's late-cancellation share once its free window has closed
     * (captured, the rest refunded: the coach keeps 95 % of what was paid); before it, and whenever the
     * coach cancels, the whole hold goes back (with the coupon use). The time is free again, a limited
     * offer gets its spot back, the other party is told. A booking already cancelled answers as it is.
     */
    async cancel(
      tx: DbExecutor,
      userId: string,
      id: string,
      input: CancelBooking,
    ): Promise<{ booking: Booking; events: RealtimeEvent[] }> {
      const row = await repository.lockForParty(tx, id, userId);
      if (!row) throw new AppError('NOT_FOUND', BOOKING_MESSAGES.notFound);
      const current = async () => {
        const view = await repository.findById(tx, id);
        if (!view) throw new Error(`booking ${id} vanished inside its own transaction`);
        return toBooking(view);
      };
      if (row.status === 'cancelled') return { booking: await current(), events: [] };
      if (row.status !== 'confirmed') throw new AppError('CONFLICT', BOOKING_MESSAGES.notCancellable);
      const now = clock.now();
      if (now.getTime() >= row.scheduledAt.getTime())
        throw new AppError('CONFLICT', BOOKING_MESSAGES.started);
      if ((await repository.findById(tx, id))?.sessionId)
        throw new AppError('CONFLICT', BOOKING_MESSAGES.roomOpen);

      const by = row.coachId === userId ? 'coach' : 'client';
      const charge = cancellationCharge({
        by,
        price: row.price,
        scheduledAt: row.scheduledAt.getTime(),
        now: now.getTime(),
        policy: policyOf(row),
      });
      const reference = bookingReference(row.id);
      let earnings: number | null = null;
      if (charge > 0) {
        const captured = await deps.settlement.capture(tx, reference);
        earnings = captured.capturedCoachAmount ?? 0;
        if (charge < row.price) {
          const refunded = await deps.settlement.refund(tx, {
            reference,
            amount: row.price - charge,
            reason: `Late cancellation: ${row.lateCancelPercent}% kept, the rest given back`,
          });
          earnings -= refunded.fromCoach;
        }
      } else if (row.price > 0) {
        await deps.settlement.release(tx, reference, { couponRedeemed: row.couponCode !== null });
      } else if (row.couponCode !== null) {
        await deps.coupons.releaseFor(tx, reference);
      }
      const cancelled = await repository.markCancelled(tx, {
        id: row.id,
        by,
        charge,
        earnings,
        reason: input.reason ?? null,
        now,
      });
      if (!cancelled) throw new Error(`booking ${row.id} changed under its row lock`);
      await repository.returnSpot(tx, row.serviceId);

      const booking = await current();
      const otherId = by === 'coach' ? row.clientId : row.coachId;
      const otherZone = by === 'coach' ? row.clientTimeZone : booking.coach_time_zone;
      const canceller = by === 'coach' ? booking.coach_name : booking.client_name;
      const money =
        by === 'coach'
          ? `The ${formatCents(row.price)} held went back to your wallet.`
          : charge > 0
            ? `Cancelled late: ${formatCents(charge)} of ${formatCents(row.price)} was kept.`
            : 'Cancelled in time: nothing was charged.';
      const events = await deps.notifications.notify(tx, {
        userId: otherId,
        type: 'booking_cancelled',
        title: `${canceller} cancelled ${booking.title}`,
        message: [formatInZone(row.scheduledAt, otherZone), money, input.reason ? `“${input.reason}”` : null]
          .filter(Boolean)
          .join(' · '),
        actorId: userId,
        actorName: canceller,
        actionText: by === 'coach' ? 'Book another time' : 'View bookings',
        actionUrl:
          by === 'coach'
            ? row.serviceId
              ? `/client-session-flow/${row.serviceId}`
              : '/discover'
            : '/portal',
      });
      events.push(...(await recordChanged(tx, booking)));
      return { booking, events };
    },

    /**
     * POST /api/bookings/:id/join, either party: the booked session's room, opened by the first join
     * from JOIN_EARLY_MINUTES before the start (under the booking's row lock, so two joins open one
     * room), the same room for every later join. Refused before then, once it is over or cancelled.
     */
    async join(userId: string, id: string): Promise<JoinedBooking> {
      return deps.realtime.transaction(async (tx, emit) => {
        const row = await repository.lockForParty(tx, id, userId);
        if (!row) throw new AppError('NOT_FOUND', BOOKING_MESSAGES.notFound);
        if (row.status === 'cancelled') throw new AppError('CONFLICT', BOOKING_MESSAGES.cancelled);
        const now = clock.now().getTime();
        if (row.status === 'confirmed' && now < row.scheduledAt.getTime() - JOIN_EARLY_MINUTES * MINUTE_MS)
          throw new AppError('CONFLICT', BOOKING_MESSAGES.tooEarly);
        // Once it is over, a room that was opened stays reachable (its summary); one never opened is over.
        if (row.status !== 'confirmed' || now >= row.endsAt.getTime()) {
          const opened = await repository.findById(tx, row.id);
          if (opened?.sessionId) return { session_id: opened.sessionId };
          throw new AppError('CONFLICT', BOOKING_MESSAGES.over);
        }
        const opened = await deps.sessions.createFromBooking(tx, row);
        emit(opened.events);
        // The room just opened: both parties' lists show it (no Cancel any more, the other may join).
        if (opened.created) {
          const view = await repository.findById(tx, row.id);
          if (view) emit(await recordChanged(tx, toBooking(view)));
        }
        return { session_id: opened.sessionId };
      });
    },

    async mine(userId: string, when: 'upcoming' | 'past'): Promise<{ bookings: Booking[] }> {
      const rows = await repository.listForParty(db, userId, when, clock.now());
      return { bookings: rows.map(toBooking) };
    },
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
