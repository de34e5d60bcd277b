import type { Clock } from '#domain/clock';
import type { SessionRow } from '../auth.repository';

/** How long an open session, once read, is taken as open without reading it again. */
export const SESSION_CHECK_TTL_MS = 2_000;
/** Sessions remembered at once (the oldest are forgotten first); an entry is well under 1 KB. */
export const SESSION_CHECK_CACHE_MAX = 20_000;

/**
 * The guard's session check, remembered for a moment: every authenticated request asks whether its
 * token's session is still open, and a tab sends many. Only open sessions are remembered, and only for
 * SESSION_CHECK_TTL_MS.
 *
 * The bound: a change to a session (ended, signed out, raised to aal2, refreshed) made by this instance
 * holds here at once — the repository calls `changed` when it writes the row, which forgets the entry
 * and keeps the session from being remembered again for a TTL, so a read made while the change's
 * transaction is still open cannot put the old row back. A change made by another instance holds here
 * within SESSION_CHECK_TTL_MS (a transaction that stays open longer than that after its write may
 * leave the old row for one more TTL). docs/decisions/011-session-check-cache.md.
 */
export function createSessionCheckCache(
  deps: { clock: Clock },
  options: { ttlMs?: number; max?: number } = {},
) {
  const ttlMs = options.ttlMs ?? SESSION_CHECK_TTL_MS;
  const max = options.max ?? SESSION_CHECK_CACHE_MAX;
  const entries = new Map<string, { row: SessionRow; at: number }>();
  /** Sessions changed within the last TTL (by id): not remembered until it has passed. */
  const recentlyChanged = new Map<string, number>();
  const now = () => deps.clock.now().getTime();

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
      if (now() - entry.at < ttlMs) return entry.row;
      entries.delete(id);
      return undefined;
    },
    /** Remembers an open session just read (unless it changed within the last TTL). */
    remember(row: SessionRow) {
      const at = now();
      if (changedLately(row.id, at)) return;
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
    /** How many sessions are remembered (for tests and the bench). */
    size: () => entries.size,
  };
}

export type SessionCheckCache = ReturnType<typeof createSessionCheckCache>;
