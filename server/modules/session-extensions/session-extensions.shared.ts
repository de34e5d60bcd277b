import type { RealtimeEvent } from '#contracts/realtime';
import {
  SESSION_EXTENSION_EVENTS,
  SESSION_EXTENSION_MESSAGES,
  type SessionExtension,
} from '#contracts/session-extensions';
import { SESSION_MESSAGES } from '#contracts/sessions';
import type { Clock } from '#domain/clock';
import { AppError } from '#domain/errors/app-error';
import { refusalMessage, shownRequestStatus as shownStatus } from '#domain/sessions/request-machine';
import type { Database, DbExecutor } from '#server/db/client';
import type { RealtimeService } from '#server/realtime/realtime.service';
import type { SessionsService } from '../sessions/sessions.service';
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

export const referenceOf = (id: string): HoldReference => ({ type: SESSION_EXTENSION_HOLD_TYPE, id });
const userTopic = (userId: string) => `user:${userId}`;

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
export function statusConflict(row: SessionExtensionRow | undefined, now: Date): AppError {
  if (!row) return new AppError('NOT_FOUND');
  const status = shownStatus(row, now);
  return new AppError('CONFLICT', refusalMessage(status, 'request for more time'), {
    details: [{ path: 'status', message: status }],
  });
}

export const notLive = () =>
  new AppError('CONFLICT', SESSION_EXTENSION_MESSAGES.notLive, {
    details: [{ path: 'session', message: 'over' }],
  });

export type SessionExtensionsDeps = {
  db: Database;
  repository: SessionExtensionsRepository;
  chatSessions: Pick<SessionsService, 'get' | 'lockShared' | 'extend'>;
  settlement: Pick<SettlementService, 'quote' | 'hold' | 'release' | 'capture' | 'findHold'>;
  ledger: Pick<LedgerService, 'ensureAccount' | 'balanceOf'>;
  realtime: Pick<RealtimeService, 'record' | 'transaction'>;
  clock: Clock;
  logger: SessionExtensionsLogger;
};

/** The helpers every use case of an ask shares: its view, its events, its parties, money back. */
export function createSessionExtensionsShared(deps: SessionExtensionsDeps) {
  const { repository, settlement, realtime } = deps;

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

  return { mustView, record, recordChange, releaseMoney, requireParty };
}

export type SessionExtensionsShared = ReturnType<typeof createSessionExtensionsShared>;
