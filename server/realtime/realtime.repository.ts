import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { RealtimeEvent } from '../../contracts/realtime';
import type { DbExecutor } from '../db/client';
import { realtimeConnections, realtimeEvents, realtimeTopics } from '../db/schema/index';

type EventRow = typeof realtimeEvents.$inferSelect;

export const toRealtimeEvent = (row: EventRow): RealtimeEvent => ({
  topic: row.topic,
  seq: row.seq,
  type: row.type,
  payload: row.payload,
  created_at: row.createdAt.toISOString(),
});

/** realtime_topics (per-topic sequence) and realtime_events (the recorded events, replayed on resubscribe). */
export function createRealtimeRepository() {
  return {
    // ---- realtime_connections: which people have an open tab (any instance)
    async addConnection(
      executor: DbExecutor,
      values: { socketId: string; instanceId: string; userId: string; now: Date },
    ): Promise<void> {
      await executor
        .insert(realtimeConnections)
        .values({ ...values, connectedAt: values.now, seenAt: values.now })
        .onConflictDoNothing();
    },

    async removeConnection(executor: DbExecutor, socketId: string): Promise<void> {
      await executor.delete(realtimeConnections).where(eq(realtimeConnections.socketId, socketId));
    },

    /** Marks this instance's sockets as still open and drops rows nobody refreshed for `staleMs` (crashed instances). */
    async touchConnections(
      executor: DbExecutor,
      instanceId: string,
      now: Date,
      staleMs: number,
    ): Promise<void> {
      await executor
        .update(realtimeConnections)
        .set({ seenAt: now })
        .where(eq(realtimeConnections.instanceId, instanceId));
      await executor
        .delete(realtimeConnections)
        .where(lte(realtimeConnections.seenAt, new Date(now.getTime() - staleMs)));
    },

    async hasFreshConnection(executor: DbExecutor, userId: string, since: Date): Promise<boolean> {
      const rows = await executor
        .select({ socketId: realtimeConnections.socketId })
        .from(realtimeConnections)
        .where(and(eq(realtimeConnections.userId, userId), gt(realtimeConnections.seenAt, since)))
        .limit(1);
      return rows.length > 0;
    },

    /**
     * The topic's next sequence number. The upsert takes the topic row's lock until the caller's
     * transaction ends, so writers of one topic are serialised and their numbers have no gaps.
     */
    async nextSeq(executor: DbExecutor, topic: string): Promise<number> {
      const result = await executor.execute<{ last_seq: string | number }>(sql`
        insert into realtime_topics (topic, last_seq) values (${topic}, 1)
        on conflict (topic) do update set last_seq = realtime_topics.last_seq + 1
        returning last_seq`);
      const row = result.rows[0];
      if (!row) throw new Error('realtime_topics upsert returned no row');
      return Number(row.last_seq);
    },

    async insertEvent(
      executor: DbExecutor,
      values: { topic: string; seq: number; type: string; payload: Record<string, unknown>; createdAt: Date },
    ): Promise<RealtimeEvent> {
      const [row] = await executor.insert(realtimeEvents).values(values).returning();
      if (!row) throw new Error('realtime_events insert returned no row');
      return toRealtimeEvent(row);
    },

    /** The topic's latest committed seq (0 when it never had an event). */
    async lastSeq(executor: DbExecutor, topic: string): Promise<number> {
      const [row] = await executor
        .select({ lastSeq: realtimeTopics.lastSeq })
        .from(realtimeTopics)
        .where(eq(realtimeTopics.topic, topic));
      return row?.lastSeq ?? 0;
    },

    /** Events with afterSeq < seq <= upToSeq, oldest first, at most `limit`. */
    async eventsAfter(
      executor: DbExecutor,
      topic: string,
      afterSeq: number,
      limit: number,
      upToSeq?: number,
    ): Promise<RealtimeEvent[]> {
      const rows = await executor
        .select()
        .from(realtimeEvents)
        .where(
          and(
            eq(realtimeEvents.topic, topic),
            gt(realtimeEvents.seq, afterSeq),
            upToSeq === undefined ? undefined : lte(realtimeEvents.seq, upToSeq),
          ),
        )
        .orderBy(asc(realtimeEvents.seq))
        .limit(limit);
      return rows.map(toRealtimeEvent);
    },

    /** Deletes at most `limit` events created before `before`; returns how many. */
    async deleteEventsBefore(executor: DbExecutor, before: Date, limit: number): Promise<number> {
      const result = await executor.execute(sql`
        delete from realtime_events where ctid in (
          select ctid from realtime_events where created_at < ${before} limit ${limit})`);
      return result.rowCount ?? 0;
    },

    async findEvent(executor: DbExecutor, topic: string, seq: number): Promise<RealtimeEvent | undefined> {
      const [row] = await executor
        .select()
        .from(realtimeEvents)
        .where(and(eq(realtimeEvents.topic, topic), eq(realtimeEvents.seq, seq)));
      return row ? toRealtimeEvent(row) : undefined;
    },
  };
}

export type RealtimeRepository = ReturnType<typeof createRealtimeRepository>;
