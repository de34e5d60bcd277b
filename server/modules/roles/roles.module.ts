import type { HttpApp, ModuleDeps } from '#server/http/route';
import { createRolesRepository } from './roles.repository';
import { rolesRoutes } from './roles.routes';
import { createRolesService, type RolesService } from './roles.service';

export type RolesModuleDeps = ModuleDeps<typeof createRolesService>;

/** The roles module: its repository, service and routes. */
export function registerRoles(app: HttpApp, deps: RolesModuleDeps): RolesService {
  const { route, ...serviceDeps } = deps;
  const roles = createRolesService({ ...serviceDeps, repository: createRolesRepository() });
  rolesRoutes(app, route, roles);
  return roles;
}
