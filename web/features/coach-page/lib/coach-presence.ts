import type { QueryClient } from '@tanstack/react-query';
import type { CoachPage } from '#contracts/coach-pages';
import type { CoachPresenceEvent } from '#contracts/presence';
import { COACH_PAGE_QUERY_ROOT } from '../api/coach-page';

/**
 * The page with the coach's new presence. A page without `online` (the coach hides their status)
 * stays as it is: the event then says offline anyway.
 */
export function withPagePresence(page: CoachPage, event: CoachPresenceEvent): CoachPage {
  if (page.coach_id !== event.coach_id || !page.online) return page;
  if (page.online.is_online === event.is_online && (page.online.is_busy ?? false) === event.is_busy)
    return page;
  return { ...page, online: { ...page.online, is_online: event.is_online, is_busy: event.is_busy } };
}

/** Patches every cached coach page of the coach (it may be cached under its username and its id). */
export function applyCoachPagePresence(queryClient: QueryClient, event: CoachPresenceEvent) {
  queryClient.setQueriesData<CoachPage>({ queryKey: COACH_PAGE_QUERY_ROOT }, (page) =>
    page ? withPagePresence(page, event) : page,
  );
}

/** After a reconnect (broadcast events are not replayed). */
export const refetchCoachPages = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: COACH_PAGE_QUERY_ROOT });
