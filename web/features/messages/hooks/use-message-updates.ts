import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  MESSAGE_EVENTS,
  messageEventPayloadSchema,
  readEventPayloadSchema,
  updatedEventPayloadSchema,
} from '#contracts/messages';
import { onUserEventOf } from '#web/lib/realtime/on-user-event-of';
import { onUserResync } from '#web/lib/realtime/user-events';
import { conversationQueryKey, conversationsQueryKey, MESSAGES_KEY, storeRead } from '../api/conversations';
import { addToMessageLog } from '../api/messages';

/**
 * Keeps the messages screens live from the person's own topic: a new message joins its conversation's
 * log (merged by id, so the sender's own POST answer and its event make one) and the list is read
 * again (order, last message, unread counts); a read moves the receipts and the unread counts; a
 * claimed visitor's conversation is read again (now a client's); after
 * events may have been missed (a resync) everything shown is read again.
 */
export function useMessageUpdates() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const offMessage = onUserEventOf(MESSAGE_EVENTS.created, messageEventPayloadSchema, ({ message }) => {
      addToMessageLog(queryClient, message.conversation_id, [message]);
      void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
    });
    const offRead = onUserEventOf(MESSAGE_EVENTS.read, readEventPayloadSchema, (payload) =>
      storeRead(queryClient, payload.conversation_id, payload.read),
    );
    // A visitor's conversation claimed by an account: it (and the one it joined) is read again.
    const offUpdated = onUserEventOf(MESSAGE_EVENTS.updated, updatedEventPayloadSchema, (payload) => {
      for (const id of [payload.conversation_id, payload.replaces])
        if (id) void queryClient.invalidateQueries({ queryKey: conversationQueryKey(id) });
      void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
    });
    const offResync = onUserResync(() => void queryClient.invalidateQueries({ queryKey: MESSAGES_KEY }));
    return () => {
      offMessage();
      offRead();
      offUpdated();
      offResync();
    };
  }, [queryClient]);
}
