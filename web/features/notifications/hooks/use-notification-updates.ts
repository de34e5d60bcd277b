import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { z } from 'zod';
import { NOTIFICATION_EVENTS, notificationSchema } from '#contracts/notifications';
import { onUserEventOf } from '#web/lib/realtime/on-user-event-of';
import { onUserResync } from '#web/lib/realtime/user-events';
import { NOTIFICATIONS_KEY, storeCreated, storeDismissed, storeRead } from '../api/notifications';

/** contracts/notifications.ts NOTIFICATION_EVENTS: what each event carries. */
const createdPayloadSchema = z.object({ notification: notificationSchema });
const changedPayloadSchema = z.object({
  ids: z.array(z.string()),
  read: z.boolean(),
  dismissed: z.boolean(),
});

function listen(queryClient: QueryClient) {
  // Whatever is on screen (the stack and badge always, /notifications while open) is read again.
  const refetch = () => void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  const offCreated = onUserEventOf(NOTIFICATION_EVENTS.created, createdPayloadSchema, ({ notification }) => {
    storeCreated(queryClient, notification);
    refetch();
  });
  const offChanged = onUserEventOf(
    NOTIFICATION_EVENTS.changed,
    changedPayloadSchema,
    ({ ids, read, dismissed }) => {
      if (read) storeRead(queryClient, ids, new Date().toISOString());
      if (dismissed) storeDismissed(queryClient, ids);
      refetch();
    },
  );
  const offResync = onUserResync(refetch);
  return () => {
    offCreated();
    offChanged();
    offResync();
  };
}

/** One set of handlers per query cache, however many components ask for it (the layout and a screen). */
const listening = new Map<QueryClient, { holders: number; stop: () => void }>();

/**
 * Keeps the person's notifications live from their own topic — the stack, the navigation's unread
 * badge and /notifications: a new one goes on top of the stack at once; a read or a dismissal (this
 * tab's or another's) shows at once; then what is on screen is read again, so counts and the stack's
 * fifth place come from the server. After events may have been missed (a resync) it is read again too.
 */
export function useNotificationUpdates() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const held = listening.get(queryClient) ?? { holders: 0, stop: listen(queryClient) };
    held.holders += 1;
    listening.set(queryClient, held);
    return () => {
      held.holders -= 1;
      if (held.holders > 0) return;
      held.stop();
      listening.delete(queryClient);
    };
  }, [queryClient]);
}
