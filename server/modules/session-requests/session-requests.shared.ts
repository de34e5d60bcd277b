import { NOTIFICATION_TEXTS } from '#contracts/notifications';
import type { MessagesService } from '../messages/messages.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { describeErrorForLog } from '#server/plugins/log-safety';
import type { z } from 'zod';
import type { RealtimeEvent } from '#contracts/realtime';
import {
  SESSION_EVENTS,
  SESSION_MESSAGES,
  type ChatSession,
  type SessionRequest,
  type createSessionRequestSchema,
  SESSION_REQUEST_ERRORS,
} from '#contracts/sessions';
import type { Clock } from '#domain/clock';
import { AppError } from '#domain/errors/app-error';
import {
  REQUEST_TRANSITIONS,
  refusalMessage,
  shownRequestStatus as shownStatus,
} from '#domain/sessions/request-machine';
import type { Database, DbExecutor } from '#server/db/client';
import type { RealtimeService } from '#server/realtime/realtime.service';
import type { CouponsService } from '../coupons/coupons.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { OutboxService } from '../outbox/outbox.service';
import type { HoldReference, SettlementService } from '../settlement/settlement.service';
import type {
  SessionRequestRow,
  SessionRequestView,
  SessionRequestsRepository,
} from './session-requests.repository';

export type CreateSessionRequestInput = z.output<typeof createSessionRequestSchema>;

/** What the sessions module needs of an accepted request to open its session. */
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
 * The sessions module's side of an accept: inserts the active session (coach present, client not)
 * in the caller's transaction and records its events (returned, to be delivered after commit).
 */
export type SessionsPort = {
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

export const localPart = (email: string | null) => (email ? (email.split('@')[0] ?? email) : null);

const iso = (value: Date | null) => (value ? value.toISOString() : null);
export const userTopic = (userId: string) => `user:${userId}`;

export const referenceOf = (id: string): HoldReference => ({ type: 'session_request', id });

export function validationError(path: string, message: string): AppError {
  return new AppError('VALIDATION_ERROR', message, { details: [{ path, message }] });
}

/** 409 for the loser of a race (the request left pending first), with its current status in details. */
export function statusConflict(row: SessionRequestRow | undefined, now: Date): AppError {
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

export type SessionRequestsDeps = {
  db: Database;
  repository: SessionRequestsRepository;
  settlement: Pick<SettlementService, 'quote' | 'hold' | 'release'>;
  coupons: Pick<CouponsService, 'redeem' | 'releaseFor'>;
  ledger: Pick<LedgerService, 'ensureAccount' | 'balanceOf'>;
  realtime: Pick<RealtimeService, 'record' | 'recordMany' | 'transaction' | 'hasOpenTab'>;
  outbox: OutboxService;
  chatSessions: SessionsPort;
  /** The client is told of a decline, an expiry and an accept (#17), in the change's transaction. */
  notifications: Pick<NotificationsService, 'notify'>;
  /** The coach's note after a declined, cancelled or expired request also lands in their conversation. */
  messages: Pick<MessagesService, 'sendWithin'>;
  clock: Clock;
  publicUrl: string;
  logger: SessionRequestsLogger;
};

/** The helpers every use case of a request shares: views, events, money back, emails, expiry. */
export function createSessionRequestsShared(deps: SessionRequestsDeps) {
  const { repository, settlement, realtime } = deps;

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
    return realtime.recordMany(tx, [
      { topic: userTopic(request.coach_id), type: SESSION_EVENTS.requestUpdated, payload },
      { topic: userTopic(request.client_id), type: SESSION_EVENTS.requestUpdated, payload },
    ]);
  }

  /** Gives the client's money (or the coupon use of a $0 request) back, in the change's transaction. */
  async function releaseMoney(tx: DbExecutor, row: SessionRequestRow): Promise<void> {
    const reference = referenceOf(row.id);
    if (row.price > 0) await settlement.release(tx, reference, { couponRedeemed: row.couponCode !== null });
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
        { err: describeErrorForLog(error), email: what },
        'session requests: the email could not be queued (the request goes on without it)',
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
    const request = toSessionRequest(expired, now);
    return [...(await recordUpdated(tx, request)), ...(await tellClient(tx, request, 'session_cancelled'))];
  }

  /**
   * The client's lasting notification of what became of their request (SPEC §8 texts): declined
   * (session_rejected), expired unanswered (session_cancelled) or accepted (session_accepted).
   */
  async function tellClient(
    tx: DbExecutor,
    request: SessionRequest,
    type: 'session_rejected' | 'session_cancelled' | 'session_accepted',
  ): Promise<RealtimeEvent[]> {
    const coachName = request.coach_name || NOTIFICATION_TEXTS.coachFallback;
    const base = { userId: request.client_id, type, actorId: request.coach_id, actorName: coachName };
    if (type === 'session_rejected')
      return deps.notifications.notify(tx, {
        ...base,
        title: NOTIFICATION_TEXTS.sessionRejected.title,
        message: NOTIFICATION_TEXTS.sessionRejected.message,
        actionText: NOTIFICATION_TEXTS.sessionRejected.action,
        actionUrl: `/chat?with=${request.coach_id}`,
      });
    if (type === 'session_cancelled')
      return deps.notifications.notify(tx, {
        ...base,
        title: NOTIFICATION_TEXTS.sessionExpired.title,
        message: NOTIFICATION_TEXTS.sessionExpired.message(coachName),
        actionText: NOTIFICATION_TEXTS.sessionExpired.action,
        actionUrl: `/chat?with=${request.coach_id}`,
      });
    return deps.notifications.notify(tx, {
      ...base,
      title: NOTIFICATION_TEXTS.sessionAccepted.title,
      message: NOTIFICATION_TEXTS.sessionAccepted.message(coachName),
      actionText: NOTIFICATION_TEXTS.sessionAccepted.action,
      actionUrl: request.session_id ? `/session/${request.session_id}` : null,
    });
  }

  return { mustView, pendingConflict, recordUpdated, releaseMoney, queueEmail, expireRow, tellClient };
}

export type SessionRequestsShared = ReturnType<typeof createSessionRequestsShared>;
