import type { HttpApp, ModuleDeps } from '#server/http/route';
import { createSchedulingRepository } from './scheduling.repository';
import { schedulingRoutes } from './scheduling.routes';
import { createSchedulingService, type SchedulingService } from './scheduling.service';

export type SchedulingModuleDeps = ModuleDeps<typeof createSchedulingService>;

/** The scheduling module (#18): a coach's bookable hours and the free times, its repository, service and routes. */
export function registerScheduling(app: HttpApp, deps: SchedulingModuleDeps): SchedulingService {
  const { route, ...serviceDeps } = deps;
  const scheduling = createSchedulingService({ ...serviceDeps, repository: createSchedulingRepository() });
  schedulingRoutes(app, route, scheduling);
  return scheduling;
}
