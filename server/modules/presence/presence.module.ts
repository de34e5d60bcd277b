import type { HttpApp, Route } from '../../http/route';
import { createPresenceRepository } from './presence.repository';
import { presenceRoutes } from './presence.routes';
import { createPresenceService, type PresenceService } from './presence.service';

export type PresenceModuleDeps = Omit<Parameters<typeof createPresenceService>[0], 'repository'> & {
  route: Route;
};

/** The coach-presence module: its repository, service and routes. */
export function registerPresence(app: HttpApp, deps: PresenceModuleDeps): PresenceService {
  const { route, ...serviceDeps } = deps;
  const presence = createPresenceService({ ...serviceDeps, repository: createPresenceRepository() });
  presenceRoutes(app, route, presence);
  return presence;
}
