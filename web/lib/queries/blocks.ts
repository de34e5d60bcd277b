import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { BlockedPerson } from '#contracts/messages';
import { messagesApi } from '#contracts/messages.api';
import { api } from '../api';

/**
 * The people the caller blocked (#17 safety): one query for the conversation view (its composer and
 * menu) and Settings' "Blocked people", so a block or an unblock in one shows in the other.
 */
export const blockedQueryKey = ['blocks'] as const;

/** GET /api/blocks: newest first. */
export const blockedQueryOptions = () =>
  queryOptions({
    queryKey: blockedQueryKey,
    queryFn: ({ signal }) => api(messagesApi.blocked, undefined, { signal }),
    // Another tab may have changed it: read again when a screen that shows it opens.
    staleTime: 0,
  });

const store = (queryClient: QueryClient, change: (blocked: BlockedPerson[]) => BlockedPerson[]) =>
  queryClient.setQueryData<{ blocked: BlockedPerson[] }>(blockedQueryKey, (held) =>
    held ? { blocked: change(held.blocked) } : held,
  );

/** PUT /api/blocks/:userId (200 when already blocked): the person joins the list held. */
export async function blockPerson(queryClient: QueryClient, userId: string): Promise<BlockedPerson> {
  const { blocked } = await api(messagesApi.block, { params: { userId } });
  store(queryClient, (list) => [blocked, ...list.filter((person) => person.user_id !== userId)]);
  return blocked;
}

/** DELETE /api/blocks/:userId (204 also when they were not blocked): off the list held. */
export async function unblockPerson(queryClient: QueryClient, userId: string): Promise<void> {
  await api(messagesApi.unblock, { params: { userId } });
  store(queryClient, (list) => list.filter((person) => person.user_id !== userId));
}
