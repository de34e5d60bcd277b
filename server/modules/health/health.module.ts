import type { Database } from '#server/db/client';
import type { HttpApp, ModuleDeps } from '#server/http/route';
import { createHealthRepository } from './health.repository';
import { healthRoutes } from './health.routes';
import { createHealthService, type HealthService } from './health.service';

export type HealthModuleDeps = ModuleDeps<typeof createHealthService> & {
  db: Database;
};

/** The health module: its repository, service and route. */
export function registerHealth(app: HttpApp, deps: HealthModuleDeps): HealthService {
  const { route, db, ...serviceDeps } = deps;
  const health = createHealthService({ ...serviceDeps, repository: createHealthRepository(db) });
  healthRoutes(app, route, health);
  return health;
}
