import type { HttpApp, Route } from '#server/http/route';
import { createProfilesRepository } from './profiles.repository';
import { profilesRoutes } from './profiles.routes';
import { createProfilesService, type ProfilesService } from './profiles.service';

export type ProfilesModuleDeps = Omit<Parameters<typeof createProfilesService>[0], 'repository'> & {
  route: Route;
};

/** The profiles module: its repository, service and routes. */
export function registerProfiles(app: HttpApp, deps: ProfilesModuleDeps): ProfilesService {
  const { route, ...serviceDeps } = deps;
  const profiles = createProfilesService({ ...serviceDeps, repository: createProfilesRepository() });
  profilesRoutes(app, route, profiles);
  return profiles;
}
