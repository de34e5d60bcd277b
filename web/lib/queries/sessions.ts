import { queryOptions } from '@tanstack/react-query';
import { sessionsApi } from '#contracts/sessions.api';
import { api } from '../api';

/**
 * GET /api/sessions/:id, the one definition every feature reads a session through (the room, the
 * waiting screens, the request's "is it still live?"): a party's view of one session (404 for anyone
 * else), under one key so a change seen by one screen is seen by all.
 */
export const sessionQueryKey = (sessionId: string) => ['sessions', 'detail', sessionId] as const;

export const sessionQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: sessionQueryKey(sessionId),
    queryFn: ({ signal }) => api(sessionsApi.get, { params: { id: sessionId } }, { signal }),
    // A status that is expected to change: never served stale from an earlier visit.
    staleTime: 0,
  });
