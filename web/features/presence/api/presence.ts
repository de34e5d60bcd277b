import { queryOptions } from '@tanstack/react-query';
import type { Presence } from '#contracts/presence';
import { presenceApi } from '#contracts/presence.api';
import { api } from '#web/lib/api';

/** The coach's own presence (GET /api/me/presence), per person. */
export const presenceQueryKey = (userId: string) => ['presence', userId] as const;

export const presenceQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: presenceQueryKey(userId),
    queryFn: ({ signal }) => api(presenceApi.get, {}, { signal }),
    // Presence changes from other tabs arrive as broadcast events (the query is invalidated then).
    staleTime: 60_000,
  });

/** PUT /api/me/presence: going online records last_online_confirm_at. */
export const setPresence = (isOnline: boolean): Promise<Presence> =>
  api(presenceApi.set, { body: { is_online: isOnline } });

/** POST /api/me/presence/confirm: "Yes, I'm online" (refreshes last_online_confirm_at). */
export const confirmPresence = (): Promise<Presence> => api(presenceApi.confirm);
