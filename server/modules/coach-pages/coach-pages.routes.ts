import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  brandingBodySchema,
  coachPageParamsSchema,
  coachPageSchema,
  ownBrandingSchema,
} from '../../../contracts/coach-pages';
import type { AuthGuard } from '../../plugins/auth-guard';
import type { CoachPagesService } from './coach-pages.service';

/** Coach pages (issue #4): the public coach page/website data and the coach's own branding. */
export const coachPagesRoutes: FastifyPluginAsyncZod<{
  coachPages: CoachPagesService;
  guard: AuthGuard;
}> = async (app, { coachPages, guard }) => {
  // Public (SPEC §2 /coach/:username, /profile/:username, /profile/{id}, /coach/:username/website).
  app.get(
    '/api/coach-pages/:ref',
    { schema: { params: coachPageParamsSchema, response: { 200: coachPageSchema } } },
    async (request) => coachPages.getCoachPage(request.params.ref),
  );

  app.get('/api/branding/me', { schema: { response: { 200: ownBrandingSchema } } }, async (request) => {
    const { userId } = await guard.authenticate(request);
    return coachPages.getOwnBranding(userId);
  });

  app.put(
    '/api/branding/me',
    { schema: { body: brandingBodySchema, response: { 200: ownBrandingSchema } } },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      return coachPages.saveOwnBranding(userId, request.body);
    },
  );
};
