import { queryOptions } from '@tanstack/react-query';
import { presenceSchema, type Presence } from '../../../../contracts/presence';
import { apiRequest } from '../../../lib/api-client';

/** The coach's own presence (GET /api/me/presence), per person. */
export const presenceQueryKey = (userId: string) => ['presence', userId] as const;

export const presenceQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: presenceQueryKey(userId),
    queryFn: ({ signal }) => apiRequest('/api/me/presence', presenceSchema, { signal }),
    // Presence changes from other tabs arrive as broadcast events (the query is invalidated then).
    staleTime: 60_000,
  });

/** PUT /api/me/presence: going online records last_online_confirm_at. */
export const setPresence = (isOnline: boolean): Promise<Presence> =>
  apiRequest('/api/me/presence', presenceSchema, { method: 'PUT', body: { is_online: isOnline } });

/** POST /api/me/presence/confirm: "Yes, I'm online" (refreshes last_online_confirm_at). */
export const confirmPresence = (): Promise<Presence> =>
  apiRequest('/api/me/presence/confirm', presenceSchema, { method: 'POST' });
