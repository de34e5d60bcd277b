import type { RealtimeEvent } from '../../../contracts/realtime';
import {
  SESSION_EXTENSION_EVENTS,
  SESSION_EXTENSION_MESSAGES,
  SESSION_EXTENSION_MINUTES,
  SESSION_EXTENSION_PENDING_MS,
  type AcceptSessionExtensionResponse,
  type SessionExtension,
  type SessionExtensionsResponse,
} from '../../../contracts/session-extensions';
import { SESSION_MESSAGES, type ChatSession } from '../../../contracts/sessions';
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
import type { ChatSessionsService } from '../chat-sessions/chat-sessions.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { HoldReference, SettlementService } from '../settlement/settlement.service';
import type {
  SessionExtensionRow,
  SessionExtensionsRepository,
  SessionExtensionView,
} from './session-extensions.repository';

/** The money hold of an ask: ('session_extension', id). */
export const SESSION_EXTENSION_HOLD_TYPE = 'session_extension';

export type SessionExtensionsLogger = {
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
};

/** A change's answer and the realtime events it recorded (deliver them once it committed). */
export type Outcome<T> = { body: T; events: RealtimeEvent[] };

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const userTopic = (userId: string) => `user:${userId}`;
const referenceOf = (id: string): HoldReference => ({ type: SESSION_EXTENSION_HOLD_TYPE, id });

export function toSessionExtension(view: SessionExtensionView, now: Date): SessionExtension {
  return {
    id: view.id,
    session_id: view.sessionId,
    coach_id: view.coachId,
    client_id: view.clientId,
    coach_name: view.coachName?.trim() || SESSION_MESSAGES.coachNameFallback,
    client_name: view.clientName,
    minutes: view.minutes,
    price: view.price,
    status: shownStatus(view, now),
    created_at: view.createdAt.toISOString(),
    expires_at: view.expiresAt.toISOString(),
    responded_at: iso(view.respondedAt),
  };
}

/** 409 for the loser of a race, with the ask's current status in details. */
function statusConflict(row: SessionExtensionRow | undefined, now: Date): AppError {
  if (!row) return new AppError('NOT_FOUND');
  const status = shownStatus(row, now);
  return new AppError('CONFLICT', refusalMessage(status, 'request for more time'), {
    details: [{ path: 'status', message: status }],
  });
}

const notLive = () =>
  new AppError('CONFLICT', SESSION_EXTENSION_MESSAGES.notLive, {
    details: [{ path: 'session', message: 'over' }],
  });

/**
 * More minutes in a live session (contracts/session-extensions.ts).
 *
 * The client asks for 15 or 30 more minutes: quoted at the coach's on-demand rate for the session's
 * format (settlement.quote, the pricing the request used) and held from the wallet under
 * ('session_extension', id), in the idempotency transaction. The coach accepts (the session's length
 * and payment grow: chatSessions.extend) or declines (released); the client may cancel (released); an
 * unanswered ask expires after 2 minutes or when the session ends (released). When the session
 * completes, `settleForCompletion` runs in the completing transaction: accepted asks are captured
 * (exactly once: each hold's own compare-and-set, under the session's row lock), pending ones released.
 *
 * Lock order, kept by every writer so racing changes queue instead of deadlocking: the session row
 * (FOR SHARE to ask, cancel, decline or expire; FOR UPDATE to accept or complete), then the ask, then
 * ledger accounts, then realtime topics. Every status change is a compare-and-set on `pending`.
 */
export function createSessionExtensionsService(deps: {
  db: Database;
  repository: SessionExtensionsRepository;
  chatSessions: Pick<ChatSessionsService, 'get' | 'lockShared' | 'extend'>;
  settlement: Pick<SettlementService, 'quote' | 'hold' | 'release' | 'capture' | 'findHold'>;
  ledger: Pick<LedgerService, 'ensureAccount' | 'balanceOf'>;
  realtime: Pick<RealtimeService, 'record' | 'deliver'>;
  clock: Clock;
  logger: SessionExtensionsLogger;
}) {
  const { db, repository, chatSessions, settlement, realtime, clock, logger } = deps;

  async function mustView(executor: DbExecutor, id: string): Promise<SessionExtensionView> {
    const view = await repository.findView(executor, id);
    if (!view) throw new Error(`Session extension ${id} vanished inside its transaction`);
    return view;
  }

  /** `type` to both parties, coach first (one topic order for every change of an ask). */
  async function record(tx: DbExecutor, type: string, extension: SessionExtension): Promise<RealtimeEvent[]> {
    const payload = { extension };
    return [
      await realtime.record(tx, { topic: userTopic(extension.coach_id), type, payload }),
      await realtime.record(tx, { topic: userTopic(extension.client_id), type, payload }),
    ];
  }

  async function recordChange(tx: DbExecutor, id: string, now: Date): Promise<Outcome<SessionExtension>> {
    const extension = toSessionExtension(await mustView(tx, id), now);
    return { body: extension, events: await record(tx, SESSION_EXTENSION_EVENTS.updated, extension) };
  }

  /** Gives the client's money back (nothing was held for a $0 ask). */
  async function releaseMoney(tx: DbExecutor, row: SessionExtensionRow): Promise<void> {
    if (row.price > 0) await settlement.release(tx, referenceOf(row.id));
  }

  /** The hold, with INSUFFICIENT_FUNDS saying how much is missing. */
  async function holdPrice(tx: DbExecutor, row: SessionExtensionRow, session: ChatSession): Promise<void> {
    try {
      await settlement.hold(tx, {
        clientId: row.clientId,
        coachId: row.coachId,
        reference: referenceOf(row.id),
        amount: row.price,
        format: session.format,
        durationMinutes: row.minutes,
      });
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'INSUFFICIENT_FUNDS') throw error;
      // The hold ran in a savepoint: the transaction is still usable to read the balance.
      const wallet = await deps.ledger.ensureAccount(tx, 'client_wallet', row.clientId);
      const balance = await deps.ledger.balanceOf(tx, wallet.id);
      const shortfall = Math.max(row.price - balance, 0);
      throw new AppError(
        'INSUFFICIENT_FUNDS',
        `${row.minutes} more minutes cost ${formatCents(row.price)} and your wallet has ${formatCents(balance)}. Top up at least ${formatCents(shortfall)}, then try again.`,
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

  /**
   * A party's answer that gives the money back (decline, cancel): the session's row (FOR SHARE, the
   * lock order), pending -> declined | cancelled, release, events to both.
   */
  async function leave(
    userId: string,
    side: 'coach' | 'client',
    id: string,
    event: 'decline' | 'cancel',
  ): Promise<Outcome<SessionExtension>> {
    const to = REQUEST_TRANSITIONS.pending[event];
    return db.transaction(async (tx) => {
      const now = clock.now();
      const current = await requireParty(tx, userId, side, id);
      await chatSessions.lockShared(tx, current.sessionId);
      const changed = await repository.leavePending(tx, { id, to, now });
      if (!changed) throw statusConflict(await repository.findRow(tx, id), now);
      await releaseMoney(tx, changed);
      return recordChange(tx, id, now);
    });
  }

  /** The ask, for one of its parties acting as `side`: 404 for anyone else, 403 for the other party. */
  async function requireParty(
    executor: DbExecutor,
    userId: string,
    side: 'coach' | 'client',
    id: string,
  ): Promise<SessionExtensionRow> {
    const current = await repository.findRow(executor, id);
    if (!current || (current.coachId !== userId && current.clientId !== userId))
      throw new AppError('NOT_FOUND');
    if ((side === 'coach' ? current.coachId : current.clientId) !== userId)
      throw new AppError(
        'FORBIDDEN',
        side === 'coach' ? SESSION_EXTENSION_MESSAGES.coachOnly : SESSION_EXTENSION_MESSAGES.clientOnly,
      );
    return current;
  }

  /** Captures an accepted ask's hold; its coach share. A hold already captured gives its recorded share. */
  async function captureAccepted(tx: DbExecutor, row: SessionExtensionRow): Promise<number> {
    if (row.price <= 0) return 0;
    const reference = referenceOf(row.id);
    const hold = await settlement.findHold(reference, tx);
    if (hold?.status === 'held') return (await settlement.capture(tx, reference)).capturedCoachAmount ?? 0;
    if (hold?.status === 'captured') {
      logger.warn({ extensionId: row.id, holdId: hold.id }, 'session extension: already captured');
      return hold.capturedCoachAmount ?? 0;
    }
    logger.error(
      { extensionId: row.id, hold: hold ? { id: hold.id, status: hold.status } : null },
      'session extension: an accepted ask has no held payment to capture',
    );
    return 0;
  }

  /** Who may ask for more time: a party (404 otherwise), the client who booked (403), the session live (409). */
  async function authorizeCreate(userId: string, sessionId: string): Promise<ChatSession> {
    const session = await chatSessions.get(userId, sessionId);
    if (session.client_id !== userId) throw new AppError('FORBIDDEN', SESSION_EXTENSION_MESSAGES.clientOnly);
    if (session.status !== 'active') throw notLive();
    return session;
  }

  return {
    /**
     * Before the Idempotency-Key is read (and again in `create`): a party (404 otherwise), the client
     * who booked (403 for the coach), and the session live (409).
     */
    authorizeCreate: async (userId: string, sessionId: string): Promise<void> => {
      await authorizeCreate(userId, sessionId);
    },

    /** GET /api/sessions/:id/extensions: the session's parties (404 for anyone else). */
    async list(userId: string, sessionId: string): Promise<SessionExtensionsResponse> {
      const session = await chatSessions.get(userId, sessionId);
      const now = clock.now();
      const extensions = (await repository.listForSession(db, sessionId)).map((view) =>
        toSessionExtension(view, now),
      );
      const live = session.status === 'active';
      const offers = live
        ? await Promise.all(
            SESSION_EXTENSION_MINUTES.map(async (minutes) => {
              const quote = await settlement.quote({
                coachId: session.coach_id,
                format: session.format,
                minutes,
              });
              return { minutes, price: quote.final };
            }),
          )
        : [];
      return {
        pending: extensions.find((extension) => extension.status === 'pending') ?? null,
        extensions,
        offers,
      };
    },

    /**
     * POST /api/sessions/:id/extensions, in the caller's (idempotency) transaction: a party (404
     * otherwise), the client who booked (403 for the coach), the session live (409); then the session's
     * row FOR SHARE (so its end cannot slip in between), one pending ask per session, the quote, the
     * row, the hold, SESSION_EXTENSION_EVENTS.created to both parties. Deliver the events after commit.
     */
    async create(
      tx: DbExecutor,
      userId: string,
      sessionId: string,
      minutes: number,
    ): Promise<Outcome<SessionExtension>> {
      const session = await authorizeCreate(userId, sessionId);
      const live = await chatSessions.lockShared(tx, session.id);
      if (!live?.isLive) throw notLive();
      const pendingConflict = (existingId: string | undefined) =>
        new AppError('CONFLICT', SESSION_EXTENSION_MESSAGES.pendingExists, {
          details: existingId ? [{ path: 'extension_id', message: existingId }] : [],
        });
      const existing = await repository.pendingIdOf(tx, session.id);
      if (existing) throw pendingConflict(existing);
      const quote = await settlement.quote(
        { coachId: session.coach_id, format: session.format, minutes },
        tx,
      );
      const now = clock.now();
      const row = await repository.insertPending(tx, {
        sessionId: session.id,
        coachId: session.coach_id,
        clientId: session.client_id,
        minutes,
        price: quote.final,
        createdAt: now,
        expiresAt: new Date(now.getTime() + SESSION_EXTENSION_PENDING_MS),
      });
      // A racing ask of the same session committed first.
      if (!row) throw pendingConflict(await repository.pendingIdOf(tx, session.id));
      if (row.price > 0) await holdPrice(tx, row, session);
      const extension = toSessionExtension(await mustView(tx, row.id), now);
      return { body: extension, events: await record(tx, SESSION_EXTENSION_EVENTS.created, extension) };
    },

    /**
     * POST /api/session-extensions/:id/accept (the coach), one transaction: the session grows
     * (chatSessions.extend: its row lock first, refused once it is over), then the compare-and-set on
     * the pending, unexpired ask; either failing rolls both back. The hold stays until the session
     * completes and captures it.
     */
    async accept(coachId: string, id: string): Promise<Outcome<AcceptSessionExtensionResponse>> {
      return db.transaction(async (tx) => {
        const now = clock.now();
        const current = await requireParty(tx, coachId, 'coach', id);
        const extended = await chatSessions.extend(tx, current.sessionId, {
          minutes: current.minutes,
          price: current.price,
        });
        if (!extended) {
          // The session is over; an ask still pending is settled by the end (or the job) — say which.
          const after = await repository.findRow(tx, id);
          if (after && after.status !== 'pending') throw statusConflict(after, now);
          throw notLive();
        }
        const accepted = await repository.leavePending(tx, {
          id,
          to: REQUEST_TRANSITIONS.pending.accept,
          now,
          unexpiredAt: now,
        });
        if (!accepted) throw statusConflict(await repository.findRow(tx, id), now);
        const change = await recordChange(tx, id, now);
        return {
          body: { extension: change.body, session: extended.session },
          events: [...extended.events, ...change.events],
        };
      });
    },

    /** POST /api/session-extensions/:id/decline (the coach): pending -> declined, hold released. */
    decline: (coachId: string, id: string) => leave(coachId, 'coach', id, 'decline'),

    /** POST /api/session-extensions/:id/cancel (the client): pending -> cancelled, hold released. */
    cancel: (clientId: string, id: string) => leave(clientId, 'client', id, 'cancel'),

    /**
     * chatSessions' settleExtras, in the completing transaction (the session's row locked FOR UPDATE):
     * every ask of the session locked; pending ones expire (released), accepted ones are captured.
     * `amount` is the accepted asks' price (what extend added to the payment), `coachAmount` the
     * coach's share of their captures.
     */
    async settleForCompletion(
      tx: DbExecutor,
      session: { id: string },
      now: Date,
    ): Promise<{ amount: number; coachAmount: number; events: RealtimeEvent[] }> {
      const rows = await repository.lockAllOfSession(tx, session.id);
      let amount = 0;
      let coachAmount = 0;
      const events: RealtimeEvent[] = [];
      for (const row of rows) {
        if (row.status === 'pending') {
          const expired = await repository.leavePending(tx, {
            id: row.id,
            to: REQUEST_TRANSITIONS.pending.expire,
            now,
          });
          if (!expired) throw new Error(`Session extension ${row.id} changed under its row lock`);
          await releaseMoney(tx, expired);
          events.push(...(await recordChange(tx, row.id, now)).events);
        } else if (row.status === 'accepted') {
          amount += row.price;
          coachAmount += await captureAccepted(tx, row);
        }
      }
      return { amount, coachAmount, events };
    },

    /**
     * The lifecycle job: pending asks past their expiry (or whose session completed) expire, their holds
     * released, SESSION_EXTENSION_EVENTS.updated to both. One ask per transaction, claimed with its
     * session row SKIP LOCKED: safe with several instances, and never in the way of an answer or an end
     * in progress (those settle the ask themselves). Returns how many expired.
     */
    async expireDue(now: Date): Promise<number> {
      let expired = 0;
      for (;;) {
        const events = await db.transaction(async (tx) => {
          const row = await repository.claimDue(tx, now);
          if (!row) return null;
          // Locked FOR UPDATE and pending: the compare-and-set cannot miss.
          const changed = await repository.leavePending(tx, {
            id: row.id,
            to: REQUEST_TRANSITIONS.pending.expire,
            now,
          });
          if (!changed) throw new Error(`Session extension ${row.id} changed under its row lock`);
          await releaseMoney(tx, changed);
          return (await recordChange(tx, row.id, now)).events;
        });
        if (events === null) return expired;
        await realtime.deliver(events);
        expired += 1;
      }
    },
  };
}

export type SessionExtensionsService = ReturnType<typeof createSessionExtensionsService>;
