import { queryOptions } from '@tanstack/react-query';
import { applicationsApi } from '#contracts/applications.api';
import { api } from '../api';

/**
 * GET /api/coach-applications/me: the person's coach application status (keyed by person). One
 * definition for every feature that reads it (the application screen, the coach home's card).
 */
export const myApplicationQueryKey = (userId: string) => ['coach-application', 'me', userId] as const;

export const myApplicationQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: myApplicationQueryKey(userId),
    queryFn: ({ signal }) => api(applicationsApi.mine, {}, { signal }),
    // A decision can arrive at any time: look again whenever a screen opens.
    staleTime: 0,
  });
