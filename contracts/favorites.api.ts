import { defineEndpoint } from './endpoint';
import {
  favoriteCoachParamsSchema,
  favoritesResponseSchema,
  followBodySchema,
  followStateSchema,
} from './favorites';

/**
 * Favourites: the caller's own follows. Listing and changing them needs the client role; the service
 * answers CLIENT_ROLE_REQUIRED (its own error code, which the web's favourites screen reads), so that
 * check stays in the service rather than in `access` (whose role rule answers FORBIDDEN).
 */
export const favoritesApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/favorites',
    summary: 'The coaches the caller follows',
    tag: 'Favorites',
    access: 'signed-in',
    responses: { 200: favoritesResponseSchema },
  }),
  state: defineEndpoint({
    method: 'GET',
    path: '/api/favorites/:coachId',
    summary: 'Where the caller stands with a listed coach (following, notify)',
    tag: 'Favorites',
    access: 'signed-in',
    params: favoriteCoachParamsSchema,
    responses: { 200: followStateSchema },
  }),
  follow: defineEndpoint({
    method: 'PUT',
    path: '/api/favorites/:coachId',
    summary: 'Follow a coach (optionally with notifications)',
    tag: 'Favorites',
    access: 'signed-in',
    params: favoriteCoachParamsSchema,
    body: followBodySchema,
    responses: { 200: followStateSchema },
  }),
  unfollow: defineEndpoint({
    method: 'DELETE',
    path: '/api/favorites/:coachId',
    summary: 'Stop following a coach',
    tag: 'Favorites',
    access: 'signed-in',
    params: favoriteCoachParamsSchema,
    responses: { 200: followStateSchema },
  }),
} as const;
