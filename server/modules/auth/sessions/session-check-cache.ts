import type { Clock } from '#domain/clock';
import type { SessionRow } from '../auth.repository';

/** How long an open session, once read, is taken as open without reading it again. */
export const SESSION_CHECK_TTL_MS = 2_000;
/** The same while every instance's session changes reach this one (`pushed`, below). */
export const SESSION_CHECK_PUSHED_TTL_MS = 30_000;
/** Sessions remembered at once (the oldest are forgotten first); an entry is well under 1 KB. */
export const SESSION_CHECK_CACHE_MAX = 20_000;

/**
 * The guard's session check, remembered for a moment: every authenticated request asks whether its
 * token's session is still open, and a tab sends many. Only open sessions are remembered, and only for
 * SESSION_CHECK_TTL_MS.
 *
 * The bound: a change to a session (ended, signed out, raised to aal2, refreshed) made by this instance
 * holds here at once — the repository calls `changed` when it writes the row, which forgets the entry
 * and keeps the session from being remembered again for SESSION_CHECK_TTL_MS, so a read made while the
 * change's transaction is still open cannot put the old row back. A change made by another instance:
 * - while `pushed` (this instance LISTENs to auth_session_changed, which a trigger on auth_sessions
 *   sends when the change commits), holds here as soon as that notification arrives (`remoteChanged`:
 *   the entry is forgotten, and a read that started before it is not remembered); sessions are then
 *   remembered for SESSION_CHECK_PUSHED_TTL_MS;
 * - otherwise (no listener, or it dropped: what it missed is unknown) within SESSION_CHECK_TTL_MS, and
 *   everything remembered is forgotten when it listens again.
 * docs/decisions/011-session-check-cache.md.
 */
export function createSessionCheckCache(
  deps: { clock: Clock },
  options: { ttlMs?: number; pushedTtlMs?: number; max?: number } = {},
) {
  const ttlMs = options.ttlMs ?? SESSION_CHECK_TTL_MS;
  const pushedTtlMs = options.pushedTtlMs ?? SESSION_CHECK_PUSHED_TTL_MS;
  const max = options.max ?? SESSION_CHECK_CACHE_MAX;
  const entries = new Map<string, { row: SessionRow; at: number }>();
  /** Sessions changed within the last TTL (by id): not remembered until it has passed. */
  const recentlyChanged = new Map<string, number>();
  /** Whether other instances' changes reach this cache (remoteChanged). */
  let pushed = false;
  /** Counts the changes heard from the database; `beginRead` takes it, `remember` compares. */
  let heard = 0;
  /** The count at which each session last changed, by the database's word (oldest first), and when. */
  const heardChanges = new Map<string, { count: number; at: number }>();
  const now = () => deps.clock.now().getTime();
  const currentTtl = () => (pushed ? pushedTtlMs : ttlMs);

  function changedLately(id: string, at: number) {
    const mark = recentlyChanged.get(id);
    if (mark === undefined) return false;
    if (at - mark < ttlMs) return true;
    recentlyChanged.delete(id);
    return false;
  }

  return {
    /** The session as read less than a TTL ago, if it was open then. */
    get(id: string): SessionRow | undefined {
      const entry = entries.get(id);
      if (!entry) return undefined;
      if (now() - entry.at < currentTtl()) return entry.row;
      entries.delete(id);
      return undefined;
    },
    /** Taken before reading a session, for `remember`: which changes the read may not have seen. */
    beginRead: () => heard,
    /**
     * Remembers an open session just read (unless it changed within the last TTL, or a change of it was
     * heard after the read began at `read`).
     */
    remember(row: SessionRow, read: number) {
      const at = now();
      if (changedLately(row.id, at)) return;
      const change = heardChanges.get(row.id);
      if (change && change.count > read) return;
      entries.delete(row.id);
      if (entries.size >= max) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(row.id, { row, at });
    },
    /** These sessions' rows are being written: forget them, and do not remember them for a TTL. */
    changed(ids: readonly string[]) {
      const at = now();
      for (const id of ids) {
        entries.delete(id);
        recentlyChanged.delete(id); // re-inserted last: the Map stays in order of change
        recentlyChanged.set(id, at);
      }
      // Marks older than a TTL are spent: drop them from the oldest end.
      for (const [id, mark] of recentlyChanged) {
        if (at - mark < ttlMs) break;
        recentlyChanged.delete(id);
      }
    },
    /** A change to these sessions has committed (any instance's, heard from the database). */
    remoteChanged(ids: readonly string[]) {
      const at = Date.now();
      heard += 1;
      for (const id of ids) {
        entries.delete(id);
        heardChanges.delete(id);
        heardChanges.set(id, { count: heard, at });
      }
      // Only a read still under way can be older than a change: a minute covers the slowest.
      for (const [id, change] of heardChanges) {
        if (at - change.at < 60_000) break;
        heardChanges.delete(id);
      }
    },
    /**
     * Whether every committed change reaches remoteChanged. Off: anything may have been missed, so what
     * is remembered is kept for the short TTL only; on again: everything remembered is forgotten.
     */
    setPushed(on: boolean) {
      if (on && !pushed) entries.clear();
      pushed = on;
    },
    /** Whether other instances' changes reach this cache now. */
    isPushed: () => pushed,
    /** How many sessions are remembered (for tests and the bench). */
    size: () => entries.size,
  };
}

export type SessionCheckCache = ReturnType<typeof createSessionCheckCache>;
