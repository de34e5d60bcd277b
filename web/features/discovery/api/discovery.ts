import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { CoachSearchQuery } from '#contracts/discovery';
import { discoveryApi } from '#contracts/discovery.api';
import { api } from '#web/lib/api';

/** The filters that are set (empty text and unticked boxes are left out of the URL), and the page. */
const searchQuery = (query: CoachSearchQuery, cursor?: string): CoachSearchQuery =>
  Object.fromEntries(
    Object.entries({ ...query, cursor }).filter(
      ([, value]) => value !== undefined && value !== '' && value !== false,
    ),
  );

/** GET /api/coaches, page after page (keyset cursors). Results change with presence: fresh for 30 s. */
export const coachSearchQueryOptions = (query: CoachSearchQuery) =>
  infiniteQueryOptions({
    queryKey: ['coaches', 'search', query],
    queryFn: ({ pageParam, signal }) =>
      api(discoveryApi.search, { query: searchQuery(query, pageParam) }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    staleTime: 30_000,
  });

/** One page of GET /api/coaches (home sections). */
export const coachListQueryOptions = (query: CoachSearchQuery) =>
  queryOptions({
    queryKey: ['coaches', 'list', query],
    queryFn: ({ signal }) => api(discoveryApi.search, { query: searchQuery(query) }, { signal }),
    staleTime: 30_000,
  });

export const categoryCountsQueryOptions = () =>
  queryOptions({
    queryKey: ['coaches', 'categories'],
    queryFn: ({ signal }) => api(discoveryApi.categories, {}, { signal }),
  });

/** Keyed by person: the list depends on the caller's interests. */
export const recommendedQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: ['coaches', 'recommended', userId],
    queryFn: ({ signal }) => api(discoveryApi.recommended, {}, { signal }),
  });
