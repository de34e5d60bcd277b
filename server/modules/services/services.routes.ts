import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  coachIdParamsSchema,
  serviceCreateBodySchema,
  serviceDeletedSchema,
  serviceIdParamsSchema,
  serviceListSchema,
  serviceSchema,
  serviceUpdateBodySchema,
} from '../../../contracts/services';
import type { AuthGuard } from '../../plugins/auth-guard';
import type { ServicesService } from './services.service';

/**
 * Services (issue #4 point 5, SPEC §3 service shape). The public list shows a coach's active
 * services; everything else acts on the caller's own services only.
 */
export const servicesRoutes: FastifyPluginAsyncZod<{ services: ServicesService; guard: AuthGuard }> = async (
  app,
  { services, guard },
) => {
  // Public: a coach's page lists what they offer. An id that is not a coach's gives an empty list.
  app.get(
    '/api/coaches/:coachId/services',
    { schema: { params: coachIdParamsSchema, response: { 200: serviceListSchema } } },
    async (request) => ({ services: await services.listPublic(request.params.coachId) }),
  );

  app.get('/api/services/mine', { schema: { response: { 200: serviceListSchema } } }, async (request) => {
    const { userId } = await guard.authenticate(request);
    return { services: await services.listMine(userId) };
  });

  app.post(
    '/api/services',
    { schema: { body: serviceCreateBodySchema, response: { 200: serviceSchema } } },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      return services.create(userId, request.body);
    },
  );

  app.patch(
    '/api/services/:id',
    {
      schema: {
        params: serviceIdParamsSchema,
        body: serviceUpdateBodySchema,
        response: { 200: serviceSchema },
      },
    },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      return services.update(userId, request.params.id, request.body);
    },
  );

  app.delete(
    '/api/services/:id',
    { schema: { params: serviceIdParamsSchema, response: { 200: serviceDeletedSchema } } },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      await services.remove(userId, request.params.id);
      return { deleted: true as const };
    },
  );
};
