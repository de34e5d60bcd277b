import type { Clock } from '#domain/clock';
import type { Database } from '#server/db/client';
import type { HttpApp, Route } from '#server/http/route';
import { createDiscoveryRepository } from './discovery.repository';
import { discoveryRoutes } from './discovery.routes';
import { createDiscoveryService, type DiscoveryService } from './discovery.service';
import { createFavoritesRepository } from './favorites.repository';
import { favoritesRoutes } from './favorites.routes';
import { createFavoritesService } from './favorites.service';

export type DiscoveryModuleDeps = { route: Route; db: Database; clock: Clock };

/** The discovery module: the coach directory and the caller's favourites (repositories, services, routes). */
export function registerDiscovery(app: HttpApp, deps: DiscoveryModuleDeps): DiscoveryService {
  const { route, db, clock } = deps;
  const discovery = createDiscoveryService({ repository: createDiscoveryRepository(db), clock });
  discoveryRoutes(app, route, discovery);
  favoritesRoutes(app, route, createFavoritesService({ db, repository: createFavoritesRepository(), clock }));
  return discovery;
}
