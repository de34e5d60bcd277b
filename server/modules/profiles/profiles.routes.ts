import { profilesApi as endpoints } from '#contracts/profiles.api';
import type { HttpApp, Route } from '#server/http/route';
import type { ProfilesService } from './profiles.service';

/** Profiles (contracts/profiles.api.ts): each handler is one service call. */
export function profilesRoutes(app: HttpApp, route: Route, profiles: ProfilesService) {
  route(app, endpoints.getOwn, async ({ caller }) => profiles.getOwnProfile(caller.userId));
  route(app, endpoints.updateOwn, async ({ caller, body, request, emit }) => {
    const { profile, events } = await profiles.updateOwnProfile(caller.userId, body, request.log);
    emit(events);
    return profile;
  });
  route(app, endpoints.getPublicCoach, async ({ params }) => profiles.getPublicCoachProfile(params.username));
  route(app, endpoints.getOwnClient, async ({ caller }) => profiles.getClientProfile(caller.userId));
  route(app, endpoints.saveOwnClient, async ({ caller, body }) =>
    profiles.saveClientProfile(caller.userId, body),
  );
  route(app, endpoints.getPublicClient, async ({ params }) =>
    profiles.getPublicClientProfile(params.username),
  );
  route(app, endpoints.getClientForCoach, async ({ caller, params }) =>
    profiles.getClientProfileForCoach(caller.userId, params.clientId),
  );
  route(app, endpoints.checkCompletion, async ({ caller }) => profiles.checkProfileCompletion(caller.userId));
}
