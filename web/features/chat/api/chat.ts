import type { QueryClient } from '@tanstack/react-query';
import {
  CHAT_HISTORY_LIMIT,
  chatMessageResponseSchema,
  type ChatAttachmentKind,
  type ChatHistory,
  type ChatMessage,
} from '#contracts/chat';
import { chatApi } from '#contracts/chat.api';
import { pathOf, queryStringOf } from '#contracts/endpoint';
import { errorBodySchema } from '#contracts/errors';
import { ERROR_CODES } from '#domain/errors/app-error';
import { api } from '#web/lib/api';
import { ApiError } from '#web/lib/api-client';

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

const networkError = () =>
  new ApiError('SERVICE_UNAVAILABLE', 'Network error. Please check your connection and try again.', 0);

/** The server's error body as an ApiError (a 413 from a proxy without one still names the problem). */
async function errorFrom(response: Response, tooLarge: string): Promise<ApiError> {
  const parsed = errorBodySchema.safeParse(await response.json().catch(() => undefined));
  if (parsed.success) {
    const { code, message, details, requestId } = parsed.data.error;
    return new ApiError(code, message, response.status, details, requestId);
  }
  if (response.status === 413) return new ApiError('PAYLOAD_TOO_LARGE', tooLarge, 413);
  return new ApiError('INTERNAL_ERROR', ERROR_CODES.INTERNAL_ERROR, response.status);
}

/**
 * fetch() with the bearer token and the session cookie, for the calls that cannot go through api():
 * an abort stays an abort, a lost connection becomes a network error, a refusal the server's ApiError.
 */
async function fetchWithToken(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: Blob },
  options: { accessToken: string | null; signal?: AbortSignal; tooLarge: string },
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: {
        ...init.headers,
        ...(options.accessToken ? { authorization: `Bearer ${options.accessToken}` } : {}),
      },
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkError();
  }
  if (!response.ok) throw await errorFrom(response, options.tooLarge);
  return response;
}

export type AttachmentUpload = {
  /** The message id, made here: a retry sends the same one and gets the same message. */
  id: string;
  kind: ChatAttachmentKind;
  file: Blob;
  name: string;
  durationMs?: number;
};

/**
 * POST /api/sessions/:id/attachments with the raw bytes as the body: 201 new, 200 when this id was already
 * sent (a retry). The server decides the type from the bytes; the declared type is only a hint.
 */
export async function uploadChatAttachment(
  sessionId: string,
  upload: AttachmentUpload,
  options: { accessToken: string | null; tooLarge: string; signal?: AbortSignal },
): Promise<ChatMessage> {
  // The raw bytes are the body, so this is the one call that does not go through api().
  const query = queryStringOf({
    id: upload.id,
    kind: upload.kind,
    name: upload.name,
    duration_ms: upload.durationMs === undefined ? undefined : Math.round(upload.durationMs),
  });
  const response = await fetchWithToken(
    `${pathOf(chatApi.sendAttachment, { id: sessionId })}${query}`,
    {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/octet-stream' },
      body: upload.file,
    },
    options,
  );
  return chatMessageResponseSchema.parse(await response.json()).message;
}

/**
 * GET an attachment's bytes with the bearer token (a plain <img src> could not carry it): shown through
 * an object URL, or saved as a download.
 */
export async function fetchChatAttachment(
  url: string,
  options: { accessToken: string | null; signal?: AbortSignal },
): Promise<Blob> {
  const response = await fetchWithToken(url, {}, { ...options, tooLarge: ERROR_CODES.PAYLOAD_TOO_LARGE });
  return response.blob();
}

export const chatAttachmentQueryKey = (url: string) => ['chat', 'attachment', url] as const;
