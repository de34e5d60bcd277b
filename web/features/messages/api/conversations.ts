import {
  infiniteQueryOptions,
  queryOptions,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { Conversation, ConversationsPage, StartConversationInput } from '#contracts/messages';
import { messagesApi } from '#contracts/messages.api';
import { api } from '#web/lib/api';
import { distinctById } from '#web/lib/distinct-by-id';
import { withRead } from '../lib/message-log';

/** Everything this feature keeps in the query cache starts with this. */
export const MESSAGES_KEY = ['messages'] as const;
export const conversationsQueryKey = [...MESSAGES_KEY, 'conversations'] as const;
export const conversationQueryKey = (id: string) => [...MESSAGES_KEY, 'conversation', id] as const;

/** Which of the caller's conversations a list shows: by the other person's name, archived or not. */
export type ConversationFilter = { q: string; archived: boolean };
const ALL: ConversationFilter = { q: '', archived: false };

/**
 * GET /api/conversations: the caller's conversations, most recent first, one keyset page at a time.
 * Without a filter it is the inbox (whose unread_total is the navigation's badge); a filtered list is
 * kept under the same key prefix, so what refreshes the inbox refreshes it too.
 */
export const conversationsQueryOptions = (filter: ConversationFilter = ALL) =>
  infiniteQueryOptions({
    queryKey:
      filter.q === '' && !filter.archived ? conversationsQueryKey : [...conversationsQueryKey, filter],
    queryFn: ({ pageParam, signal }) =>
      api(
        messagesApi.list,
        {
          query: {
            ...(pageParam ? { cursor: pageParam } : {}),
            ...(filter.q ? { q: filter.q } : {}),
            ...(filter.archived ? { archived: 'true' as const } : {}),
          },
        },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    // Read again whenever the screen opens: no events reach it while it is closed.
    staleTime: 0,
  });

/** The pages as one list: a conversation that moved up while pages loaded shows once, where it is newest. */
export function conversationsOf(data: InfiniteData<ConversationsPage> | undefined): Conversation[] {
  return distinctById((data?.pages ?? []).flatMap((page) => page.conversations));
}

/**
 * GET /api/conversations/:id: one conversation as the caller lists it (the other person, the reads).
 * Reads only move forward: an answer read before a read event keeps the event's reads.
 */
export const conversationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: conversationQueryKey(id),
    queryFn: async ({ signal, client }) => {
      const { conversation } = await api(messagesApi.get, { params: { id } }, { signal });
      const held = client.getQueryData<Conversation>(conversationQueryKey(id));
      return held ? withRead(conversation, held.read) : conversation;
    },
    staleTime: 0,
  });

/** POST /api/conversations: a client with a coach, a coach with a client of theirs (201 new, 200 found). */
export async function startConversation(queryClient: QueryClient, body: StartConversationInput) {
  const { conversation } = await api(messagesApi.start, { body });
  queryClient.setQueryData(conversationQueryKey(conversation.id), conversation);
  return conversation;
}

/**
 * PATCH /api/conversations/:id: archived (for the caller only) or back in their inbox; the lists are
 * read again (it moves between Inbox and Archived).
 */
export async function setArchived(queryClient: QueryClient, id: string, archived: boolean) {
  const { conversation } = await api(messagesApi.update, { params: { id }, body: { archived } });
  queryClient.setQueryData(conversationQueryKey(id), conversation);
  await queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
  return conversation;
}

/** New reads of a conversation, in its own entry and in the list (the caller's unread count follows). */
export function storeRead(queryClient: QueryClient, conversationId: string, read: Conversation['read']) {
  queryClient.setQueryData<Conversation>(conversationQueryKey(conversationId), (held) =>
    held ? withRead(held, read) : held,
  );
  queryClient.setQueryData<InfiniteData<ConversationsPage>>(conversationsQueryKey, (held) => {
    if (!held) return held;
    let total = 0;
    const pages = held.pages.map((page) => ({
      ...page,
      conversations: page.conversations.map((conversation) => {
        if (conversation.id !== conversationId) return conversation;
        const next = withRead(conversation, read);
        total += conversation.unread_count - next.unread_count;
        return next;
      }),
    }));
    return {
      ...held,
      pages: pages.map((page) => ({ ...page, unread_total: Math.max(0, page.unread_total - total) })),
    };
  });
}
