import type { ChatSession } from '#contracts/sessions';
import type { ActiveSession, ActiveSessionSource } from '#web/lib/active-session';

/**
 * A tiny external store for the SPEC §2 redirect (web/lib/active-session.ts): the snapshot only
 * changes identity when the session or its end changes, as useSyncExternalStore requires.
 */
export function createActiveSessionStore() {
  let snapshot: ActiveSession | null = null;
  const listeners = new Set<() => void>();
  const source: ActiveSessionSource = {
    getSnapshot: () => snapshot,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
  return {
    source,
    set(next: ActiveSession | null) {
      if (next?.id === snapshot?.id && next?.endsAt === snapshot?.endsAt) return;
      snapshot = next;
      for (const listener of [...listeners]) listener();
    },
  };
}

/** The redirect's view of a session: only an active one counts (its expiry is checked by the redirect). */
export function toActiveSession(session: ChatSession | null | undefined): ActiveSession | null {
  if (!session || session.status !== 'active') return null;
  const endsAt = Date.parse(session.ends_at);
  // A booked session opened early waits for its start: nobody is sent into it before then.
  const startsAt = session.booking_id === null ? null : Date.parse(session.start_time);
  return {
    id: session.id,
    endsAt: Number.isFinite(endsAt) ? endsAt : null,
    ...(startsAt !== null && Number.isFinite(startsAt) ? { startsAt } : {}),
  };
}
