import { favoritesApi as endpoints } from '#contracts/favorites.api';
import type { HttpApp, Route } from '#server/http/route';
import type { FavoritesService } from './favorites.service';

/** Favourites (contracts/favorites.api.ts): the caller's own follows (the client role: CLIENT_ROLE_REQUIRED). */
export function favoritesRoutes(app: HttpApp, route: Route, favorites: FavoritesService) {
  route(app, endpoints.list, async ({ caller }) => favorites.list(caller.userId));
  route(app, endpoints.state, async ({ caller, params }) => favorites.state(caller.userId, params.coachId));
  route(app, endpoints.follow, async ({ caller, params, body }) =>
    favorites.follow(caller.userId, params.coachId, body ?? {}),
  );
  route(app, endpoints.unfollow, async ({ caller, params }) =>
    favorites.unfollow(caller.userId, params.coachId),
  );
}
