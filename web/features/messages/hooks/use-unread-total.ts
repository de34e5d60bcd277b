import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  MESSAGE_EVENTS,
  messageEventPayloadSchema,
  readEventPayloadSchema,
  type ConversationsPage,
} from '#contracts/messages';
import { onUserEventOf } from '#web/lib/realtime/on-user-event-of';
import { onUserResync } from '#web/lib/realtime/user-events';
import { conversationsQueryKey, conversationsQueryOptions, storeRead } from '../api/conversations';

/**
 * The navigation's "Messages" badge: `unread_total` of the conversations list (the same query as the
 * list, so the screen and the badge agree), live from the person's topic — a new message reads the
 * list again, a read moves the count at once (read again when its conversation is not among the pages
 * held). Safe beside the screen's own useMessageUpdates: a read applied twice changes nothing, and a
 * refetch already on its way is not started again. `enabled: false` (no Messages entry): nothing read.
 */
export function useUnreadMessagesTotal(enabled: boolean): number {
  const queryClient = useQueryClient();
  const list = useInfiniteQuery({ ...conversationsQueryOptions(), enabled });

  useEffect(() => {
    if (!enabled) return;
    const refetch = () =>
      void queryClient.invalidateQueries({ queryKey: conversationsQueryKey }, { cancelRefetch: false });
    const offMessage = onUserEventOf(MESSAGE_EVENTS.created, messageEventPayloadSchema, refetch);
    const offRead = onUserEventOf(MESSAGE_EVENTS.read, readEventPayloadSchema, (payload) => {
      const held = queryClient.getQueryData<InfiniteData<ConversationsPage>>(conversationsQueryKey);
      const known = held?.pages.some((page) =>
        page.conversations.some((conversation) => conversation.id === payload.conversation_id),
      );
      if (known) storeRead(queryClient, payload.conversation_id, payload.read);
      else refetch();
    });
    const offResync = onUserResync(refetch);
    return () => {
      offMessage();
      offRead();
      offResync();
    };
  }, [enabled, queryClient]);

  return enabled ? (list.data?.pages[0]?.unread_total ?? 0) : 0;
}
