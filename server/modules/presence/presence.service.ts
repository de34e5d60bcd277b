import { PRESENCE_EVENT, type CoachPresenceEvent, type Presence } from '#contracts/presence';
import type { RealtimeEvent } from '#contracts/realtime';
import type { Clock } from '#domain/clock';
import { AppError } from '#domain/errors/app-error';
import type { Database, DbExecutor } from '#server/db/client';
import type { RealtimeService } from '#server/realtime/realtime.service';
import type { PresenceRepository, PresenceRow } from './presence.repository';

export const NOT_AN_APPROVED_COACH_MESSAGE =
  'Only approved coaches can go online. Apply to coach on Wellspring, and once approved you can take instant sessions.';

/** What everyone may see: online and busy only when the coach shows their online status. */
export function shownPresence(coachId: string, row: PresenceRow | null): CoachPresenceEvent {
  const shown = row?.showOnlineStatus ?? false;
  return {
    coach_id: coachId,
    is_online: shown && (row?.isOnline ?? false),
    is_busy: shown && (row?.isBusy ?? false),
  };
}

const toPresence = (row: PresenceRow): Presence => ({
  is_online: row.isOnline,
  last_online_confirm_at: row.lastOnlineConfirmAt ? row.lastOnlineConfirmAt.toISOString() : null,
  is_busy: row.isBusy,
});

/**
 * Coach presence (SPEC §4 "Coach online status"): the coach's own status, going
 * online or offline, the "Yes, I'm online" confirmation, and `announce`, which tells every connected
 * tab (BROADCAST_TOPIC, PRESENCE_EVENT) what a coach shows now — called here on each change and by
 * the chat sessions when a session starts or ends (busy).
 */
export function createPresenceService(deps: {
  db: Database;
  repository: PresenceRepository;
  realtime: Pick<RealtimeService, 'recordBroadcast' | 'transaction'>;
  clock: Clock;
  /** applications.isApprovedCoach: an approved coach application. */
  isApprovedCoach: (userId: string) => Promise<boolean>;
  announcer: PresenceAnnouncer;
}) {
  const { db, repository, realtime, clock } = deps;

  /** Coach role + an approved application (and a profile to hold the status); others are FORBIDDEN. */
  async function requireApprovedCoach(userId: string): Promise<PresenceRow> {
    const row = await repository.find(db, userId);
    if (!row?.isCoach || !(await deps.isApprovedCoach(userId)))
      throw new AppError('FORBIDDEN', NOT_AN_APPROVED_COACH_MESSAGE);
    return row;
  }

  /** Runs a change under the coach's row lock; announces it when what others see changed. */
  async function change(userId: string, apply: (tx: DbExecutor, now: Date) => Promise<void>) {
    const row = await realtime.transaction(async (tx, emit) => {
      await repository.lock(tx, [userId]);
      const before = await repository.find(tx, userId);
      await apply(tx, clock.now());
      const after = await repository.find(tx, userId);
      if (!after) throw new AppError('FORBIDDEN', NOT_AN_APPROVED_COACH_MESSAGE);
      const was = shownPresence(userId, before);
      const now = shownPresence(userId, after);
      if (was.is_online !== now.is_online || was.is_busy !== now.is_busy)
        emit(await realtime.recordBroadcast(tx, PRESENCE_EVENT, { ...now }));
      return after;
    });
    return toPresence(row);
  }

  return {
    /** The caller's own status (approved coaches only). */
    async get(userId: string): Promise<Presence> {
      return toPresence(await requireApprovedCoach(userId));
    },

    /** PUT /api/me/presence: online records last_online_confirm_at = now; offline clears is_online. */
    async set(userId: string, online: boolean): Promise<Presence> {
      await requireApprovedCoach(userId);
      return change(userId, (tx, now) => repository.setOnline(tx, userId, online, now));
    },

    /** POST /api/me/presence/confirm: refreshes last_online_confirm_at while online (else no change). */
    async confirm(userId: string): Promise<Presence> {
      await requireApprovedCoach(userId);
      return change(userId, (tx, now) => repository.confirm(tx, userId, now));
    },

    /** The announcer's announce and announceMany, for callers that hold the service. */
    ...deps.announcer,
  };
}

export type PresenceService = ReturnType<typeof createPresenceService>;

/**
 * Tells every connected tab (BROADCAST_TOPIC, PRESENCE_EVENT) what a coach shows now, inside the
 * caller's transaction: the presence service on each change, profiles when show_online_status flips,
 * the chat sessions when a session starts or ends (busy). It needs nothing but the realtime service,
 * so it is made before the modules that announce (no module has to wait for another).
 */
export function createPresenceAnnouncer(deps: {
  repository: PresenceRepository;
  realtime: Pick<RealtimeService, 'recordBroadcast'>;
}) {
  const { repository, realtime } = deps;

  async function record(executor: DbExecutor, coachId: string): Promise<RealtimeEvent> {
    const row = await repository.find(executor, coachId);
    return realtime.recordBroadcast(executor, PRESENCE_EVENT, shownPresence(coachId, row));
  }

  return {
    /**
     * Records PRESENCE_EVENT with what the coach shows now (online and busy, as show_online_status
     * allows). The caller delivers the returned event after its commit. Row-locks the coach's profile
     * until the transaction ends, so announcements follow commit order. Announce several coaches in
     * one transaction with announceMany (it locks them in a fixed order).
     */
    async announce(tx: DbExecutor, coachId: string): Promise<RealtimeEvent> {
      await repository.lock(tx, [coachId]);
      return record(tx, coachId);
    },

    async announceMany(tx: DbExecutor, coachIds: readonly string[]): Promise<RealtimeEvent[]> {
      const ids = [...new Set(coachIds)].sort();
      await repository.lock(tx, ids);
      const events: RealtimeEvent[] = [];
      for (const coachId of ids) events.push(await record(tx, coachId));
      return events;
    },
  };
}

export type PresenceAnnouncer = ReturnType<typeof createPresenceAnnouncer>;
