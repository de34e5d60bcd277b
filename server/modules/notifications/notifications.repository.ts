import { and, desc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '#server/db/client';
import type { TimeCursor } from '#server/lib/time-cursor';
import type { NotificationType } from '#domain/notifications/kinds';
import { notifications } from '#server/db/schema/index';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;

/** notifications (server/db/schema/notifications.ts). */
export function createNotificationsRepository() {
  return {
    async insert(executor: DbExecutor, values: NewNotificationRow): Promise<NotificationRow> {
      const [row] = await executor.insert(notifications).values(values).returning();
      if (!row) throw new Error('notification insert returned no row');
      return row;
    },

    /** A person's notifications, newest first, after `cursor`; `undismissed`: the stack's. */
    page(
      executor: DbExecutor,
      userId: string,
      options: { cursor: TimeCursor | null; undismissed: boolean; limit: number },
    ): Promise<NotificationRow[]> {
      const { cursor } = options;
      const after: SQL | undefined = cursor
        ? or(
            lt(notifications.createdAt, cursor.at),
            and(eq(notifications.createdAt, cursor.at), lt(notifications.id, cursor.id)),
          )
        : undefined;
      return executor
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, userId),
            options.undismissed ? isNull(notifications.dismissedAt) : undefined,
            after,
          ),
        )
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(options.limit);
    },

    async unreadCount(executor: DbExecutor, userId: string): Promise<number> {
      const [row] = await executor
        .select({ count: sql<number>`count(*)::int` })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return row?.count ?? 0;
    },

    /**
     * Sets read_at or dismissed_at (when not set yet) on one of the person's notifications, or on all of
     * them (`id` null); the rows it changed.
     */
    /** Marks the person's notifications that are not yet so: one (`id`), those of a type and link, or all. */
    async mark(
      executor: DbExecutor,
      userId: string,
      which: { id?: string; type?: NotificationType; actionUrl?: string },
      what: 'read' | 'dismissed',
      at: Date,
    ): Promise<NotificationRow[]> {
      const column = what === 'read' ? notifications.readAt : notifications.dismissedAt;
      return executor
        .update(notifications)
        .set(what === 'read' ? { readAt: at } : { dismissedAt: at })
        .where(
          and(
            eq(notifications.userId, userId),
            which.id ? eq(notifications.id, which.id) : undefined,
            which.type ? eq(notifications.type, which.type) : undefined,
            which.actionUrl ? eq(notifications.actionUrl, which.actionUrl) : undefined,
            isNull(column),
          ),
        )
        .returning();
    },

    /** Whether the person has an unread notification of this type and link (a collapse rule). */
    async hasUnread(executor: DbExecutor, userId: string, type: NotificationType, actionUrl: string) {
      const [row] = await executor
        .select({ id: notifications.id })
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, userId),
            eq(notifications.type, type),
            eq(notifications.actionUrl, actionUrl),
            isNull(notifications.readAt),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async find(executor: DbExecutor, userId: string, id: string): Promise<NotificationRow | undefined> {
      const [row] = await executor
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.id, id)));
      return row;
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
