import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminApplicationListSchema,
  adminApplicationSchema,
  adminApplicationsQuerySchema,
  applicationBodySchema,
  applicationIdParamsSchema,
  myApplicationResponseSchema,
  rejectApplicationBodySchema,
} from '../../../contracts/applications';
import type { AuthGuard } from '../../plugins/auth-guard';
import type { AdminService } from '../admin/admin.service';
import type { ApplicationsService } from './applications.service';

/**
 * Coach applications (issue #4). The applicant's routes act on the caller's own rows; the admin
 * routes need manage_applications and aal2 (admin.authorize), checked before anything is looked up.
 */
export const applicationsRoutes: FastifyPluginAsyncZod<{
  applications: ApplicationsService;
  admin: AdminService;
  guard: AuthGuard;
}> = async (app, { applications, admin, guard }) => {
  const reviewer = async (request: FastifyRequest) =>
    admin.authorize(await guard.authenticate(request), 'manage_applications');

  app.get(
    '/api/coach-applications/me',
    { schema: { response: { 200: myApplicationResponseSchema } } },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      return applications.getMine(userId);
    },
  );

  app.post(
    '/api/coach-applications',
    { schema: { body: applicationBodySchema, response: { 201: myApplicationResponseSchema } } },
    async (request, reply) => {
      const { userId } = await guard.authenticate(request);
      const result = await applications.apply(userId, request.body);
      return reply.code(201).send(result);
    },
  );

  app.get(
    '/api/admin/coach-applications',
    { schema: { querystring: adminApplicationsQuerySchema, response: { 200: adminApplicationListSchema } } },
    async (request) => {
      const caller = await reviewer(request);
      return applications.list(caller, request.query.status, request.id);
    },
  );

  app.get(
    '/api/admin/coach-applications/:id',
    { schema: { params: applicationIdParamsSchema, response: { 200: adminApplicationSchema } } },
    async (request) => {
      const caller = await reviewer(request);
      return applications.get(caller, request.params.id, request.id);
    },
  );

  app.post(
    '/api/admin/coach-applications/:id/approve',
    { schema: { params: applicationIdParamsSchema, response: { 200: adminApplicationSchema } } },
    async (request) => {
      const caller = await reviewer(request);
      return applications.approve(caller, request.params.id, request.id);
    },
  );

  app.post(
    '/api/admin/coach-applications/:id/reject',
    {
      schema: {
        params: applicationIdParamsSchema,
        body: rejectApplicationBodySchema,
        response: { 200: adminApplicationSchema },
      },
    },
    async (request) => {
      const caller = await reviewer(request);
      return applications.reject(caller, request.params.id, request.body.reason, request.id);
    },
  );
};
