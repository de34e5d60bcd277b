import {
  categoryCountsResponseSchema,
  coachSearchQuerySchema,
  coachSearchResponseSchema,
  recommendedCoachesResponseSchema,
} from './discovery';
import { defineEndpoint } from './endpoint';

/** Coach discovery: public; the cards show public data only. */
export const discoveryApi = {
  search: defineEndpoint({
    method: 'GET',
    path: '/api/coaches',
    summary: 'Search the coach directory (filters, sort, cursor page)',
    tag: 'Discovery',
    access: 'public',
    query: coachSearchQuerySchema,
    responses: { 200: coachSearchResponseSchema },
  }),
  categories: defineEndpoint({
    method: 'GET',
    path: '/api/coaches/categories',
    summary: 'How many listed coaches each category has',
    tag: 'Discovery',
    access: 'public',
    responses: { 200: categoryCountsResponseSchema },
  }),
  recommended: defineEndpoint({
    method: 'GET',
    path: '/api/coaches/recommended',
    summary: "Recommended coaches: by the client's interests when signed in, top-rated otherwise",
    tag: 'Discovery',
    access: 'optional',
    responses: { 200: recommendedCoachesResponseSchema },
  }),
} as const;
