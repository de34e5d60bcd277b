import type { HttpApp, ModuleDeps } from '#server/http/route';
import { createProfilesRepository } from './profiles.repository';
import { profilesRoutes } from './profiles.routes';
import { createProfilesService, type ProfilesService } from './profiles.service';

export type ProfilesModuleDeps = ModuleDeps<typeof createProfilesService>;

/** The profiles module: its repository, service and routes. */
export function registerProfiles(app: HttpApp, deps: ProfilesModuleDeps): ProfilesService {
  const { route, ...serviceDeps } = deps;
  const profiles = createProfilesService({ ...serviceDeps, repository: createProfilesRepository() });
  profilesRoutes(app, route, profiles);
  return profiles;
}
