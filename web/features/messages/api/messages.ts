import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { pathOf } from '#contracts/endpoint';
import { messageResponseSchema, type InquiryMessage } from '#contracts/messages';
import { messagesApi } from '#contracts/messages.api';
import { api } from '#web/lib/api';
import { uploadAttachment, type PendingAttachment } from '#web/lib/attachments';
import { mergeMessages, withEarlierPage, withNewestPage, type MessageLog } from '../lib/message-log';
import { MESSAGES_KEY } from './conversations';

export const messageLogQueryKey = (conversationId: string) =>
  [...MESSAGES_KEY, 'log', conversationId] as const;

/**
 * GET /api/conversations/:id/messages, the newest page, folded into what is held (a refetch on resync
 * or focus keeps the older pages already loaded, and any message an event brought meanwhile).
 */
export async function fetchMessageLog(
  queryClient: QueryClient,
  conversationId: string,
  signal?: AbortSignal,
): Promise<MessageLog> {
  const page = await api(messagesApi.messages, { params: { id: conversationId }, query: {} }, { signal });
  return withNewestPage(queryClient.getQueryData<MessageLog>(messageLogQueryKey(conversationId)), page);
}

export const messageLogQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: messageLogQueryKey(conversationId),
    queryFn: ({ signal, client }) => fetchMessageLog(client, conversationId, signal),
    staleTime: 0,
  });

/** The page before the first message held ("Load earlier messages"), put in front of the log. */
export async function loadEarlierMessages(queryClient: QueryClient, conversationId: string) {
  const key = messageLogQueryKey(conversationId);
  const first = queryClient.getQueryData<MessageLog>(key)?.messages[0];
  if (!first) return;
  const page = await api(messagesApi.messages, {
    params: { id: conversationId },
    query: { before_seq: first.seq },
  });
  queryClient.setQueryData<MessageLog>(key, (held) => (held ? withEarlierPage(held, page) : held));
}

/** Folds messages (an event, a POST answer) into a log that is held; a log not loaded stays unloaded. */
export function addToMessageLog(
  queryClient: QueryClient,
  conversationId: string,
  messages: InquiryMessage[],
) {
  queryClient.setQueryData<MessageLog>(messageLogQueryKey(conversationId), (held) =>
    held ? { ...held, messages: mergeMessages(held.messages, messages) } : held,
  );
}

/** POST /api/conversations/:id/messages with the browser's id: 201 new, 200 when that id was sent before. */
export async function sendMessage(conversationId: string, message: { id: string; content: string }) {
  return (await api(messagesApi.send, { params: { id: conversationId }, body: message })).message;
}

/**
 * POST /api/conversations/:id/attachments with the raw bytes as the body and the browser's message id
 * (web/lib/attachments.ts): 201 new, 200 when that id was sent before (a retry).
 */
export async function sendAttachment(
  conversationId: string,
  upload: PendingAttachment & { id: string },
  options: { accessToken: string | null },
): Promise<InquiryMessage> {
  const path = pathOf(messagesApi.sendAttachment, { id: conversationId });
  return messageResponseSchema.parse(await uploadAttachment(path, upload, options)).message;
}

/** POST /api/conversations/:id/read: the caller has read everything up to `seq` (204). */
export async function markRead(conversationId: string, seq: number) {
  await api(messagesApi.read, { params: { id: conversationId }, body: { seq } });
}
