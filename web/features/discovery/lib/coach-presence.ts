import type { Query, QueryClient } from '@tanstack/react-query';
import type { CoachCard, CoachSearchQuery } from '#contracts/discovery';
import type { CoachPresenceEvent } from '#contracts/presence';

/** What discovery caches: a page of cards, pages of them (infinite search), or another answer. */
type CardList = { coaches: CoachCard[] };
type Pages = { pages: unknown[]; pageParams: unknown[] };

const isCardList = (data: unknown): data is CardList =>
  typeof data === 'object' && data !== null && Array.isArray((data as Partial<CardList>).coaches);
const isPages = (data: unknown): data is Pages =>
  typeof data === 'object' && data !== null && Array.isArray((data as Partial<Pages>).pages);

/**
 * `data` with the coach's card showing the new presence (the same object when nothing changed, so
 * unaffected queries do not re-render). Works on any `{ coaches: CoachCard[] }` answer (search,
 * home sections, recommendations, favourites) and on infinite-query pages of them.
 */
export function withCoachPresence<T>(data: T, event: CoachPresenceEvent): T {
  if (isPages(data)) {
    let changed = false;
    const pages = data.pages.map((page) => {
      const next = withCoachPresence(page, event);
      if (next !== page) changed = true;
      return next;
    });
    return changed ? { ...data, pages } : data;
  }
  if (!isCardList(data)) return data;
  let changed = false;
  const coaches = data.coaches.map((card) => {
    if (card.coach_id !== event.coach_id) return card;
    if (card.is_online === event.is_online && (card.is_busy ?? false) === event.is_busy) return card;
    changed = true;
    return { ...card, is_online: event.is_online, is_busy: event.is_busy };
  });
  return changed ? { ...data, coaches } : data;
}

/** Patches every cached discovery answer (queries under ['coaches']) in place. */
export function applyCoachPresence(queryClient: QueryClient, event: CoachPresenceEvent) {
  queryClient.setQueriesData({ queryKey: ['coaches'] }, (data: unknown) =>
    data === undefined ? data : withCoachPresence(data, event),
  );
}

/**
 * Discovery lists whose membership or order depends on presence ("Online now", the availability
 * sort): a patch cannot add a coach who just came online, so these are refetched instead.
 */
export function dependsOnPresence(query: Pick<Query, 'queryKey'>): boolean {
  const [root, kind, params] = query.queryKey as [unknown, unknown, CoachSearchQuery | undefined];
  if (root !== 'coaches' || (kind !== 'search' && kind !== 'list')) return false;
  return Boolean(params?.online) || params?.sort === 'availability';
}

export const refetchPresenceDependentLists = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ predicate: dependsOnPresence });

/** After a reconnect (broadcast events are not replayed): everything discovery shows. */
export const refetchCoachLists = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: ['coaches'] });
