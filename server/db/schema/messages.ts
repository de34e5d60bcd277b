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
import type { ReportReason, SenderType } from '#domain/messages/kinds';

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
    messageContent: text('message_content').notNull(),
    /** Written by Wellspring on a person's behalf (the coach's note after a declined request). */
    isAutomated: boolean('is_automated').notNull().default(false),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    unique('inquiry_messages_conversation_seq_uq').on(table.conversationId, table.seq),
    check('inquiry_messages_seq_ck', sql`${table.seq} > 0`),
    check('inquiry_messages_sender_type_ck', sql`${table.senderType} in ('coach', 'client')`),
    check(
      'inquiry_messages_content_ck',
      sql`char_length(${table.messageContent}) between 1 and 500 and char_length(btrim(${table.messageContent})) >= 1`,
    ),
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
