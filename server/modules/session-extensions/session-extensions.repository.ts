import { and, asc, desc, eq, getTableColumns, gt, sql } from 'drizzle-orm';
import type { SessionExtensionStatus } from '#contracts/session-extensions';
import type { DbExecutor } from '#server/db/client';
import { chatSessions, profiles, sessionExtensions } from '#server/db/schema/index';
import { insertRowIfNew, updateRow } from '#server/lib/row-queries';

export type SessionExtensionRow = typeof sessionExtensions.$inferSelect;
export type NewSessionExtensionRow = typeof sessionExtensions.$inferInsert;

/** An ask with the names its parties see: the client's from the session, the coach's from the profile. */
export type SessionExtensionView = SessionExtensionRow & {
  clientName: string;
  coachName: string | null;
};

const viewColumns = {
  ...getTableColumns(sessionExtensions),
  clientName: chatSessions.clientName,
  coachName: profiles.fullName,
};

/**
 * session_extensions. Every status change is a compare-and-set on `pending`, in the
 * caller's transaction; the partial unique index keeps one pending ask per session.
 */
export function createSessionExtensionsRepository() {
  function view(executor: DbExecutor) {
    return executor
      .select(viewColumns)
      .from(sessionExtensions)
      .innerJoin(chatSessions, eq(chatSessions.id, sessionExtensions.sessionId))
      .leftJoin(profiles, eq(profiles.userId, sessionExtensions.coachId));
  }

  return {
    /** The new pending ask; undefined when the session already has one (the partial unique index). */
    async insertPending(
      executor: DbExecutor,
      values: Omit<NewSessionExtensionRow, 'status'>,
    ): Promise<SessionExtensionRow | undefined> {
      return insertRowIfNew(executor, sessionExtensions, { ...values, status: 'pending' });
    },

    async findRow(executor: DbExecutor, id: string): Promise<SessionExtensionRow | undefined> {
      const [row] = await executor.select().from(sessionExtensions).where(eq(sessionExtensions.id, id));
      return row;
    },

    async findView(executor: DbExecutor, id: string): Promise<SessionExtensionView | undefined> {
      const [row] = await view(executor).where(eq(sessionExtensions.id, id));
      return row;
    },

    /** The session's asks, newest first. */
    listForSession(executor: DbExecutor, sessionId: string): Promise<SessionExtensionView[]> {
      return view(executor)
        .where(eq(sessionExtensions.sessionId, sessionId))
        .orderBy(desc(sessionExtensions.createdAt), desc(sessionExtensions.id));
    },

    async pendingIdOf(executor: DbExecutor, sessionId: string): Promise<string | undefined> {
      const [row] = await executor
        .select({ id: sessionExtensions.id })
        .from(sessionExtensions)
        .where(and(eq(sessionExtensions.sessionId, sessionId), eq(sessionExtensions.status, 'pending')));
      return row?.id;
    },

    /**
     * pending -> `to` (compare-and-set). `unexpiredAt` (accept): only while expires_at is after it.
     * undefined when it was not pending (or had expired) any more.
     */
    async leavePending(
      executor: DbExecutor,
      input: { id: string; to: Exclude<SessionExtensionStatus, 'pending'>; now: Date; unexpiredAt?: Date },
    ): Promise<SessionExtensionRow | undefined> {
      return updateRow(
        executor,
        sessionExtensions,
        { status: input.to, respondedAt: input.now },
        and(
          eq(sessionExtensions.id, input.id),
          eq(sessionExtensions.status, 'pending'),
          input.unexpiredAt ? gt(sessionExtensions.expiresAt, input.unexpiredAt) : undefined,
        ),
      );
    },

    /**
     * Every ask of a session, locked FOR UPDATE in id order (the completing transaction, which holds
     * the session's row lock: every writer of an ask takes that lock first, so nothing waits here long).
     */
    lockAllOfSession(executor: DbExecutor, sessionId: string): Promise<SessionExtensionRow[]> {
      return executor
        .select()
        .from(sessionExtensions)
        .where(eq(sessionExtensions.sessionId, sessionId))
        .orderBy(asc(sessionExtensions.id))
        .for('update');
    },

    /**
     * One pending ask that is due (its expiry passed by `now`, or its session completed), locked with
     * its session row (the ask FOR UPDATE, the session FOR SHARE: the lock order of every writer),
     * both SKIP LOCKED: several instances take different asks, and an ask whose session is being
     * changed right now is left to that change.
     */
    async claimDue(executor: DbExecutor, now: Date): Promise<SessionExtensionRow | undefined> {
      const result = await executor.execute<{ id: string }>(sql`
        select e.id
          from ${sessionExtensions} e
          join ${chatSessions} s on s.id = e.session_id
         where e.status = 'pending'
           and (e.expires_at <= ${now.toISOString()} or s.status = 'completed')
         order by e.expires_at, e.id
         limit 1
           for update of e skip locked
           for share of s skip locked`);
      const id = result.rows[0]?.id;
      if (!id) return undefined;
      const [row] = await executor.select().from(sessionExtensions).where(eq(sessionExtensions.id, id));
      return row;
    },
  };
}

export type SessionExtensionsRepository = ReturnType<typeof createSessionExtensionsRepository>;
