import { index, jsonb, pgTable, text, uuid, boolean } from 'drizzle-orm/pg-core';
import { adminRoleEnum } from './accounts';
import { uuidPk, timestamptz } from './columns';

/**
 * Append-only logs. A trigger (migration 0001) refuses UPDATE and DELETE on both tables for every
 * role, so no API and no bug can rewrite history.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuidPk(),
    actorUserId: uuid('actor_user_id').notNull(),
    adminRole: adminRoleEnum('admin_role').notNull(),
    actionType: text('action_type').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    requestId: text('request_id'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [index('admin_audit_log_created_idx').on(table.createdAt)],
);

export const securityEvents = pgTable(
  'security_events',
  {
    id: uuidPk(),
    userId: uuid('user_id'),
    eventType: text('event_type').notNull(),
    severity: text('severity').notNull().default('info'),
    eventDetails: jsonb('event_details').$type<Record<string, unknown>>().notNull().default({}),
    /** Sent by a browser (SPEC §7 log_security_event_safe) rather than observed by the server. */
    clientReported: boolean('client_reported').notNull().default(false),
    ip: text('ip'),
    requestId: text('request_id'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [index('security_events_user_created_idx').on(table.userId, table.createdAt)],
);
