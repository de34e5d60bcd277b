import type { HttpApp, Route } from '#server/http/route';
import { createRolesRepository } from './roles.repository';
import { rolesRoutes } from './roles.routes';
import { createRolesService, type RolesService } from './roles.service';

export type RolesModuleDeps = Omit<Parameters<typeof createRolesService>[0], 'repository'> & {
  route: Route;
};

/** The roles module: its repository, service and routes. */
export function registerRoles(app: HttpApp, deps: RolesModuleDeps): RolesService {
  const { route, ...serviceDeps } = deps;
  const roles = createRolesService({ ...serviceDeps, repository: createRolesRepository() });
  rolesRoutes(app, route, roles);
  return roles;
}
