import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  categoryCountsResponseSchema,
  coachSearchResponseSchema,
  recommendedCoachesResponseSchema,
  type CoachSearchQuery,
} from '../../../../contracts/discovery';
import { apiRequest } from '../../../lib/api-client';

const searchPath = (query: CoachSearchQuery, cursor?: string) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...query, cursor }))
    if (value !== undefined && value !== '' && value !== false) params.set(key, String(value));
  const text = params.toString();
  return text ? `/api/coaches?${text}` : '/api/coaches';
};

/** GET /api/coaches, page after page (keyset cursors). Results change with presence: fresh for 30 s. */
export const coachSearchQueryOptions = (query: CoachSearchQuery) =>
  infiniteQueryOptions({
    queryKey: ['coaches', 'search', query],
    queryFn: ({ pageParam, signal }) =>
      apiRequest(searchPath(query, pageParam), coachSearchResponseSchema, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    staleTime: 30_000,
  });

/** One page of GET /api/coaches (home sections). */
export const coachListQueryOptions = (query: CoachSearchQuery) =>
  queryOptions({
    queryKey: ['coaches', 'list', query],
    queryFn: ({ signal }) => apiRequest(searchPath(query), coachSearchResponseSchema, { signal }),
    staleTime: 30_000,
  });

export const categoryCountsQueryOptions = () =>
  queryOptions({
    queryKey: ['coaches', 'categories'],
    queryFn: ({ signal }) => apiRequest('/api/coaches/categories', categoryCountsResponseSchema, { signal }),
  });

/** Keyed by person: the list depends on the caller's interests. */
export const recommendedQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: ['coaches', 'recommended', userId],
    queryFn: ({ signal }) =>
      apiRequest('/api/coaches/recommended', recommendedCoachesResponseSchema, { signal }),
  });
