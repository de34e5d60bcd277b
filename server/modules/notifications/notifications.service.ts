import {
  NOTIFICATION_EVENTS,
  NOTIFICATION_STACK_KEPT,
  NOTIFICATIONS_PAGE_SIZE,
  type Notification,
  type NotificationsPage,
  type NotificationType,
} from '#contracts/notifications';
import type { RealtimeEvent } from '#contracts/realtime';
import type { Clock } from '#domain/clock';
import { AppError } from '#domain/errors/app-error';
import type { Database, DbExecutor } from '#server/db/client';
import { decodeTimeCursor, encodeTimeCursor } from '#server/lib/time-cursor';
import type { RealtimeService } from '#server/realtime/realtime.service';
import type { NotificationRow, NotificationsRepository } from './notifications.repository';

const userTopic = (userId: string) => `user:${userId}`;
const notFound = () => new AppError('NOT_FOUND', 'This notification could not be found.');

/** A notification row as the API and its events show it. */
export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    actor_id: row.actorId,
    actor_name: row.actorName,
    action_text: row.actionText,
    action_url: row.actionUrl,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt?.toISOString() ?? null,
    dismissed_at: row.dismissedAt?.toISOString() ?? null,
  };
}

const STALE_CURSOR = 'This page of notifications is out of date. Please reload it.';

/** What a module tells a person (written in its own transaction with the event that causes it). */
export type NotifyInput = {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  actorId?: string | null;
  actorName?: string | null;
  actionText?: string | null;
  actionUrl?: string | null;
};

/**
 * Notifications that last (contracts/notifications.ts): `notify` for other modules, in their
 * transaction (the row and the person's event commit or roll back with the cause); the person's list,
 * read and dismiss, each change told to their other tabs.
 */
export function createNotificationsService(deps: {
  db: Database;
  repository: NotificationsRepository;
  realtime: Pick<RealtimeService, 'record'>;
  clock: Clock;
}) {
  const { db, repository, realtime, clock } = deps;

  /**
   * The person's notifications picked by `which` (one, a type and link, or all): read or dismissed, in
   * `tx`; the event for their other tabs (delivered after commit).
   */
  async function markIn(
    tx: DbExecutor,
    userId: string,
    which: { id?: string; type?: NotificationType; actionUrl?: string },
    what: 'read' | 'dismissed',
  ): Promise<{ changed: NotificationRow[]; events: RealtimeEvent[] }> {
    const changed = await repository.mark(tx, userId, which, what, clock.now());
    if (changed.length === 0) return { changed, events: [] };
    const event = await realtime.record(tx, {
      topic: userTopic(userId),
      type: NOTIFICATION_EVENTS.changed,
      payload: {
        ids: changed.map((row) => row.id),
        read: what === 'read',
        dismissed: what === 'dismissed',
      },
    });
    return { changed, events: [event] };
  }

  const mark = (userId: string, id: string | null, what: 'read' | 'dismissed') =>
    db.transaction((tx) => markIn(tx, userId, id ? { id } : {}, what));

  async function markOne(userId: string, id: string, what: 'read' | 'dismissed') {
    const { changed, events } = await mark(userId, id, what);
    const row = changed[0] ?? (await repository.find(db, userId, id));
    if (!row) throw notFound();
    return { notification: toNotification(row), events };
  }

  return {
    /** For another module's transaction: the row and the person's event (delivered after commit). */
    async notify(tx: DbExecutor, input: NotifyInput): Promise<RealtimeEvent[]> {
      const row = await repository.insert(tx, {
        userId: input.userId,
        type: input.type,
        title: input.title,
        message: input.message,
        actorId: input.actorId ?? null,
        actorName: input.actorName ?? null,
        actionText: input.actionText ?? null,
        actionUrl: input.actionUrl ?? null,
        createdAt: clock.now(),
      });
      const event = await realtime.record(tx, {
        topic: userTopic(input.userId),
        type: NOTIFICATION_EVENTS.created,
        payload: { notification: toNotification(row) },
      });
      return [event];
    },

    hasUnread: repository.hasUnread,

    /**
     * For another module's transaction: what the person has now seen elsewhere — e.g. the conversation
     * a coach_message notification points to, read to its end — marked read with the cause.
     */
    readLinked: async (tx: DbExecutor, userId: string, type: NotificationType, actionUrl: string) =>
      (await markIn(tx, userId, { type, actionUrl }, 'read')).events,

    async list(
      userId: string,
      query: { cursor?: string | undefined; view?: 'all' | 'stack' | undefined },
    ): Promise<NotificationsPage> {
      const stack = query.view === 'stack';
      const cursor = !stack && query.cursor ? decodeTimeCursor(query.cursor, STALE_CURSOR) : null;
      const limit = stack ? NOTIFICATION_STACK_KEPT : NOTIFICATIONS_PAGE_SIZE;
      const [rows, unread] = await Promise.all([
        repository.page(db, userId, { cursor, undismissed: stack, limit: limit + 1 }),
        repository.unreadCount(db, userId),
      ]);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        notifications: page.map(toNotification),
        next_cursor:
          !stack && rows.length > limit && last
            ? encodeTimeCursor({ at: last.createdAt, id: last.id })
            : null,
        unread_count: unread,
      };
    },

    read: (userId: string, id: string) => markOne(userId, id, 'read'),
    dismiss: (userId: string, id: string) => markOne(userId, id, 'dismissed'),
    readAll: async (userId: string) => (await mark(userId, null, 'read')).events,
    dismissAll: async (userId: string) => (await mark(userId, null, 'dismissed')).events,
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
