import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users, userRef } from './accounts';
import { uuidPk, timestamptz, cents, timestamps } from './columns';

/**
 * Gifts: a client sends wallet credit, or a session with a chosen coach, to someone
 * by email. Sending moves the amount from the sender's wallet to the platform's gift_escrow account;
 * claiming moves it to the recipient's wallet; cancelling an unclaimed gift moves it back to the sender.
 * Each status change is a compare-and-set on `status` in the same transaction as its ledger posting.
 */
export const GIFT_KINDS = ['credit', 'session'] as const;
export type GiftKind = (typeof GIFT_KINDS)[number];
export const GIFT_STATUSES = ['pending', 'claimed', 'cancelled'] as const;
export type GiftStatus = (typeof GIFT_STATUSES)[number];

export const gifts = pgTable(
  'gifts',
  {
    id: uuidPk(),
    senderId: userRef('sender_id'),
    /** Lower case. The recipient claims after signing in with this (verified) address. */
    recipientEmail: text('recipient_email').notNull(),
    recipientUserId: uuid('recipient_user_id').references(() => users.id),
    kind: text('kind').$type<GiftKind>().notNull(),
    /** Cents moved to escrow (a session gift: its quoted price). */
    amount: cents('amount').notNull(),
    /** Session gifts: the coach, format and length chosen by the sender. */
    coachId: uuid('coach_id').references(() => users.id),
    format: text('format').$type<'text' | 'audio' | 'video'>(),
    durationMinutes: integer('duration_minutes'),
    message: text('message').notNull().default(''),
    /** When the recipient is told (and may claim); the send time when no date was chosen. */
    deliverAt: timestamptz('deliver_at').notNull(),
    status: text('status').$type<GiftStatus>().notNull().default('pending'),
    claimedAt: timestamptz('claimed_at'),
    cancelledAt: timestamptz('cancelled_at'),
    ...timestamps(),
  },
  (table) => [
    check('gifts_kind_ck', sql`${table.kind} in ('credit', 'session')`),
    check('gifts_status_ck', sql`${table.status} in ('pending', 'claimed', 'cancelled')`),
    check('gifts_amount_ck', sql`${table.amount} > 0`),
    check('gifts_message_ck', sql`char_length(${table.message}) <= 500`),
    check(
      'gifts_session_ck',
      sql`(${table.kind} = 'session') = (${table.coachId} is not null and ${table.format} is not null and ${table.durationMinutes} is not null)`,
    ),
    check('gifts_format_ck', sql`${table.format} is null or ${table.format} in ('text', 'audio', 'video')`),
    check(
      'gifts_claim_ck',
      sql`(${table.status} = 'claimed') = (${table.recipientUserId} is not null and ${table.claimedAt} is not null)`,
    ),
    index('gifts_sender_idx').on(table.senderId, table.createdAt),
    index('gifts_recipient_idx').on(table.recipientEmail, table.status),
  ],
);
