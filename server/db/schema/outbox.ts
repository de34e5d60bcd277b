import { index, integer, jsonb, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import { uuidPk, timestamptz } from './columns';

export const outboxChannelEnum = pgEnum('outbox_channel', ['email', 'sms']);
export const outboxStatusEnum = pgEnum('outbox_status', ['pending', 'sent', 'failed']);

/**
 * Transactional outbox: a message is written in the same transaction as the change that causes it,
 * then delivered by the outbox job with retries and backoff (server/jobs/outbox.job.ts).
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuidPk(),
    channel: outboxChannelEnum('channel').notNull(),
    recipient: text('recipient').notNull(),
    /** The message type (SPEC §7 send-email types and the account messages). */
    template: text('template').notNull(),
    subject: text('subject'),
    bodyText: text('body_text').notNull(),
    bodyHtml: text('body_html'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    status: outboxStatusEnum('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull(),
    lastError: text('last_error'),
    createdAt: timestamptz('created_at').notNull(),
    sentAt: timestamptz('sent_at'),
  },
  (table) => [index('outbox_messages_due_idx').on(table.status, table.nextAttemptAt)],
);
