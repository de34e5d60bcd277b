import type { HttpApp, Route } from '#server/http/route';
import { createAdminRepository } from './admin.repository';
import { adminRoutes } from './admin.routes';
import { createAdminService, type AdminService } from './admin.service';

/**
 * The admin module in two steps: the service comes first (the router's `{ admin }` access rule calls
 * its `authorize`), the routes once the router exists.
 */
export const createAdmin = (deps: Omit<Parameters<typeof createAdminService>[0], 'repository'>) =>
  createAdminService({ ...deps, repository: createAdminRepository() });

export function registerAdmin(app: HttpApp, deps: { route: Route; admin: AdminService }): void {
  adminRoutes(app, deps.route, deps.admin);
}
