import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { DbExecutor } from '#server/db/client';
import { sessionPresence, type SessionSide } from '#server/db/schema/index';

/**
 * session_presence: one row per socket that has a session's room open. Rows of a
 * running instance are refreshed every sweep; rows older than the stale limit belong to a stopped
 * instance and do not count.
 */
export function createSessionRoomRepository() {
  return {
    async upsert(
      executor: DbExecutor,
      input: {
        socketId: string;
        instanceId: string;
        sessionId: string;
        userId: string;
        side: SessionSide;
        now: Date;
      },
    ): Promise<void> {
      await executor
        .insert(sessionPresence)
        .values({ ...input, joinedAt: input.now, seenAt: input.now })
        .onConflictDoUpdate({
          target: sessionPresence.socketId,
          set: { sessionId: input.sessionId, userId: input.userId, side: input.side, seenAt: input.now },
        });
    },

    /** Removes the socket's row for that session (or for every session without one); their sessions. */
    async remove(executor: DbExecutor, socketId: string, sessionId?: string): Promise<string[]> {
      const rows = await executor
        .delete(sessionPresence)
        .where(
          sessionId === undefined
            ? eq(sessionPresence.socketId, socketId)
            : and(eq(sessionPresence.socketId, socketId), eq(sessionPresence.sessionId, sessionId)),
        )
        .returning({ sessionId: sessionPresence.sessionId });
      return rows.map((row) => row.sessionId);
    },

    /** Which sides have a fresh row (seen after `since`). */
    async presentSides(
      executor: DbExecutor,
      sessionId: string,
      since: Date,
    ): Promise<{ coach: boolean; client: boolean }> {
      const rows = await executor
        .selectDistinct({ side: sessionPresence.side })
        .from(sessionPresence)
        .where(and(eq(sessionPresence.sessionId, sessionId), gt(sessionPresence.seenAt, since)));
      return {
        coach: rows.some((row) => row.side === 'coach'),
        client: rows.some((row) => row.side === 'client'),
      };
    },

    /** The people with a fresh row on `side` of the session (the party, or the client by email). */
    async presentUsers(executor: DbExecutor, sessionId: string, side: SessionSide, since: Date) {
      const rows = await executor
        .selectDistinct({ userId: sessionPresence.userId })
        .from(sessionPresence)
        .where(
          and(
            eq(sessionPresence.sessionId, sessionId),
            eq(sessionPresence.side, side),
            gt(sessionPresence.seenAt, since),
          ),
        );
      return rows.map((row) => row.userId);
    },

    /** Keeps this instance's rows fresh (every gateway sweep). */
    async touch(executor: DbExecutor, instanceId: string, now: Date): Promise<void> {
      await executor
        .update(sessionPresence)
        .set({ seenAt: now })
        .where(eq(sessionPresence.instanceId, instanceId));
    },

    /** Deletes rows not refreshed since `before` (a stopped instance's); the sessions they were in. */
    async deleteStale(executor: DbExecutor, before: Date, limit: number): Promise<string[]> {
      const stale = executor
        .select({ socketId: sessionPresence.socketId })
        .from(sessionPresence)
        .where(lt(sessionPresence.seenAt, before))
        .limit(limit);
      const rows = await executor
        .delete(sessionPresence)
        .where(inArray(sessionPresence.socketId, stale))
        .returning({ sessionId: sessionPresence.sessionId });
      return [...new Set(rows.map((row) => row.sessionId))];
    },

    /** Test support and diagnostics: the room's rows. */
    count(executor: DbExecutor, sessionId: string) {
      return executor
        .select({ count: sql<number>`count(*)::int` })
        .from(sessionPresence)
        .where(eq(sessionPresence.sessionId, sessionId))
        .then((rows) => rows[0]?.count ?? 0);
    },
  };
}

export type SessionRoomRepository = ReturnType<typeof createSessionRoomRepository>;
