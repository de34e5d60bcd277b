import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  favoriteCoachParamsSchema,
  favoritesResponseSchema,
  followBodySchema,
  followStateSchema,
} from '../../../contracts/favorites';
import type { AuthGuard } from '../../plugins/auth-guard';
import type { FavoritesService } from './favorites.service';

/** Favourites: the caller's own follows. Changing them needs the client role (CLIENT_ROLE_REQUIRED). */
export const favoritesRoutes: FastifyPluginAsyncZod<{
  favorites: FavoritesService;
  guard: AuthGuard;
}> = async (app, { favorites, guard }) => {
  app.get('/api/favorites', { schema: { response: { 200: favoritesResponseSchema } } }, async (request) => {
    const { userId } = await guard.authenticate(request);
    return favorites.list(userId);
  });

  app.get(
    '/api/favorites/:coachId',
    { schema: { params: favoriteCoachParamsSchema, response: { 200: followStateSchema } } },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      return favorites.state(userId, request.params.coachId);
    },
  );

  app.put(
    '/api/favorites/:coachId',
    {
      schema: {
        params: favoriteCoachParamsSchema,
        body: followBodySchema,
        response: { 200: followStateSchema },
      },
    },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      return favorites.follow(userId, request.params.coachId, request.body ?? {});
    },
  );

  app.delete(
    '/api/favorites/:coachId',
    { schema: { params: favoriteCoachParamsSchema, response: { 200: followStateSchema } } },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      return favorites.unfollow(userId, request.params.coachId);
    },
  );
};
