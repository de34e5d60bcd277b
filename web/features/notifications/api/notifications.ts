import { infiniteQueryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { Notification, NotificationsPage } from '#contracts/notifications';
import { notificationsApi } from '#contracts/notifications.api';
import { api } from '#web/lib/api';
import { distinctById } from '#web/lib/distinct-by-id';

/** Everything the /notifications screen keeps in the query cache starts with this. */
export const NOTIFICATIONS_KEY = ['notifications'] as const;
export const notificationsListQueryKey = [...NOTIFICATIONS_KEY, 'list'] as const;

/** GET /api/notifications: the person's notifications, newest first, one keyset page at a time. */
export const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: notificationsListQueryKey,
    queryFn: ({ pageParam, signal }) =>
      api(notificationsApi.list, { query: pageParam ? { cursor: pageParam } : {} }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    // Read again whenever the screen opens: no events reach it while it is closed.
    staleTime: 0,
  });

/** The pages as one list, each notification once (one that moved while pages loaded shows where it is newest). */
export function notificationsOf(data: InfiniteData<NotificationsPage> | undefined): Notification[] {
  return distinctById((data?.pages ?? []).flatMap((page) => page.notifications));
}

/** How many are unread: the newest page's count (the server's). */
export const unreadCountOf = (data: InfiniteData<NotificationsPage> | undefined) =>
  data?.pages[0]?.unread_count ?? 0;

/** Marks the given notifications (or all) read in the cached pages, with the unread count following. */
export function storeRead(queryClient: QueryClient, ids: readonly string[] | 'all', at: string) {
  queryClient.setQueryData<InfiniteData<NotificationsPage>>(notificationsListQueryKey, (held) => {
    if (!held) return held;
    let newlyRead = 0;
    const pages = held.pages.map((page) => ({
      ...page,
      notifications: page.notifications.map((notification) => {
        if (notification.read_at || (ids !== 'all' && !ids.includes(notification.id))) return notification;
        newlyRead += 1;
        return { ...notification, read_at: at };
      }),
    }));
    return {
      ...held,
      pages: pages.map((page) => ({
        ...page,
        unread_count: ids === 'all' ? 0 : Math.max(0, page.unread_count - newlyRead),
      })),
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
