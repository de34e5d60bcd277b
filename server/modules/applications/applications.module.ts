import type { HttpApp, ModuleDeps } from '#server/http/route';
import { createApplicationsRepository } from './applications.repository';
import { applicationsRoutes } from './applications.routes';
import { createApplicationsService, type ApplicationsService } from './applications.service';

export type ApplicationsModuleDeps = ModuleDeps<typeof createApplicationsService>;

/** The applications module: its repository, service and routes. */
export function registerApplications(app: HttpApp, deps: ApplicationsModuleDeps): ApplicationsService {
  const { route, ...serviceDeps } = deps;
  const applications = createApplicationsService({
    ...serviceDeps,
    repository: createApplicationsRepository(),
  });
  applicationsRoutes(app, route, applications);
  return applications;
}
