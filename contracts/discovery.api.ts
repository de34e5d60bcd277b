import {
  categoryCountsResponseSchema,
  coachSearchQuerySchema,
  coachSearchResponseSchema,
  recommendedCoachesResponseSchema,
} from './discovery';
import { endpointGroup } from './endpoint';

const endpoint = endpointGroup('Discovery');
const publicEndpoint = endpoint.as('public');

/** Coach discovery: public; the cards show public data only. */
export const discoveryApi = {
  search: publicEndpoint({
    method: 'GET',
    path: '/api/coaches',
    summary: 'Search the coach directory (filters, sort, cursor page)',
    query: coachSearchQuerySchema,
    responses: { 200: coachSearchResponseSchema },
  }),
  categories: publicEndpoint({
    method: 'GET',
    path: '/api/coaches/categories',
    summary: 'How many listed coaches each category has',
    responses: { 200: categoryCountsResponseSchema },
  }),
  recommended: endpoint({
    method: 'GET',
    path: '/api/coaches/recommended',
    summary: "Recommended coaches: by the client's interests when signed in, top-rated otherwise",
    access: 'optional',
    responses: { 200: recommendedCoachesResponseSchema },
  }),
} as const;
