import { bigint, index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/**
 * Realtime events (docs/decisions/003-realtime.md): recorded in the transaction of the change they
 * announce, with a per-topic sequence number from realtime_topics (a row lock serialises writers of one
 * topic), delivered after commit through the bus, and replayed to a tab that resubscribes after a gap.
 */
export const realtimeTopics = pgTable('realtime_topics', {
  topic: text('topic').primaryKey(),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
});

export const realtimeEvents = pgTable(
  'realtime_events',
  {
    topic: text('topic').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    primaryKey({ name: 'realtime_events_pk', columns: [table.topic, table.seq] }),
    /** Retention: events older than REALTIME_RETENTION_MS are deleted hourly (jobs/realtime-retention). */
    index('realtime_events_created_idx').on(table.createdAt),
  ],
);
