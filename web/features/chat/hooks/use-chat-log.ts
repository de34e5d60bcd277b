import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { CHAT_EVENTS, chatMessageEventPayloadSchema, chatReadEventPayloadSchema } from '#contracts/chat';
import { onUserEventOf } from '#web/lib/realtime/on-user-event-of';
import { onUserResync } from '#web/lib/realtime/user-events';
import { addToChatLog, chatLogQueryKey, fetchChatLog, raiseChatRead } from '../api/chat';

export type ChatSide = 'coach' | 'client';
/** Who is looking: one of the two parties, or a guest invited by a guest link. */
export type ChatViewerSide = ChatSide | 'guest';

/**
 * The session's chat log: the history on load, live messages and read receipts from the person's own
 * topic (only this session's), and a refetch of what came after on resync and on window focus.
 */
export function useChatLog(sessionId: string, viewerId: string, mySide: ChatViewerSide) {
  const queryClient = useQueryClient();
  // Read receipts travel between the two parties only (a guest hears none).
  const otherSide: ChatSide = mySide === 'coach' ? 'client' : 'coach';
  const query = useQuery(
    queryOptions({
      queryKey: chatLogQueryKey(sessionId),
      queryFn: ({ signal }) => fetchChatLog(queryClient, sessionId, signal),
      staleTime: 0,
      // Focus refetches are done below (the default needs the visibility API; this is explicit).
      refetchOnWindowFocus: false,
    }),
  );

  useEffect(() => {
    const refetch = () => void queryClient.invalidateQueries({ queryKey: chatLogQueryKey(sessionId) });
    const offMessage = onUserEventOf(
      CHAT_EVENTS.messageCreated,
      chatMessageEventPayloadSchema,
      ({ message }) => {
        if (message.session_id === sessionId) addToChatLog(queryClient, sessionId, [message]);
      },
    );
    const offRead = onUserEventOf(CHAT_EVENTS.messageRead, chatReadEventPayloadSchema, (read) => {
      if (read.session_id !== sessionId || read.user_id === viewerId) return;
      raiseChatRead(queryClient, sessionId, otherSide, read.seq);
    });
    const offResync = onUserResync(refetch);
    window.addEventListener('focus', refetch);
    return () => {
      offMessage();
      offRead();
      offResync();
      window.removeEventListener('focus', refetch);
    };
  }, [queryClient, sessionId, viewerId, otherSide]);

  return query;
}
