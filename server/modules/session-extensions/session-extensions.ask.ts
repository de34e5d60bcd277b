import {
  SESSION_EXTENSION_EVENTS,
  SESSION_EXTENSION_MESSAGES,
  SESSION_EXTENSION_MINUTES,
  SESSION_EXTENSION_PENDING_MS,
  type SessionExtension,
  type SessionExtensionsResponse,
} from '#contracts/session-extensions';
import type { ChatSession } from '#contracts/sessions';
import { AppError } from '#domain/errors/app-error';
import type { DbExecutor } from '#server/db/client';
import { holdShowingShortfall } from '../settlement/settlement.shortfall';
import type { SessionExtensionRow } from './session-extensions.repository';
import {
  notLive,
  referenceOf,
  toSessionExtension,
  type Outcome,
  type SessionExtensionsDeps,
  type SessionExtensionsShared,
} from './session-extensions.shared';

/** The client asks for more time (quoted and held); both parties list the asks and the offers. */
export function createSessionExtensionsAsk(deps: SessionExtensionsDeps, shared: SessionExtensionsShared) {
  const { db, repository, chatSessions, settlement, clock } = deps;
  const { mustView, record } = shared;

  /** The hold, with INSUFFICIENT_FUNDS saying how much is missing. */
  async function holdPrice(tx: DbExecutor, row: SessionExtensionRow, session: ChatSession): Promise<void> {
    await holdShowingShortfall(
      deps,
      tx,
      {
        clientId: row.clientId,
        coachId: row.coachId,
        reference: referenceOf(row.id),
        amount: row.price,
        format: session.format,
        durationMinutes: row.minutes,
      },
      `${row.minutes} more minutes cost`,
    );
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
  };
}
