import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { userRef, users } from './accounts';
import { timestamptz, uuidPk } from './columns';
import { NOTIFICATION_TYPES, type NotificationType } from '#domain/notifications/kinds';

/**
 * What a person is told (SPEC §3 Notification, §8 texts; #17): one row per notification, written in the
 * same transaction as the event that causes it. `dismissed_at` takes it off the client's stack (SPEC §4),
 * `read_at` marks it read on /notifications; both only ever set once.
 */

// The kinds are the domain's (domain/notifications/kinds.ts); the check stores exactly those.
const quoted = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

export const notifications = pgTable(
  'notifications',
  {
    id: uuidPk(),
    userId: userRef('user_id', 'cascade'),
    type: text('type').$type<NotificationType>().notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    /** Who caused it (the coach of a declined request, the writer of a message). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    actionText: text('action_text'),
    /** A path inside Wellspring, e.g. /chat/<id>. */
    actionUrl: text('action_url'),
    createdAt: timestamptz('created_at').notNull(),
    readAt: timestamptz('read_at'),
    dismissedAt: timestamptz('dismissed_at'),
  },
  (table) => [
    index('notifications_user_recent_idx').on(table.userId, table.createdAt, table.id),
    check('notifications_type_ck', sql`${table.type} in (${quoted(NOTIFICATION_TYPES)})`),
    check('notifications_action_url_ck', sql`${table.actionUrl} is null or ${table.actionUrl} like '/%'`),
  ],
);
