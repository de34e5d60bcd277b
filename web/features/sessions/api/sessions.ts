import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { SESSION_LIST_PAGE_SIZE, ChatSession } from '#contracts/sessions';
import { sessionsApi } from '#contracts/sessions.api';
import { api } from '#web/lib/api';
import { sessionQueryKey, sessionQueryOptions } from '#web/lib/queries/sessions';

export { sessionQueryKey, sessionQueryOptions };

export type SessionListAs = keyof typeof SESSION_LIST_PAGE_SIZE;
export type SessionListStatus = 'active' | 'completed';

const SESSIONS = 'sessions';

/** Every session list (both roles, all statuses and pages): what a realtime update or an end reloads. */
export const sessionListsKey = [SESSIONS, 'list'] as const;

/** GET /api/sessions?as=&status=&page=: newest first, 5 per page for coaches, 20 for clients (SPEC §9). */
export const sessionListQueryOptions = (
  as: SessionListAs,
  status: SessionListStatus | undefined,
  page: number,
) =>
  queryOptions({
    queryKey: [...sessionListsKey, as, status ?? 'all', page],
    queryFn: ({ signal }) => api(sessionsApi.list, { query: { as, page, status } }, { signal }),
    // Sessions change with every request and end: look again whenever a list opens.
    staleTime: 0,
    // Paging keeps the rows on screen until the next page arrives (no jump).
    placeholderData: keepPreviousData,
  });

export const activeSessionQueryKey = [SESSIONS, 'active'] as const;

/** GET /api/sessions/active: the caller's live session (SPEC §2 active-session redirect), or null. */
export const activeSessionQueryOptions = () =>
  queryOptions({
    queryKey: activeSessionQueryKey,
    queryFn: ({ signal }) => api(sessionsApi.active, {}, { signal }),
    staleTime: 0,
  });

/** POST /api/sessions/:id/end (the coach): active -> completed, the hold captured. */
export async function endSession(sessionId: string): Promise<ChatSession | null> {
  const answer = await api(sessionsApi.end, { params: { id: sessionId } });
  return answer.session;
}

/** After an end (or anything else that changes sessions), every session view is out of date. */
export const invalidateSessions = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: [SESSIONS] });
