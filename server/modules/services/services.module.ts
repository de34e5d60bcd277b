import type { HttpApp, ModuleDeps } from '#server/http/route';
import { createServicesRepository } from './services.repository';
import { servicesRoutes } from './services.routes';
import { createServicesService, type ServicesService } from './services.service';

export type ServicesModuleDeps = ModuleDeps<typeof createServicesService>;

/** The services module: its repository, service and routes. */
export function registerServices(app: HttpApp, deps: ServicesModuleDeps): ServicesService {
  const { route, ...serviceDeps } = deps;
  const services = createServicesService({ ...serviceDeps, repository: createServicesRepository() });
  servicesRoutes(app, route, services);
  return services;
}
