import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  activeSessionResponseSchema,
  chatSessionSchema,
  sessionEventPayloadSchema,
  sessionListSchema,
  type SESSION_LIST_PAGE_SIZE,
  type ChatSession,
} from '../../../../contracts/sessions';
import { apiRequest } from '../../../lib/api-client';

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
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ as, page: String(page) });
      if (status) params.set('status', status);
      return apiRequest(`/api/sessions?${params.toString()}`, sessionListSchema, { signal });
    },
    // Sessions change with every request and end: look again whenever a list opens.
    staleTime: 0,
    // Paging keeps the rows on screen until the next page arrives (no jump).
    placeholderData: keepPreviousData,
  });

export const sessionQueryKey = (sessionId: string) => [SESSIONS, 'detail', sessionId] as const;

/** GET /api/sessions/:id: a party's view of one session (404 for anyone else). */
export const sessionQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: sessionQueryKey(sessionId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/sessions/${encodeURIComponent(sessionId)}`, chatSessionSchema, { signal }),
    staleTime: 0,
  });

export const activeSessionQueryKey = [SESSIONS, 'active'] as const;

/** GET /api/sessions/active: the caller's live session (SPEC §2 active-session redirect), or null. */
export const activeSessionQueryOptions = () =>
  queryOptions({
    queryKey: activeSessionQueryKey,
    queryFn: ({ signal }) => apiRequest('/api/sessions/active', activeSessionResponseSchema, { signal }),
    staleTime: 0,
  });

/** The answer of POST /api/sessions/:id/end is read leniently: the session when it carries one. */
const endResponseSchema = z.unknown();

/** POST /api/sessions/:id/end (the coach): active -> completed, the hold captured. */
export async function endSession(sessionId: string): Promise<ChatSession | null> {
  const answer = await apiRequest(`/api/sessions/${encodeURIComponent(sessionId)}/end`, endResponseSchema, {
    method: 'POST',
  });
  const wrapped = sessionEventPayloadSchema.safeParse(answer);
  if (wrapped.success) return wrapped.data.session;
  const bare = chatSessionSchema.safeParse(answer);
  return bare.success ? bare.data : null;
}

/** After an end (or anything else that changes sessions), every session view is out of date. */
export const invalidateSessions = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: [SESSIONS] });
