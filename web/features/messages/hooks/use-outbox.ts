import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { MESSAGE_TEXTS } from '#contracts/messages';
import { errorText } from '#web/components/form-error';
import { ApiError } from '#web/lib/api-client';
import { useToast } from '#web/components/toast';
import { conversationsQueryKey } from '../api/conversations';
import { addToMessageLog, sendMessage } from '../api/messages';
import { SEND_RETRY_DELAYS_MS, sendWithRetry } from '../lib/send-with-retry';

/** A message on its way, shown at once under the id the browser made for it. */
export type Outgoing = {
  id: string;
  conversationId: string;
  content: string;
  createdAt: string;
  status: 'sending' | 'failed';
  /** Why the last try failed (the server's words, or the lost connection). */
  error?: string;
};

/**
 * The messages the person is sending, in every conversation of the screen (switching conversations
 * keeps them). A send is optimistic under a browser-made id and retried by itself with that same id
 * while the network or the server fails; when it finally fails, SPEC §8's toast ('Error sending
 * message' / 'Please try again later') and Retry on the message, again with the same id.
 */
export function useOutbox(retryDelaysMs: readonly number[] = SEND_RETRY_DELAYS_MS) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [items, setItems] = useState<Outgoing[]>([]);

  const post = useCallback(
    (item: Outgoing) => {
      sendWithRetry(
        () => sendMessage(item.conversationId, { id: item.id, content: item.content }),
        retryDelaysMs,
      ).then(
        (message) => {
          addToMessageLog(queryClient, item.conversationId, [message]);
          setItems((list) => list.filter((entry) => entry.id !== item.id));
          void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
        },
        (error: unknown) => {
          setItems((list) =>
            list.map((entry) =>
              entry.id === item.id ? { ...entry, status: 'failed', error: errorText(error) } : entry,
            ),
          );
          toast({
            title: MESSAGE_TEXTS.sendFailedTitle,
            // A refusal that waiting will not change (a block) says why in the server's words.
            description:
              error instanceof ApiError && error.status === 403
                ? errorText(error)
                : MESSAGE_TEXTS.sendFailedBody,
            variant: 'destructive',
          });
        },
      );
    },
    [queryClient, retryDelaysMs, toast],
  );

  const send = (conversationId: string, content: string) => {
    const item: Outgoing = {
      id: crypto.randomUUID(),
      conversationId,
      content,
      createdAt: new Date().toISOString(),
      status: 'sending',
    };
    setItems((list) => [...list, item]);
    post(item);
  };

  const retry = (id: string) => {
    const item = items.find((entry) => entry.id === id);
    if (item?.status !== 'failed') return;
    const again: Outgoing = { ...item, status: 'sending', error: undefined };
    setItems((list) => list.map((entry) => (entry.id === id ? again : entry)));
    post(again);
  };

  return { items, send, retry };
}

export type Outbox = ReturnType<typeof useOutbox>;
