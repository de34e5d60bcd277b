import type { z } from 'zod';
import type { RealtimeEvent } from '../../../contracts/realtime';
import {
  REQUEST_ALERT_MS,
  SESSION_EVENTS,
  SESSION_MESSAGES,
  type Alternatives,
  type ChatSession,
  type SessionRequest,
  type createSessionRequestSchema,
  SESSION_REQUEST_ERRORS,
} from '../../../contracts/sessions';
import type { Clock } from '../../../domain/clock';
import { AppError } from '../../../domain/errors/app-error';
import { formatCents } from '../../../domain/money/format';
import {
  REQUEST_TRANSITIONS,
  refusalMessage,
  shownRequestStatus as shownStatus,
} from '../../../domain/sessions/request-machine';
import type { Database, DbExecutor } from '../../db/client';
import type { RealtimeService } from '../../realtime/realtime.service';
import type { CouponsService } from '../coupons/coupons.service';
import type { LedgerService } from '../ledger/ledger.service';
import { renderEmail } from '../outbox/email-templates';
import type { OutboxService } from '../outbox/outbox.service';
import type { HoldReference, SettlementService } from '../settlement/settlement.service';
import type {
  CoachAvailability,
  SessionRequestRow,
  SessionRequestView,
  SessionRequestsRepository,
} from './session-requests.repository';

export type CreateSessionRequestInput = z.output<typeof createSessionRequestSchema>;

/** What the chat-sessions module needs of an accepted request to open its session. */
export type AcceptedRequest = Pick<
  SessionRequestRow,
  | 'id'
  | 'coachId'
  | 'clientId'
  | 'clientName'
  | 'clientEmail'
  | 'format'
  | 'durationMinutes'
  | 'purpose'
  | 'description'
  | 'price'
  | 'originalPrice'
  | 'discountAmount'
  | 'couponCode'
  | 'couponDiscountType'
>;

/**
 * The chat-sessions module's side of an accept: inserts the active session (coach present, client not)
 * in the caller's transaction and records its events (returned, to be delivered after commit).
 */
export type ChatSessionsPort = {
  createFromRequest: (
    tx: DbExecutor,
    request: AcceptedRequest,
  ) => Promise<{ session: ChatSession; events: RealtimeEvent[] }>;
};

/** A change's answer and the realtime events it recorded (deliver them once it committed). */
export type Outcome<T> = { body: T; events: RealtimeEvent[] };

export type SessionRequestsLogger = {
  error(fields: object, message: string): void;
};

/** Expired requests settled per transaction by expireDue. */
export const EXPIRE_BATCH_SIZE = 50;
/** How many online coaches the fallback offers after an expiry or decline. */
export const ALTERNATIVES_LIMIT = 6;

const localPart = (email: string | null) => (email ? (email.split('@')[0] ?? email) : null);
const iso = (value: Date | null) => (value ? value.toISOString() : null);
const userTopic = (userId: string) => `user:${userId}`;
const referenceOf = (id: string): HoldReference => ({ type: 'session_request', id });

function validationError(path: string, message: string): AppError {
  return new AppError('VALIDATION_ERROR', message, { details: [{ path, message }] });
}

/** 409 for the loser of a race (the request left pending first), with its current status in details. */
function statusConflict(row: SessionRequestRow | undefined, now: Date): AppError {
  if (!row) return new AppError('NOT_FOUND');
  const status = shownStatus(row, now);
  return new AppError('CONFLICT', refusalMessage(status), {
    details: [{ path: 'status', message: status }],
  });
}

export function toSessionRequest(view: SessionRequestView, now: Date): SessionRequest {
  return {
    id: view.id,
    coach_id: view.coachId,
    client_id: view.clientId,
    coach_name: view.coachFullName?.trim() || SESSION_MESSAGES.coachNameFallback,
    coach_username: view.coachUsername,
    client_name: view.clientName,
    client_email: view.clientEmail,
    client_avatar_url: view.clientAvatarUrl,
    format: view.format,
    duration_minutes: view.durationMinutes,
    purpose: view.purpose,
    description: view.description,
    session_purpose: view.sessionPurpose,
    session_category: view.sessionCategory,
    preferred_date: view.preferredDate,
    preferred_time: view.preferredTime,
    scheduled: view.preferredDate !== null && view.preferredTime !== null,
    price: view.price,
    original_price: view.originalPrice,
    discount_amount: view.discountAmount,
    coupon_code: view.couponCode,
    coupon_discount_type: view.couponDiscountType,
    status: shownStatus(view, now),
    session_id: view.sessionId,
    accepted_at: iso(view.acceptedAt),
    expires_at: view.expiresAt.toISOString(),
    responded_at: iso(view.respondedAt),
    coach_message: view.coachMessage,
    created_at: view.createdAt.toISOString(),
  };
}

/**
 * Session requests (SPEC §3/§4). A client asks a coach; the quoted price is
 * held from the client's wallet (money_holds reference ('session_request', id)) in the same transaction
 * as the insert. The coach accepts (a chat session is created, the hold stays until the session is
 * completed), declines (hold released), the client cancels (released), or it expires at expires_at
 * (released by expireDue). Every status change is a compare-and-set on `status = 'pending'` in ONE
 * transaction with its money and its realtime events (SESSION_EVENTS on each party's `user:<id>`), so
 * of racing accepts, cancels, declines and expiries exactly one wins; the others get 409 CONFLICT with
 * the current status. Events are delivered after commit (`deliver`).
 */
export function createSessionRequestsService(deps: {
  db: Database;
  repository: SessionRequestsRepository;
  settlement: Pick<SettlementService, 'quote' | 'hold' | 'release'>;
  coupons: Pick<CouponsService, 'redeem' | 'releaseFor'>;
  ledger: Pick<LedgerService, 'ensureAccount' | 'balanceOf'>;
  realtime: Pick<RealtimeService, 'record' | 'deliver' | 'hasOpenTab'>;
  outbox: OutboxService;
  chatSessions: ChatSessionsPort;
  clock: Clock;
  publicUrl: string;
  logger: SessionRequestsLogger;
}) {
  const { db, repository, settlement, realtime, clock } = deps;

  async function mustView(executor: DbExecutor, id: string): Promise<SessionRequestView> {
    const view = await repository.findView(executor, id);
    if (!view) throw new Error(`Session request ${id} vanished inside its transaction`);
    return view;
  }

  function pendingConflict(existingId: string | undefined): AppError {
    return new AppError('CONFLICT', SESSION_REQUEST_ERRORS.pendingExists, {
      details: existingId ? [{ path: 'request_id', message: existingId }] : [],
    });
  }

  /** requestUpdated to both parties, coach first (one topic order for every change of a request). */
  async function recordUpdated(tx: DbExecutor, request: SessionRequest): Promise<RealtimeEvent[]> {
    const payload = { request };
    return [
      await realtime.record(tx, {
        topic: userTopic(request.coach_id),
        type: SESSION_EVENTS.requestUpdated,
        payload,
      }),
      await realtime.record(tx, {
        topic: userTopic(request.client_id),
        type: SESSION_EVENTS.requestUpdated,
        payload,
      }),
    ];
  }

  /** Gives the client's money (or the coupon use of a $0 request) back, in the change's transaction. */
  async function releaseMoney(tx: DbExecutor, row: SessionRequestRow): Promise<void> {
    const reference = referenceOf(row.id);
    if (row.price > 0) await settlement.release(tx, reference);
    else await deps.coupons.releaseFor(tx, reference);
  }

  /** Queues an email in a savepoint: a failure is logged and never undoes (or fails) the change. */
  async function queueEmail(
    tx: DbExecutor,
    what: string,
    enqueue: (executor: DbExecutor) => Promise<unknown>,
  ): Promise<void> {
    try {
      await tx.transaction(async (savepoint) => {
        await enqueue(savepoint);
      });
    } catch (error) {
      deps.logger.error(
        { err: error instanceof Error ? error.message : String(error), email: what },
        'session requests: the email could not be queued (the request goes on without it)',
      );
    }
  }

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
    try {
      await settlement.hold(tx, {
        clientId: row.clientId,
        coachId: row.coachId,
        reference: referenceOf(row.id),
        amount: row.price,
        format: row.format,
        durationMinutes: row.durationMinutes,
        coupon,
      });
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'INSUFFICIENT_FUNDS') throw error;
      // The hold ran in a savepoint: the transaction is still usable to read the balance.
      const wallet = await deps.ledger.ensureAccount(tx, 'client_wallet', row.clientId);
      const balance = await deps.ledger.balanceOf(tx, wallet.id);
      const shortfall = Math.max(row.price - balance, 0);
      throw new AppError(
        'INSUFFICIENT_FUNDS',
        `This session costs ${formatCents(row.price)} and your wallet has ${formatCents(balance)}. Top up at least ${formatCents(shortfall)}, then try again.`,
        {
          cause: error,
          details: [
            { path: 'price', message: String(row.price) },
            { path: 'wallet_balance', message: String(balance) },
            { path: 'shortfall', message: String(shortfall) },
          ],
        },
      );
    }
  }

  /** pending -> expired, money back, events; [] when it is no longer pending. */
  async function expireRow(tx: DbExecutor, row: SessionRequestRow, now: Date): Promise<RealtimeEvent[]> {
    const expired = await repository.leavePending(tx, {
      id: row.id,
      to: REQUEST_TRANSITIONS.pending.expire,
      now,
    });
    if (!expired) return [];
    await releaseMoney(tx, expired);
    return recordUpdated(tx, toSessionRequest(await mustView(tx, row.id), now));
  }

  /** A change by one party (decline, cancel): pending -> declined | cancelled, money back, events to both. */
  async function leave(
    party: { coachId: string } | { clientId: string },
    id: string,
    event: 'decline' | 'cancel',
  ): Promise<Outcome<SessionRequest>> {
    const to = REQUEST_TRANSITIONS.pending[event];
    return db.transaction(async (tx) => {
      const now = clock.now();
      const current = await repository.findRow(tx, id);
      const isParty =
        current !== undefined &&
        ('coachId' in party ? current.coachId === party.coachId : current.clientId === party.clientId);
      if (!current || !isParty) throw new AppError('NOT_FOUND');
      const changed = await repository.leavePending(tx, { id, to, now, party });
      if (!changed) throw statusConflict(await repository.findRow(tx, id), now);
      await releaseMoney(tx, changed);
      const request = toSessionRequest(await mustView(tx, id), now);
      return { body: request, events: await recordUpdated(tx, request) };
    });
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
          { err: error instanceof Error ? error.message : String(error) },
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
      const coach = await repository.coachAvailability(tx, coachId);
      if (!coach?.approved || (scheduledAt === null && (!coach.isOnline || coach.isBusy)))
        throw new AppError('CONFLICT', SESSION_REQUEST_ERRORS.coachUnavailable, {
          details: [{ path: 'body.coach_id', message: SESSION_REQUEST_ERRORS.coachUnavailable }],
        });
      const existing = await repository.pendingIdOfClient(tx, clientId);
      if (existing) throw pendingConflict(existing);

      const quote = await settlement.quote(
        {
          coachId,
          format: input.format,
          minutes: input.duration_minutes,
          couponCode: input.coupon_code ?? null,
          clientId,
        },
        tx,
      );
      const client = await repository.identity(tx, clientId);
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

      const request = toSessionRequest(await mustView(tx, row.id), now);
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

    /** GET /api/session-requests/:id: a party's view; anyone else 404. */
    async get(userId: string, id: string): Promise<SessionRequest> {
      const view = await repository.findView(db, id);
      if (!view || (view.coachId !== userId && view.clientId !== userId)) throw new AppError('NOT_FOUND');
      return toSessionRequest(view, clock.now());
    },

    /** GET /api/session-requests/pending: the coach's newest pending instant request (the safety net). */
    async pending(coachId: string): Promise<{ request: SessionRequest | null }> {
      const now = clock.now();
      const view = await repository.newestPendingInstant(db, coachId, now);
      return { request: view ? toSessionRequest(view, now) : null };
    },

    /** GET /api/session-requests/scheduled: the coach's pending scheduled requests. */
    async scheduled(coachId: string): Promise<{ requests: SessionRequest[] }> {
      const now = clock.now();
      const views = await repository.pendingScheduled(db, coachId, now);
      return { requests: views.map((view) => toSessionRequest(view, now)) };
    },

    /**
     * POST /:id/accept (the request's coach): in ONE transaction, claim the pending, unexpired request
     * (row lock), create its chat session (chat-sessions module), mark it accepted with the session.
     */
    async accept(
      coachId: string,
      id: string,
    ): Promise<Outcome<{ request: SessionRequest; session: ChatSession }>> {
      return db.transaction(async (tx) => {
        const now = clock.now();
        const current = await repository.findRow(tx, id);
        if (!current || current.coachId !== coachId) throw new AppError('NOT_FOUND');
        const claimed = await repository.lockAcceptable(tx, { id, coachId, now });
        if (!claimed) throw statusConflict(await repository.findRow(tx, id), now);
        const created = await deps.chatSessions.createFromRequest(tx, claimed);
        const accepted = await repository.markAccepted(tx, { id, sessionId: created.session.id, now });
        if (!accepted) throw new Error(`Session request ${id} changed while locked`);
        const request = toSessionRequest(await mustView(tx, id), now);
        return {
          body: { request, session: created.session },
          events: [...created.events, ...(await recordUpdated(tx, request))],
        };
      });
    },

    /** POST /:id/decline (the request's coach): pending -> declined, hold released. */
    decline: (coachId: string, id: string) => leave({ coachId }, id, 'decline'),

    /** POST /:id/cancel (the request's client): pending -> cancelled, hold released. */
    cancel: (clientId: string, id: string) => leave({ clientId }, id, 'cancel'),

    /**
     * POST /:id/message (the request's coach), once, after a decline, cancel or expiry (SPEC §4/§5):
     * stored, requestUpdated to both, and the coach_decline_notification email to the client's
     * confirmed address (queueing failure only logged, SPEC §8).
     */
    async message(coachId: string, id: string, message: string): Promise<Outcome<SessionRequest>> {
      return db.transaction(async (tx) => {
        const now = clock.now();
        const current = await repository.findRow(tx, id);
        if (!current || current.coachId !== coachId) throw new AppError('NOT_FOUND');
        const events: RealtimeEvent[] = [];
        // Past its expiry but not yet settled by the job: settle it here first.
        if (shownStatus(current, now) === 'expired' && current.status === 'pending')
          events.push(...(await expireRow(tx, current, now)));
        const written = await repository.setCoachMessage(tx, { id, coachId, message, now });
        if (!written) {
          const after = await repository.findRow(tx, id);
          if (after?.coachMessage != null) throw new AppError('CONFLICT', SESSION_REQUEST_ERRORS.messageSent);
          const status = after ? shownStatus(after, now) : 'pending';
          throw new AppError('CONFLICT', SESSION_REQUEST_ERRORS.messageNotYet, {
            details: [{ path: 'status', message: status }],
          });
        }
        const view = await mustView(tx, id);
        const request = toSessionRequest(view, now);
        events.push(...(await recordUpdated(tx, request)));

        const client = await repository.identity(tx, written.clientId);
        const recipient = client?.email && client.emailConfirmedAt ? client.email : null;
        if (recipient) {
          const data = {
            coachMessage: message,
            clientName: written.clientName,
            sessionType: written.format,
            requestStatus: written.status,
            coachName: request.coach_name,
          };
          await queueEmail(tx, 'coach_decline_notification', (executor) =>
            deps.outbox.enqueue(executor, {
              channel: 'email',
              recipient,
              template: 'coach_decline_notification',
              ...renderEmail('coach_decline_notification', data),
              data: { ...data, requestId: id },
            }),
          );
        }
        return { body: request, events };
      });
    },

    /** GET /:id/alternatives (the request's client): online, free coaches in the same category. */
    async alternatives(clientId: string, id: string): Promise<Alternatives> {
      const view = await repository.findView(db, id);
      if (!view || view.clientId !== clientId) throw new AppError('NOT_FOUND');
      const category = view.sessionCategory ?? (await repository.firstCategoryOf(db, view.coachId)) ?? null;
      const coaches = await repository.onlineFreeCoaches(db, {
        category,
        excludeCoachId: view.coachId,
        limit: ALTERNATIVES_LIMIT,
      });
      return {
        online_coaches: coaches.map((coach) => ({
          id: coach.coachId,
          username: coach.username,
          full_name: coach.fullName?.trim() || SESSION_MESSAGES.coachNameFallback,
          professional_title: coach.professionalTitle,
          avatar_url: coach.avatarUrl,
          categories: coach.categories,
        })),
        coach: {
          id: view.coachId,
          username: view.coachUsername,
          full_name: view.coachFullName?.trim() || SESSION_MESSAGES.coachNameFallback,
        },
      };
    },

    /**
     * The lifecycle job (server/jobs): pending requests with expires_at <= now become expired, their
     * holds released, requestUpdated to both. Batches are claimed FOR UPDATE SKIP LOCKED, so several
     * instances may run it at once; each request is settled once. Returns how many expired.
     */
    async expireDue(now: Date, batchSize = EXPIRE_BATCH_SIZE): Promise<number> {
      let total = 0;
      for (;;) {
        const batch = await db.transaction(async (tx) => {
          const due = await repository.claimDue(tx, now, batchSize);
          const events: RealtimeEvent[] = [];
          let expired = 0;
          for (const row of due) {
            const recorded = await expireRow(tx, row, now);
            if (recorded.length > 0) expired += 1;
            events.push(...recorded);
          }
          return { claimed: due.length, expired, events };
        });
        await realtime.deliver(batch.events);
        total += batch.expired;
        if (batch.claimed < batchSize) return total;
      }
    },
  };
}

export type SessionRequestsService = ReturnType<typeof createSessionRequestsService>;
