import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { z } from 'zod';
import { NOTIFICATION_EVENTS, notificationSchema } from '#contracts/notifications';
import { onUserEventOf } from '#web/lib/realtime/on-user-event-of';
import { onUserResync } from '#web/lib/realtime/user-events';
import { NOTIFICATIONS_KEY, notificationsListQueryKey, storeRead } from '../api/notifications';

/** contracts/notifications.ts NOTIFICATION_EVENTS: what each event carries. */
const createdPayloadSchema = z.object({ notification: notificationSchema });
const changedPayloadSchema = z.object({
  ids: z.array(z.string()),
  read: z.boolean(),
  dismissed: z.boolean(),
});

/**
 * Keeps /notifications live from the person's own topic: a new notification reads the list again (it
 * comes first, the unread count follows); a change marks the read ones at once and reads the list
 * again; after events may have been missed (a resync) the list is read again.
 */
export function useNotificationUpdates() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refetch = () => void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    const offCreated = onUserEventOf(NOTIFICATION_EVENTS.created, createdPayloadSchema, refetch);
    const offChanged = onUserEventOf(NOTIFICATION_EVENTS.changed, changedPayloadSchema, ({ ids, read }) => {
      if (read) storeRead(queryClient, ids, new Date().toISOString());
      void queryClient.invalidateQueries({ queryKey: notificationsListQueryKey });
    });
    const offResync = onUserResync(refetch);
    return () => {
      offCreated();
      offChanged();
      offResync();
    };
  }, [queryClient]);
}
