import { and, asc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { RealtimeEvent } from '#contracts/realtime';
import type { Database, DbExecutor } from '../db/client';
import { preparedOn, preparedStatement } from '../db/prepared';
import { realtimeConnections, realtimeEvents, realtimeTopics } from '../db/schema/index';

type EventRow = typeof realtimeEvents.$inferSelect;

export const toRealtimeEvent = (row: EventRow): RealtimeEvent => ({
  topic: row.topic,
  seq: row.seq,
  type: row.type,
  payload: row.payload,
  created_at: row.createdAt.toISOString(),
});

/**
 * Records events inside a writer's own statement (one round trip): common table expressions to put in
 * its `with`, after the writer's own. `input` selects the events: `topic`, `type`, `payload` (jsonb,
 * which may read the writer's CTEs) and `ord` (their order). Each topic's realtime_topics row is bumped
 * by how many of its events there are (the upsert's row lock, taken in topic order, lasts until the
 * statement's transaction ends, so writers of one topic are serialised and their numbers have no gaps),
 * and the events take those numbers in `ord` order. `rt_numbered` (topic, ord, seq) says which.
 */
export function recordingCtes(input: { input: SQL; createdAt: SQL }): SQL {
  return sql`rt_input as (${input.input}),
    rt_counts as (select topic, count(*)::int as n from rt_input group by topic),
    rt_bumped as (
      insert into realtime_topics (topic, last_seq)
      select topic, n from rt_counts order by topic
      on conflict (topic) do update set last_seq = realtime_topics.last_seq + excluded.last_seq
      returning topic, last_seq),
    rt_numbered as (
      select i.topic, i.ord, i.type, i.payload,
             b.last_seq - c.n + row_number() over (partition by i.topic order by i.ord) as seq
        from rt_input i join rt_counts c on c.topic = i.topic join rt_bumped b on b.topic = i.topic),
    rt_events as (
      insert into realtime_events (topic, seq, type, payload, created_at)
      select topic, seq, type, payload, ${input.createdAt}::timestamptz from rt_numbered
      returning 1)`;
}

// The statements of every socket's connect and disconnect and of every recorded event, prepared once.
/** Whether the person has a socket open on a live instance (a session request asks before ringing). */
const hasFreshConnectionStatement = preparedStatement<{ fresh: boolean }>(
  'realtime_has_fresh_connection',
  () => sql`select exists (select 1 from realtime_connections
                            where user_id = ${sql.placeholder('userId')}::uuid
                              and seen_at > ${sql.placeholder('since')}::timestamptz) as fresh`,
);

/** Sockets opened together, one statement (the gateway's group commit). */
const addConnections = preparedStatement(
  'realtime_add_connections',
  () => sql`
  insert into realtime_connections (socket_id, instance_id, user_id, connected_at, seen_at)
  select socket_id, instance_id, user_id, ${sql.placeholder('now')}, ${sql.placeholder('now')}
  from unnest(${sql.placeholder('socketIds')}::text[], ${sql.placeholder('instanceIds')}::text[],
              ${sql.placeholder('userIds')}::uuid[]) as c(socket_id, instance_id, user_id)
  on conflict do nothing`,
);
const removeConnection = preparedOn((db) =>
  db
    .delete(realtimeConnections)
    .where(eq(realtimeConnections.socketId, sql.placeholder('socketId')))
    .prepare('realtime_remove_connection'),
);
const lastSeq = preparedOn((db) =>
  db
    .select({ lastSeq: realtimeTopics.lastSeq })
    .from(realtimeTopics)
    .where(eq(realtimeTopics.topic, sql.placeholder('topic')))
    .prepare('realtime_last_seq'),
);

/** recordEvents' statement, prepared (its CTEs cost as much to plan as to run). */
const recordEventsStatement = preparedStatement<{ ord: string | number; seq: string | number }>(
  'realtime_record_events',
  () => sql`
    with ${recordingCtes({
      input: sql`select topic, type, payload::jsonb as payload, ord
        from unnest(${sql.placeholder('topics')}::text[], ${sql.placeholder('types')}::text[],
                    ${sql.placeholder('payloads')}::text[])
             with ordinality as i(topic, type, payload, ord)`,
      createdAt: sql`${sql.placeholder('createdAt')}`,
    })}
    select ord, seq from rt_numbered`,
);

/** realtime_topics (per-topic sequence) and realtime_events (the recorded events, replayed on resubscribe). */
export function createRealtimeRepository() {
  return {
    // ---- realtime_connections: which people have an open tab (any instance)
    async addConnections(
      db: Database,
      sockets: readonly { socketId: string; instanceId: string; userId: string }[],
      now: Date,
    ): Promise<void> {
      await addConnections(db, {
        socketIds: sockets.map((socket) => socket.socketId),
        instanceIds: sockets.map((socket) => socket.instanceId),
        userIds: sockets.map((socket) => socket.userId),
        now,
      });
    },

    async removeConnection(db: Database, socketId: string): Promise<void> {
      await removeConnection(db).execute({ socketId });
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
      const [row] = await hasFreshConnectionStatement(executor, { userId, since });
      return row?.fresh === true;
    },

    /** Numbers and inserts events in one statement (recordingCtes). Returns the events in input order. */
    async recordEvents(
      executor: DbExecutor,
      inputs: readonly { topic: string; type: string; payload: Record<string, unknown> }[],
      createdAt: Date,
    ): Promise<RealtimeEvent[]> {
      if (inputs.length === 0) return [];
      const topics = inputs.map((input) => input.topic);
      const types = inputs.map((input) => input.type);
      const payloads = inputs.map((input) => JSON.stringify(input.payload));
      const rows = await recordEventsStatement(executor, {
        topics,
        types,
        payloads,
        createdAt: createdAt.toISOString(),
      });
      const seqs = new Map(rows.map((row) => [Number(row.ord), Number(row.seq)]));
      const created_at = createdAt.toISOString();
      return inputs.map((input, index) => {
        const seq = seqs.get(index + 1);
        if (seq === undefined) throw new Error('realtime: an event was not numbered');
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

    recordingCtes,

    /** The topic's latest committed seq (0 when it never had an event). */
    async lastSeq(db: Database, topic: string): Promise<number> {
      const [row] = await lastSeq(db).execute({ topic });
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
