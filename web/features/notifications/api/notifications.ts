import {
  infiniteQueryOptions,
  queryOptions,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { NOTIFICATION_STACK_KEPT, type Notification, type NotificationsPage } from '#contracts/notifications';
import { notificationsApi } from '#contracts/notifications.api';
import { api } from '#web/lib/api';
import { distinctById } from '#web/lib/distinct-by-id';

/** Everything this feature keeps in the query cache starts with this. */
export const NOTIFICATIONS_KEY = ['notifications'] as const;
export const notificationsListQueryKey = [...NOTIFICATIONS_KEY, 'list'] as const;
export const notificationStackQueryKey = [...NOTIFICATIONS_KEY, 'stack'] as const;

/** GET /api/notifications: the person's notifications, newest first, one keyset page at a time. */
export const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: notificationsListQueryKey,
    queryFn: ({ pageParam, signal }) =>
      api(notificationsApi.list, { query: pageParam ? { cursor: pageParam } : {} }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    // Read again whenever the screen opens.
    staleTime: 0,
  });

/**
 * GET /api/notifications?view=stack: the newest NOTIFICATION_STACK_KEPT not dismissed (the client's
 * stack) and the unread count (the navigation's badge), one small read for both. Kept current by the
 * person's events (useNotificationUpdates), so it is not read again on every mount.
 */
export const notificationStackQueryOptions = () =>
  queryOptions({
    queryKey: notificationStackQueryKey,
    queryFn: ({ signal }) => api(notificationsApi.list, { query: { view: 'stack' } }, { signal }),
  });

/** The pages as one list, each notification once (one that moved while pages loaded shows where it is newest). */
export function notificationsOf(data: InfiniteData<NotificationsPage> | undefined): Notification[] {
  return distinctById((data?.pages ?? []).flatMap((page) => page.notifications));
}

/** How many are unread: the newest page's count (the server's). */
export const unreadCountOf = (data: InfiniteData<NotificationsPage> | undefined) =>
  data?.pages[0]?.unread_count ?? 0;

/**
 * Marks the given notifications (or all) read in what is held — the /notifications pages and the
 * stack — with the unread counts following. Counting only what the cache holds unread makes it safe to
 * apply twice (this tab's own answer, then the event of the same change); the refetch that follows an
 * event settles whatever the cache did not hold.
 */
export function storeRead(queryClient: QueryClient, ids: readonly string[] | 'all', at: string) {
  const readIn = (notifications: Notification[]) => {
    let newlyRead = 0;
    const next = notifications.map((notification) => {
      if (notification.read_at || (ids !== 'all' && !ids.includes(notification.id))) return notification;
      newlyRead += 1;
      return { ...notification, read_at: at };
    });
    return { next, newlyRead };
  };
  const countAfter = (count: number, newlyRead: number) =>
    ids === 'all' ? 0 : Math.max(0, count - newlyRead);

  queryClient.setQueryData<InfiniteData<NotificationsPage>>(notificationsListQueryKey, (held) => {
    if (!held) return held;
    let newlyRead = 0;
    const pages = held.pages.map((page) => {
      const { next, newlyRead: inPage } = readIn(page.notifications);
      newlyRead += inPage;
      return { ...page, notifications: next };
    });
    return {
      ...held,
      pages: pages.map((page) => ({ ...page, unread_count: countAfter(page.unread_count, newlyRead) })),
    };
  });
  queryClient.setQueryData<NotificationsPage>(notificationStackQueryKey, (held) => {
    if (!held) return held;
    const { next, newlyRead } = readIn(held.notifications);
    return { ...held, notifications: next, unread_count: countAfter(held.unread_count, newlyRead) };
  });
}

/** Takes the given notifications (or all) off the stack that is held. */
export function storeDismissed(queryClient: QueryClient, ids: readonly string[] | 'all') {
  queryClient.setQueryData<NotificationsPage>(notificationStackQueryKey, (held) =>
    held
      ? {
          ...held,
          notifications: ids === 'all' ? [] : held.notifications.filter((item) => !ids.includes(item.id)),
        }
      : held,
  );
}

/** A new notification on top of the stack that is held (once: an id already there is left alone). */
export function storeCreated(queryClient: QueryClient, notification: Notification) {
  queryClient.setQueryData<NotificationsPage>(notificationStackQueryKey, (held) => {
    if (!held || held.notifications.some((item) => item.id === notification.id)) return held;
    return {
      ...held,
      notifications: [notification, ...held.notifications].slice(0, NOTIFICATION_STACK_KEPT),
      unread_count: held.unread_count + (notification.read_at === null ? 1 : 0),
    };
  });
}

/** POST /api/notifications/:id/read: the notification as the server now has it. */
export async function markNotificationRead(queryClient: QueryClient, id: string) {
  const { notification } = await api(notificationsApi.read, { params: { id } });
  storeRead(queryClient, [notification.id], notification.read_at ?? new Date().toISOString());
  return notification;
}

/** POST /api/notifications/read-all. */
export async function markAllNotificationsRead(queryClient: QueryClient) {
  await api(notificationsApi.readAll, {});
  storeRead(queryClient, 'all', new Date().toISOString());
}

/**
 * POST /api/notifications/:id/dismiss: off the stack at once; the person's other tabs follow from
 * the event. A refusal reads the stack again (it comes back) before the error goes to the caller.
 */
export async function dismissNotification(queryClient: QueryClient, id: string) {
  storeDismissed(queryClient, [id]);
  try {
    await api(notificationsApi.dismiss, { params: { id } });
  } catch (error) {
    void queryClient.invalidateQueries({ queryKey: notificationStackQueryKey });
    throw error;
  }
}

/** POST /api/notifications/dismiss-all: the stack cleared at once, read again if the server refused. */
export async function dismissAllNotifications(queryClient: QueryClient) {
  storeDismissed(queryClient, 'all');
  try {
    await api(notificationsApi.dismissAll, {});
  } catch (error) {
    void queryClient.invalidateQueries({ queryKey: notificationStackQueryKey });
    throw error;
  }
}
