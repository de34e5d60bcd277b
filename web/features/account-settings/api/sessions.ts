import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { authSessionListSchema } from '#contracts/auth';
import { apiRequest } from '#web/lib/api-client';

/** GET /auth/v1/sessions: the person's open sign-in sessions, this one marked `current`. */
export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'sessions'],
    queryFn: ({ signal }) => apiRequest('/auth/v1/sessions', authSessionListSchema, { signal }),
    // Sessions start and end elsewhere; look again whenever the screen opens.
    staleTime: 0,
  });

export const useSessions = () => useQuery(sessionsQueryOptions());

/** POST /auth/v1/logout?scope=others: ends every session but this one (this one stays signed in). */
export const signOutOtherSessions = () =>
  apiRequest('/auth/v1/logout?scope=others', z.object({}), { method: 'POST' });
