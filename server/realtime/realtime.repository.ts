import { and, asc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { RealtimeEvent } from '#contracts/realtime';
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
     * Numbers and inserts events in one statement: each topic's realtime_topics row is bumped by how many
     * of its events there are (the upsert's row lock, taken in topic order, lasts until the caller's
     * transaction ends, so writers of one topic are serialised and their numbers have no gaps), and the
     * events take those numbers in input order. Returns the events in input order.
     */
    async recordEvents(
      executor: DbExecutor,
      inputs: readonly { topic: string; type: string; payload: Record<string, unknown> }[],
      createdAt: Date,
    ): Promise<RealtimeEvent[]> {
      if (inputs.length === 0) return [];
      const topics = inputs.map((input) => input.topic);
      const types = inputs.map((input) => input.type);
      const payloads = inputs.map((input) => JSON.stringify(input.payload));
      const result = await executor.execute<{ topic: string; last_seq: string | number; n: number }>(sql`
        with input as (
          select topic, type, payload::jsonb as payload, ord
            from unnest(${sql.param(topics)}::text[], ${sql.param(types)}::text[], ${sql.param(payloads)}::text[])
                 with ordinality as i(topic, type, payload, ord)),
        counts as (select topic, count(*)::int as n from input group by topic),
        bumped as (
          insert into realtime_topics (topic, last_seq)
          select topic, n from counts order by topic
          on conflict (topic) do update set last_seq = realtime_topics.last_seq + excluded.last_seq
          returning topic, last_seq),
        inserted as (
          insert into realtime_events (topic, seq, type, payload, created_at)
          select i.topic, b.last_seq - c.n + row_number() over (partition by i.topic order by i.ord),
                 i.type, i.payload, ${createdAt.toISOString()}::timestamptz
            from input i join counts c on c.topic = i.topic join bumped b on b.topic = i.topic
          returning 1)
        select b.topic, b.last_seq, c.n
          from bumped b join counts c on c.topic = b.topic`);
      /** Each topic's next number to hand out (its first new seq). */
      const next = new Map<string, number>();
      for (const row of result.rows) next.set(row.topic, Number(row.last_seq) - Number(row.n) + 1);
      const created_at = createdAt.toISOString();
      return inputs.map((input, index) => {
        const seq = next.get(input.topic);
        if (seq === undefined) throw new Error('realtime_topics upsert returned no row');
        next.set(input.topic, seq + 1);
        return {
          topic: input.topic,
          seq,
          type: input.type,
          // As stored (JSON): what the bus and a replay carry.
          payload: JSON.parse(payloads[index] ?? '{}') as Record<string, unknown>,
          created_at,
        };
      });
    },

    /**
     * recordEvents as common table expressions, for a writer that records its events in its own
     * statement (one round trip instead of two): `rt_topics as (<topics>)` must select distinct topics
     * (column `topic`), each gets one event of `type` with `payload` (a jsonb expression, which may read
     * the writer's own CTEs) numbered as recordEvents numbers it, and `rt_events` returns topic and seq.
     * Put them after the writer's CTEs: `with <writer's>, ${recordingCtes(...)} select ... from rt_events`.
     */
    recordingCtes(input: { topics: SQL; type: string; payload: SQL; createdAt: Date }): SQL {
      return sql`rt_topics as (${input.topics}),
        rt_bumped as (
          insert into realtime_topics (topic, last_seq)
          select topic, 1 from rt_topics order by topic
          on conflict (topic) do update set last_seq = realtime_topics.last_seq + 1
          returning topic, last_seq),
        rt_events as (
          insert into realtime_events (topic, seq, type, payload, created_at)
          select topic, last_seq, ${input.type}, ${input.payload}, ${input.createdAt.toISOString()}::timestamptz
            from rt_bumped
          returning topic, seq)`;
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
