import { describeErrorForLog } from '#server/plugins/log-safety';
import { SAFETY_TEXTS } from '#contracts/messages';
import type { RealtimeEvent } from '#contracts/realtime';
import {
  REQUEST_ALERT_MS,
  SESSION_EVENTS,
  SESSION_MESSAGES,
  type SessionRequest,
  SESSION_REQUEST_ERRORS,
} from '#contracts/sessions';
import { AppError } from '#domain/errors/app-error';
import { formatCents } from '#domain/money/format';
import type { DbExecutor } from '#server/db/client';
import { renderEmail } from '../outbox/email-templates';
import { holdShowingShortfall } from '../settlement/settlement.shortfall';
import type { CoachAvailability, SessionRequestRow } from './session-requests.repository';
import {
  localPart,
  referenceOf,
  toSessionRequest,
  userTopic,
  validationError,
  type CreateSessionRequestInput,
  type SessionRequestsDeps,
  type SessionRequestsShared,
} from './session-requests.shared';

/** Asking a coach: the price quoted and held, the request inserted, the coach told (or emailed). */
export function createSessionRequestsCreate(deps: SessionRequestsDeps, shared: SessionRequestsShared) {
  const { repository, settlement, realtime, clock } = deps;
  const { pendingConflict, queueEmail } = shared;

  /** SPEC §7 coach_session_alert for an instant request to a coach with no open tab. */
  async function alertCoach(tx: DbExecutor, coach: CoachAvailability, request: SessionRequest) {
    const coachEmail = coach.email;
    if (!coachEmail) return;
    const data = {
      coachName: coach.fullName?.trim() || localPart(coachEmail) || 'Coach',
      coachEmail,
      clientName: request.client_name,
      sessionType: request.format,
      sessionDuration: request.duration_minutes,
      sessionPrice: formatCents(request.price),
      sessionUrl: `${deps.publicUrl}/portal`,
      expiresIn: `${Math.round(REQUEST_ALERT_MS / 60_000)} minutes`,
    };
    await queueEmail(tx, 'coach_session_alert', (executor) =>
      deps.outbox.enqueue(executor, {
        channel: 'email',
        recipient: coachEmail,
        template: 'coach_session_alert',
        ...renderEmail('coach_session_alert', data),
        data: { ...data, requestId: request.id },
      }),
    );
  }

  /** The hold, with INSUFFICIENT_FUNDS saying how much is missing. */
  async function holdPrice(
    tx: DbExecutor,
    row: SessionRequestRow,
    coupon: { code: string; discountAmount: number } | null,
  ) {
    await holdShowingShortfall(
      deps,
      tx,
      {
        clientId: row.clientId,
        coachId: row.coachId,
        reference: referenceOf(row.id),
        amount: row.price,
        format: row.format,
        durationMinutes: row.durationMinutes,
        coupon,
      },
      'This session costs',
    );
  }

  return {
    /**
     * Whether the coach has a realtime socket open anywhere. Asked BEFORE the create's transaction
     * opens (asking inside it would hold two pool connections per request); a failure counts as an
     * open tab (no email) and is logged.
     */
    async coachHasOpenTab(coachId: string): Promise<boolean> {
      try {
        return await realtime.hasOpenTab(coachId);
      } catch (error) {
        deps.logger.error(
          { err: describeErrorForLog(error) },
          'session requests: could not tell whether the coach has an open tab; no alert email',
        );
        return true;
      }
    },

    /**
     * POST /api/session-requests, in the caller's (idempotency) transaction: quote, insert, hold (or,
     * for a $0 request after a 100 % coupon, redeem the coupon alone), requestCreated to the coach, and
     * for an instant request to a coach with no open tab (`coachHasOpenTab`) the alert email, queued in
     * a savepoint of the same transaction (a failure is only logged). Deliver the events after commit.
     */
    async create(
      tx: DbExecutor,
      clientId: string,
      input: CreateSessionRequestInput,
      options: { coachHasOpenTab: boolean },
    ): Promise<{ request: SessionRequest; events: RealtimeEvent[] }> {
      const now = clock.now();
      const coachId = input.coach_id;
      if (coachId === clientId) throw validationError('body.coach_id', SESSION_REQUEST_ERRORS.ownRequest);
      const scheduledAt =
        input.preferred_date && input.preferred_time
          ? new Date(`${input.preferred_date}T${input.preferred_time}:00Z`)
          : null;
      if (scheduledAt !== null && scheduledAt.getTime() <= now.getTime())
        throw validationError('body.preferred_date', SESSION_MESSAGES.preferredPast);

      // An instant request needs the coach online and free now; a scheduled one only a listed coach.
      const { coach, client, pendingId, blockedBy } = await repository.requestContext(tx, {
        coachId,
        clientId,
      });
      // A block either way stops requests between the two, with words that say so (#17).
      if (blockedBy.client) throw new AppError('FORBIDDEN', SAFETY_TEXTS.blockedByYou);
      if (blockedBy.coach) throw new AppError('FORBIDDEN', SAFETY_TEXTS.blockedByOther);
      if (!coach?.approved || (scheduledAt === null && (!coach.isOnline || coach.isBusy)))
        throw new AppError('CONFLICT', SESSION_REQUEST_ERRORS.coachUnavailable, {
          details: [{ path: 'body.coach_id', message: SESSION_REQUEST_ERRORS.coachUnavailable }],
        });
      if (pendingId) throw pendingConflict(pendingId);

      const quote = await settlement.quote(
        {
          coachId,
          format: input.format,
          minutes: input.duration_minutes,
          couponCode: input.coupon_code ?? null,
          clientId,
          rates: coach.rates,
        },
        tx,
      );
      const row = await repository.insert(tx, {
        coachId,
        clientId,
        clientName: client?.fullName?.trim() || localPart(client?.email ?? null) || 'Client',
        clientEmail: client?.email && client.emailConfirmedAt ? client.email : null,
        clientAvatarUrl: client?.avatarUrl ?? null,
        format: input.format,
        durationMinutes: input.duration_minutes,
        purpose: input.purpose,
        description: input.description || null,
        sessionCategory: input.session_category || null,
        preferredDate: input.preferred_date ?? null,
        preferredTime: input.preferred_time ?? null,
        price: quote.final,
        originalPrice: quote.original_price,
        discountAmount: quote.discount_amount,
        couponCode: quote.coupon_code,
        couponDiscountType: quote.coupon_discount_type,
        status: 'pending',
        expiresAt: scheduledAt ?? new Date(now.getTime() + REQUEST_ALERT_MS),
        createdAt: now,
        updatedAt: now,
      });
      // A racing request of the same client committed first (one pending request per client).
      if (!row) throw pendingConflict(await repository.pendingIdOfClient(tx, clientId));

      const coupon =
        quote.coupon_code && quote.discount_amount
          ? { code: quote.coupon_code, discountAmount: quote.discount_amount }
          : null;
      if (row.price > 0) await holdPrice(tx, row, coupon);
      else if (coupon)
        // money_holds.amount > 0: a $0 request holds nothing, but its coupon use is recorded all the same.
        await deps.coupons.redeem(tx, {
          code: coupon.code,
          coachId,
          clientId,
          reference: referenceOf(row.id),
          discountAmount: coupon.discountAmount,
        });

      // The hold wrote no column of the request: its view is the inserted row and the coach just read.
      const request = toSessionRequest(
        { ...row, coachFullName: coach.fullName, coachUsername: coach.username },
        now,
      );
      const events = [
        await realtime.record(tx, {
          topic: userTopic(coachId),
          type: SESSION_EVENTS.requestCreated,
          payload: { request },
        }),
      ];
      if (scheduledAt === null && !options.coachHasOpenTab) await alertCoach(tx, coach, request);
      return { request, events };
    },
  };
}
