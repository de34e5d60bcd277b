import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { RealtimeEvent } from '../../contracts/realtime';
import type { DbExecutor } from '../db/client';
import { realtimeEvents, realtimeTopics } from '../db/schema/index';

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
