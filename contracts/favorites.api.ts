import { endpointGroup } from './endpoint';
import {
  favoriteCoachParamsSchema,
  favoritesResponseSchema,
  followBodySchema,
  followStateSchema,
} from './favorites';

const endpoint = endpointGroup('Favorites');
const signedInEndpoint = endpoint.as('signed-in');

/**
 * Favourites: the caller's own follows. Listing and changing them needs the client role; the service
 * answers CLIENT_ROLE_REQUIRED (its own error code, which the web's favourites screen reads), so that
 * check stays in the service rather than in `access` (whose role rule answers FORBIDDEN).
 */
export const favoritesApi = {
  list: signedInEndpoint({
    method: 'GET',
    path: '/api/favorites',
    summary: 'The coaches the caller follows',
    responses: { 200: favoritesResponseSchema },
  }),
  state: signedInEndpoint({
    method: 'GET',
    path: '/api/favorites/:coachId',
    summary: 'Where the caller stands with a listed coach (following, notify)',
    params: favoriteCoachParamsSchema,
    responses: { 200: followStateSchema },
  }),
  follow: signedInEndpoint({
    method: 'PUT',
    path: '/api/favorites/:coachId',
    summary: 'Follow a coach (optionally with notifications)',
    params: favoriteCoachParamsSchema,
    body: followBodySchema,
    responses: { 200: followStateSchema },
  }),
  unfollow: signedInEndpoint({
    method: 'DELETE',
    path: '/api/favorites/:coachId',
    summary: 'Stop following a coach',
    params: favoriteCoachParamsSchema,
    responses: { 200: followStateSchema },
  }),
} as const;
