import type { QueryClient } from '@tanstack/react-query';
import {
  CHAT_HISTORY_LIMIT,
  chatMessageResponseSchema,
  type ChatHistory,
  type ChatMessage,
} from '#contracts/chat';
import { chatApi } from '#contracts/chat.api';
import { pathOf } from '#contracts/endpoint';
import { api } from '#web/lib/api';
import { uploadAttachment, type PendingAttachment } from '#web/lib/attachments';

/**
 * What the panel holds for a session: every message it knows (by seq, oldest first), the reads, and
 * the seq up to which the history was loaded without gaps (events may add later ones out of band).
 */
export type ChatLog = { messages: ChatMessage[]; reads: ChatHistory['reads']; loadedThrough: number };

export const chatLogQueryKey = (sessionId: string) => ['chat', 'log', sessionId] as const;

/** Merges by id (a later copy wins) and orders by seq: the POST answer and the event never double up. */
export function mergeMessages(held: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return [...held];
  const byId = new Map(held.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/** Reads never go back. */
export const mergeReads = (a: ChatLog['reads'], b: ChatLog['reads']): ChatLog['reads'] => ({
  coach: Math.max(a.coach, b.coach),
  client: Math.max(a.client, b.client),
});

const EMPTY_LOG: ChatLog = { messages: [], reads: { coach: 0, client: 0 }, loadedThrough: 0 };

/**
 * GET /api/sessions/:id/messages: the first load reads the whole history; a refetch (resync, focus)
 * asks only for what comes after the last seq held, page by page, and merges it into what is held
 * (so an event that arrived meanwhile is never lost).
 */
export async function fetchChatLog(
  queryClient: QueryClient,
  sessionId: string,
  signal?: AbortSignal,
): Promise<ChatLog> {
  const held = queryClient.getQueryData<ChatLog>(chatLogQueryKey(sessionId)) ?? EMPTY_LOG;
  let afterSeq = held.loadedThrough;
  const fetched: ChatMessage[] = [];
  let reads = held.reads;
  for (;;) {
    const page = await api(
      chatApi.history,
      { params: { id: sessionId }, query: { after_seq: afterSeq, limit: CHAT_HISTORY_LIMIT } },
      { signal },
    );
    fetched.push(...page.messages);
    reads = mergeReads(reads, page.reads);
    const last = page.messages.at(-1)?.seq;
    if (last !== undefined) afterSeq = last;
    if (last === undefined || last >= page.last_seq) break;
  }
  // Events may have landed while the pages loaded: merge with the freshest copy.
  const now = queryClient.getQueryData<ChatLog>(chatLogQueryKey(sessionId)) ?? EMPTY_LOG;
  return {
    messages: mergeMessages(now.messages, fetched),
    reads: mergeReads(now.reads, reads),
    loadedThrough: Math.max(now.loadedThrough, afterSeq),
  };
}

/** POST /api/sessions/:id/messages: 201 new, 200 when this id was already sent (a retry). */
export async function sendChatMessage(sessionId: string, message: { id: string; content: string }) {
  const answer = await api(chatApi.send, { params: { id: sessionId }, body: message });
  return answer.message;
}

/** POST /api/sessions/:id/read: everything up to `seq` is read (204). */
export async function markChatRead(sessionId: string, seq: number) {
  await api(chatApi.read, { params: { id: sessionId }, body: { seq } });
}

/** Folds new messages into the held log (an event or a POST answer). */
export function addToChatLog(queryClient: QueryClient, sessionId: string, messages: ChatMessage[]) {
  queryClient.setQueryData<ChatLog>(chatLogQueryKey(sessionId), (held) => ({
    messages: mergeMessages(held?.messages ?? [], messages),
    reads: held?.reads ?? EMPTY_LOG.reads,
    loadedThrough: held?.loadedThrough ?? 0,
  }));
}

export function raiseChatRead(
  queryClient: QueryClient,
  sessionId: string,
  side: keyof ChatLog['reads'],
  seq: number,
) {
  queryClient.setQueryData<ChatLog>(chatLogQueryKey(sessionId), (held) => {
    const reads = held?.reads ?? EMPTY_LOG.reads;
    if (reads[side] >= seq) return held;
    return { ...(held ?? EMPTY_LOG), reads: { ...reads, [side]: seq } };
  });
}

/** POST /api/sessions/:id/typing (204): the other party sees "… is typing" for a few seconds. */
export async function postTyping(sessionId: string) {
  await api(chatApi.typing, { params: { id: sessionId } });
}

/**
 * POST /api/sessions/:id/attachments with the raw bytes as the body (web/lib/attachments.ts): 201 new,
 * 200 when this id was already sent (a retry).
 */
export async function uploadChatAttachment(
  sessionId: string,
  upload: PendingAttachment & { id: string },
  options: { accessToken: string | null; signal?: AbortSignal },
): Promise<ChatMessage> {
  const answer = await uploadAttachment(pathOf(chatApi.sendAttachment, { id: sessionId }), upload, options);
  return chatMessageResponseSchema.parse(answer).message;
}
