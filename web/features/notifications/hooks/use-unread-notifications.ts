import { useQuery } from '@tanstack/react-query';
import { notificationStackQueryOptions } from '../api/notifications';
import { useNotificationUpdates } from './use-notification-updates';

/**
 * The navigation's "Notifications" badge: the server's unread count, which comes with the stack's small
 * read (GET /api/notifications?view=stack, shared with the client's stack), live from the person's
 * notification events. `enabled: false` (no Notifications entry): nothing read.
 */
export function useUnreadNotifications(enabled: boolean): number {
  useNotificationUpdates();
  const stack = useQuery({ ...notificationStackQueryOptions(), enabled });
  return enabled ? (stack.data?.unread_count ?? 0) : 0;
}
