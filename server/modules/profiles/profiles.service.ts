import { createClientProfiles } from './profiles.client';
import type { ProfilesDeps } from './profiles.deps';
import { createOwnProfiles } from './profiles.own';
import { createPublicProfiles } from './profiles.public';

export type { ProfilePictureStore, ProfilesDeps } from './profiles.deps';

/** SPEC §3/§5/§7/§8: profiles, coach categories, client profiles and the completion check. */
export function createProfilesService(deps: ProfilesDeps) {
  return {
    ...createOwnProfiles(deps),
    ...createPublicProfiles(deps),
    ...createClientProfiles(deps),
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
