import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { userRef, users } from './accounts';
import { requiredRef, timestamps, timestamptz, uuidPk } from './columns';
import type { MessageType, ReportReason, SenderType } from '#domain/messages/kinds';

/**
 * Messages between sessions (SPEC §3 inquiry_conversations, inquiry_messages): one conversation per
 * coach and client. `client_id` is null for a visitor who wrote from a coach's page without an account
 * (known by client_name and client_email). Each party's read position is the seq they have read up to;
 * a party's unread count is the other side's messages after it. `last_seq` numbers the conversation's
 * messages 1, 2, 3… without gaps, taken under the conversation's row lock in the sending transaction.
 */

export const inquiryConversations = pgTable(
  'inquiry_conversations',
  {
    id: uuidPk(),
    coachId: userRef('coach_id'),
    clientId: uuid('client_id').references(() => users.id),
    clientName: text('client_name').notNull(),
    clientEmail: text('client_email'),
    /**
     * Each side archives for itself (SPEC's status, open or archived, is the caller's side of these);
     * a new message brings the conversation back to both lists.
     */
    coachArchivedAt: timestamptz('coach_archived_at'),
    clientArchivedAt: timestamptz('client_archived_at'),
    lastSeq: integer('last_seq').notNull().default(0),
    lastMessageAt: timestamptz('last_message_at'),
    coachReadSeq: integer('coach_read_seq').notNull().default(0),
    clientReadSeq: integer('client_read_seq').notNull().default(0),
    /** When each side was last emailed about a message while away (at most one per 15 minutes). */
    coachAlertedAt: timestamptz('coach_alerted_at'),
    clientAlertedAt: timestamptz('client_alerted_at'),
    ...timestamps(),
  },
  (table) => [
    // One conversation per coach and client (two first messages at once: one insert wins, the other
    // finds it).
    uniqueIndex('inquiry_conversations_coach_client_uq')
      .on(table.coachId, table.clientId)
      .where(sql`${table.clientId} is not null`),
    // A visitor's inquiries to a coach: one conversation per coach and address (claimed later by the
    // account that confirms the address).
    uniqueIndex('inquiry_conversations_coach_visitor_uq')
      .on(table.coachId, sql`lower(${table.clientEmail})`)
      .where(sql`${table.clientId} is null`),
    // The lists: a person's conversations, most recent first (keyset pages).
    index('inquiry_conversations_coach_recent_idx').on(table.coachId, table.lastMessageAt, table.id),
    index('inquiry_conversations_client_recent_idx').on(table.clientId, table.lastMessageAt, table.id),
    check(
      'inquiry_conversations_visitor_ck',
      sql`${table.clientId} is not null or ${table.clientEmail} is not null`,
    ),
    check(
      'inquiry_conversations_not_self_ck',
      sql`${table.clientId} is null or ${table.clientId} <> ${table.coachId}`,
    ),
    check(
      'inquiry_conversations_seq_ck',
      sql`${table.lastSeq} >= 0 and ${table.coachReadSeq} between 0 and ${table.lastSeq} and ${table.clientReadSeq} between 0 and ${table.lastSeq}`,
    ),
  ],
);

export const inquiryMessages = pgTable(
  'inquiry_messages',
  {
    /** Made by the sender's browser (a retried send finds its row instead of adding one). */
    id: uuid('id').primaryKey(),
    conversationId: requiredRef('conversation_id', () => inquiryConversations.id, 'cascade'),
    seq: integer('seq').notNull(),
    senderType: text('sender_type').$type<SenderType>().notNull(),
    /** Null for a visitor's message (no account yet). */
    senderUserId: uuid('sender_user_id').references(() => users.id),
    /** A text message's words, or an attachment's caption (which may be empty). */
    messageContent: text('message_content').notNull(),
    messageType: text('message_type').$type<MessageType>().notNull().default('text'),
    /** Written by Wellspring on a person's behalf (the coach's note after a declined request). */
    isAutomated: boolean('is_automated').notNull().default(false),
    createdAt: timestamptz('created_at').notNull(),
    /**
     * image, file and voice messages (the session chat's attachments, server/modules/uploads/
     * uploads.attachments.ts): the stored object (private to the two parties, served by the messages
     * module, never a public URL), the cleaned name, the MIME type checked from the bytes, the size in
     * bytes and, for a voice note, its length. A visitor (no account) never sends one.
     */
    attachmentKey: text('attachment_key'),
    attachmentName: text('attachment_name'),
    attachmentMime: text('attachment_mime'),
    attachmentSize: integer('attachment_size'),
    attachmentDurationMs: integer('attachment_duration_ms'),
  },
  (table) => [
    unique('inquiry_messages_conversation_seq_uq').on(table.conversationId, table.seq),
    check('inquiry_messages_seq_ck', sql`${table.seq} > 0`),
    check('inquiry_messages_sender_type_ck', sql`${table.senderType} in ('coach', 'client')`),
    // A text message has 1-500 characters (not only spaces); an attachment's caption 0-500.
    check(
      'inquiry_messages_content_ck',
      sql`char_length(${table.messageContent}) <= 500 and (${table.messageType} <> 'text' or char_length(btrim(${table.messageContent})) >= 1)`,
    ),
    check('inquiry_messages_type_ck', sql`${table.messageType} in ('text', 'image', 'file', 'voice')`),
    // An attachment exactly when the message is not text: its object, checked type and size; a sender
    // with an account; a voice note's length.
    check(
      'inquiry_messages_attachment_ck',
      sql`(${table.messageType} = 'text') = (${table.attachmentKey} is null) and (${table.attachmentKey} is null or (${table.attachmentMime} is not null and ${table.attachmentSize} > 0 and ${table.senderUserId} is not null)) and (${table.messageType} = 'voice') = (${table.attachmentDurationMs} is not null)`,
    ),
    // The attachment quotas: a sender's attachments over the last 24 hours.
    index('inquiry_messages_sender_attachment_idx')
      .on(table.senderUserId, table.createdAt)
      .where(sql`${table.attachmentKey} is not null`),
  ],
);

/**
 * Safety (#17): a person blocks another — no new messages or session requests from them, the history
 * kept. Either side's block stops both directions of a conversation. Gone with either account.
 */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: userRef('blocker_id', 'cascade'),
    blockedId: userRef('blocked_id', 'cascade'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    primaryKey({ name: 'user_blocks_pk', columns: [table.blockerId, table.blockedId] }),
    index('user_blocks_blocked_idx').on(table.blockedId),
    check('user_blocks_not_self_ck', sql`${table.blockerId} <> ${table.blockedId}`),
  ],
);

/** A party's report of a conversation or one of its messages, kept for moderators (view_user_reports). */
export const messageReports = pgTable(
  'message_reports',
  {
    id: uuidPk(),
    reporterId: userRef('reporter_id'),
    conversationId: requiredRef('conversation_id', () => inquiryConversations.id, 'cascade'),
    /** The message reported, or null for the conversation as a whole. */
    messageId: uuid('message_id').references(() => inquiryMessages.id, { onDelete: 'cascade' }),
    /** The other party (null for a visitor without an account). */
    reportedUserId: uuid('reported_user_id').references(() => users.id),
    reason: text('reason').$type<ReportReason>().notNull(),
    details: text('details'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    index('message_reports_recent_idx').on(table.createdAt, table.id),
    check(
      'message_reports_reason_ck',
      sql`${table.reason} in ('harassment', 'spam', 'inappropriate', 'other')`,
    ),
    check(
      'message_reports_details_ck',
      sql`${table.details} is null or char_length(${table.details}) <= 1000`,
    ),
  ],
);
