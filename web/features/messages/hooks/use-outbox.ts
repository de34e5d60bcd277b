import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { MESSAGE_TEXTS } from '#contracts/messages';
import { errorText } from '#web/components/form-error';
import { ApiError } from '#web/lib/api-client';
import { useToast } from '#web/components/toast';
import {
  attachmentQueryKey,
  voiceAttachment,
  type PendingAttachment,
  type PickedFile,
} from '#web/lib/attachments';
import { useAuth } from '#web/lib/auth/use-auth';
import type { RecordedVoice } from '#web/lib/use-voice-recorder';
import { conversationsQueryKey } from '../api/conversations';
import { addToMessageLog, sendAttachment, sendMessage } from '../api/messages';
import { SEND_RETRY_DELAYS_MS, sendWithRetry } from '../lib/send-with-retry';

/** A message on its way, shown at once under the id the browser made for it. */
export type Outgoing = {
  id: string;
  conversationId: string;
  content: string;
  /** A picture, file or voice note: the sender's own copy, sent again as is by a retry. */
  attachment?: PendingAttachment;
  createdAt: string;
  status: 'sending' | 'failed';
  /** Why the last try failed (the server's words, or the lost connection). */
  error?: string;
};

/**
 * The messages the person is sending, in every conversation of the screen (switching conversations
 * keeps them). A send is optimistic under a browser-made id and retried by itself with that same id
 * while the network or the server fails; when it finally fails, SPEC §8's toast ('Error sending
 * message' / 'Please try again later') and Retry on the message, again with the same id. Pictures, files
 * and voice notes go the same way (their bytes sent again under the same id: the server answers the
 * message it made, never a second one).
 */
export function useOutbox(retryDelaysMs: readonly number[] = SEND_RETRY_DELAYS_MS) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [items, setItems] = useState<Outgoing[]>([]);
  const { accessToken } = useAuth();

  const post = useCallback(
    (item: Outgoing) => {
      const { attachment } = item;
      sendWithRetry(
        () =>
          attachment
            ? sendAttachment(item.conversationId, { id: item.id, ...attachment }, { accessToken })
            : sendMessage(item.conversationId, { id: item.id, content: item.content }),
        retryDelaysMs,
      ).then(
        (message) => {
          // The sender's own copy stands in for the download of what they just sent.
          if (attachment && message.attachment)
            queryClient.setQueryData(attachmentQueryKey(message.attachment.url), attachment.file);
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
    [queryClient, retryDelaysMs, toast, accessToken],
  );

  const enqueue = (
    conversationId: string,
    messages: { content: string; attachment?: PendingAttachment }[],
  ) => {
    const added = messages.map((message): Outgoing => ({
      id: crypto.randomUUID(),
      conversationId,
      ...message,
      createdAt: new Date().toISOString(),
      status: 'sending',
    }));
    setItems((list) => [...list, ...added]);
    for (const item of added) post(item);
  };

  const send = (conversationId: string, content: string) => enqueue(conversationId, [{ content }]);

  /** Each picked picture or file as a message of its own. */
  const sendFiles = (conversationId: string, files: PickedFile[]) =>
    enqueue(
      conversationId,
      files.map(({ kind, file }) => ({ content: '', attachment: { kind, file, name: file.name } })),
    );

  const sendVoice = (conversationId: string, voice: RecordedVoice) =>
    enqueue(conversationId, [{ content: '', attachment: voiceAttachment(voice) }]);

  const retry = (id: string) => {
    const item = items.find((entry) => entry.id === id);
    if (item?.status !== 'failed') return;
    const again: Outgoing = { ...item, status: 'sending', error: undefined };
    setItems((list) => list.map((entry) => (entry.id === id ? again : entry)));
    post(again);
  };

  return { items, send, sendFiles, sendVoice, retry };
}

export type Outbox = ReturnType<typeof useOutbox>;
