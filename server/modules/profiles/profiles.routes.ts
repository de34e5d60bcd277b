import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clientIdParamsSchema,
  clientProfileBodySchema,
  clientProfileSchema,
  coachViewOfClientSchema,
  ownProfileSchema,
  profileCompletionSchema,
  profileUpdateBodySchema,
  publicClientProfileSchema,
  publicCoachProfileSchema,
  usernameParamsSchema,
} from '../../../contracts/profiles';
import type { AuthGuard } from '../../plugins/auth-guard';
import type { ProfilesService } from './profiles.service';

/**
 * Profiles (SPEC §3/§5/§7/§8). Every route acts on the caller's own rows, except the public coach and
 * client views and a coach's view of a client they have held a session with.
 */
export const profilesRoutes: FastifyPluginAsyncZod<{ profiles: ProfilesService; guard: AuthGuard }> = async (
  app,
  { profiles, guard },
) => {
  app.get('/api/profiles/me', { schema: { response: { 200: ownProfileSchema } } }, async (request) => {
    const { userId } = await guard.authenticate(request);
    return profiles.getOwnProfile(userId);
  });

  app.patch(
    '/api/profiles/me',
    { schema: { body: profileUpdateBodySchema, response: { 200: ownProfileSchema } } },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      return profiles.updateOwnProfile(userId, request.body, request.log);
    },
  );

  // Public: a coach's page is visible without signing in (SPEC §2 /coach/:username).
  app.get(
    '/api/profiles/:username',
    { schema: { params: usernameParamsSchema, response: { 200: publicCoachProfileSchema } } },
    async (request) => profiles.getPublicCoachProfile(request.params.username),
  );

  app.get(
    '/api/client-profiles/me',
    { schema: { response: { 200: clientProfileSchema } } },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      return profiles.getClientProfile(userId);
    },
  );

  app.put(
    '/api/client-profiles/me',
    { schema: { body: clientProfileBodySchema, response: { 200: clientProfileSchema } } },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      return profiles.saveClientProfile(userId, request.body);
    },
  );

  // Public: a client's page shows only what they chose to show (SPEC §2 /client/:username).
  app.get(
    '/api/clients/:username',
    { schema: { params: usernameParamsSchema, response: { 200: publicClientProfileSchema } } },
    async (request) => profiles.getPublicClientProfile(request.params.username),
  );

  // A coach sees a client's profile after a session with them (SPEC §2 /client-profile-view/:clientId).
  app.get(
    '/api/clients/:clientId/profile',
    { schema: { params: clientIdParamsSchema, response: { 200: coachViewOfClientSchema } } },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      return profiles.getClientProfileForCoach(userId, request.params.clientId);
    },
  );

  app.post(
    '/api/rpc/check_profile_completion',
    { schema: { response: { 200: profileCompletionSchema } } },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      return profiles.checkProfileCompletion(userId);
    },
  );
};
