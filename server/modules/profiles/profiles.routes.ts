import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clientProfileBodySchema,
  clientProfileSchema,
  ownProfileSchema,
  profileCompletionSchema,
  profileUpdateBodySchema,
  publicCoachProfileSchema,
  usernameParamsSchema,
} from '../../../contracts/profiles';
import type { AuthGuard } from '../../plugins/auth-guard';
import type { ProfilesService } from './profiles.service';

/** Profiles (SPEC §3/§5/§7/§8). Every route acts on the caller's own rows, except the public coach view. */
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
      return profiles.updateOwnProfile(userId, request.body);
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

  app.post(
    '/api/rpc/check_profile_completion',
    { schema: { response: { 200: profileCompletionSchema } } },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      return profiles.checkProfileCompletion(userId);
    },
  );
};
