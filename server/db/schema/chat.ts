import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { userRef } from './accounts';
import { sessionRef } from './sessions';
import { timestamptz } from './columns';

/**
 * Chat in a session room (SPEC §3 chat_messages). The client makes each message's id
 * (a uuid): a retried send with the same id finds the row instead of adding one. `seq` numbers the
 * messages of a session 1, 2, 3… without gaps: it is taken under a row lock on the chat_sessions row
 * in the insert's transaction. Events travel on each party's `user:<id>` topic.
 */
export const CHAT_MESSAGE_TYPES = ['text', 'image', 'file', 'voice'] as const;
export type ChatMessageType = (typeof CHAT_MESSAGE_TYPES)[number];
/** 'guest': someone a party invited by a guest link. */
export const CHAT_SENDER_TYPES = ['coach', 'client', 'guest'] as const;
export type ChatSenderType = (typeof CHAT_SENDER_TYPES)[number];

export const chatMessages = pgTable(
  'chat_messages',
  {
    /** Made by the sender's browser (idempotent retries). */
    id: uuid('id').primaryKey(),
    sessionId: sessionRef(),
    seq: integer('seq').notNull(),
    senderType: text('sender_type').$type<ChatSenderType>().notNull(),
    senderUserId: userRef('sender_user_id'),
    messageContent: text('message_content').notNull(),
    messageType: text('message_type').$type<ChatMessageType>().notNull().default('text'),
    sentAt: timestamptz('sent_at').notNull(),
    /**
     * image, file and voice messages: the stored object (private to the session's parties, served by
     * the chat module, never a public URL), the sender's file name (shown, never trusted for the
     * type), the checked MIME type, its size in bytes and, for voice notes, the length.
     */
    attachmentKey: text('attachment_key'),
    attachmentName: text('attachment_name'),
    attachmentMime: text('attachment_mime'),
    attachmentSize: integer('attachment_size'),
    attachmentDurationMs: integer('attachment_duration_ms'),
  },
  (table) => [
    unique('chat_messages_session_seq_uq').on(table.sessionId, table.seq),
    check('chat_messages_seq_ck', sql`${table.seq} > 0`),
    check('chat_messages_sender_type_ck', sql`${table.senderType} in ('coach', 'client', 'guest')`),
    // A text message has 1-4000 characters; an attachment's caption may be empty.
    check(
      'chat_messages_content_ck',
      sql`char_length(${table.messageContent}) <= 4000 and (${table.messageType} <> 'text' or char_length(btrim(${table.messageContent})) >= 1)`,
    ),
    check('chat_messages_type_ck', sql`${table.messageType} in ('text', 'image', 'file', 'voice')`),
    check(
      'chat_messages_attachment_ck',
      sql`(${table.messageType} = 'text') = (${table.attachmentKey} is null) and (${table.attachmentKey} is null or (${table.attachmentMime} is not null and ${table.attachmentSize} > 0))`,
    ),
    index('chat_messages_sender_idx').on(table.senderUserId),
  ],
);

/** Read receipts: the highest seq each person has read in a session (never goes back). */
export const chatReads = pgTable(
  'chat_reads',
  {
    sessionId: sessionRef(),
    userId: userRef('user_id'),
    lastReadSeq: integer('last_read_seq').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    primaryKey({ name: 'chat_reads_pk', columns: [table.sessionId, table.userId] }),
    check('chat_reads_seq_ck', sql`${table.lastReadSeq} >= 0`),
  ],
);
