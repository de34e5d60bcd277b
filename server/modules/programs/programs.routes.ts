import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  enrolmentListSchema,
  enrolResponseSchema,
  lessonCompleteResponseSchema,
  lessonCreateBodySchema,
  lessonIdParamsSchema,
  lessonNumberParamsSchema,
  lessonReorderBodySchema,
  lessonUpdateBodySchema,
  lessonViewSchema,
  programCreateBodySchema,
  programDeletedSchema,
  programDetailSchema,
  programIdParamsSchema,
  programSummaryListSchema,
  programUpdateBodySchema,
  publicProgramSchema,
} from '../../../contracts/programs';
import { coachIdParamsSchema } from '../../../contracts/services';
import type { AuthGuard } from '../../plugins/auth-guard';
import type { ProgramsService } from './programs.service';

/**
 * Programs (issue #4 point 6): public pages of published programs; the coach's builder (owner only,
 * someone else's program is NOT_FOUND); enrolment and lesson progress for the people who join.
 */
export const programsRoutes: FastifyPluginAsyncZod<{ programs: ProgramsService; guard: AuthGuard }> = async (
  app,
  { programs, guard },
) => {
  const detail = { response: { 200: programDetailSchema } };

  // ---- Public.
  app.get(
    '/api/coaches/:coachId/programs',
    { schema: { params: coachIdParamsSchema, response: { 200: programSummaryListSchema } } },
    async (request) => ({ programs: await programs.listPublic(request.params.coachId) }),
  );

  // Public; with a sign-in it also says whether the caller owns or joined the program.
  app.get(
    '/api/programs/:id/public',
    { schema: { params: programIdParamsSchema, response: { 200: publicProgramSchema } } },
    async (request) => {
      const viewer = await guard.authenticateOptional(request);
      return programs.getPublic(request.params.id, viewer?.userId ?? null);
    },
  );

  // ---- The caller's own programs (builder).
  app.get(
    '/api/programs/mine',
    { schema: { response: { 200: programSummaryListSchema } } },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      return { programs: await programs.listMine(userId) };
    },
  );

  app.post('/api/programs', { schema: { body: programCreateBodySchema, ...detail } }, async (request) => {
    const { userId } = await guard.authenticate(request);
    return programs.create(userId, request.body);
  });

  app.get('/api/programs/:id', { schema: { params: programIdParamsSchema, ...detail } }, async (request) => {
    const { userId } = await guard.authenticate(request);
    return programs.getOwned(userId, request.params.id);
  });

  app.patch(
    '/api/programs/:id',
    { schema: { params: programIdParamsSchema, body: programUpdateBodySchema, ...detail } },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      return programs.update(userId, request.params.id, request.body);
    },
  );

  app.delete(
    '/api/programs/:id',
    { schema: { params: programIdParamsSchema, response: { 200: programDeletedSchema } } },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      await programs.remove(userId, request.params.id);
      return { deleted: true as const };
    },
  );

  app.post(
    '/api/programs/:id/publish',
    { schema: { params: programIdParamsSchema, ...detail } },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      return programs.publish(userId, request.params.id);
    },
  );

  app.post(
    '/api/programs/:id/unpublish',
    { schema: { params: programIdParamsSchema, ...detail } },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      return programs.unpublish(userId, request.params.id);
    },
  );

  app.post(
    '/api/programs/:id/lessons',
    { schema: { params: programIdParamsSchema, body: lessonCreateBodySchema, ...detail } },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      return programs.addLesson(userId, request.params.id, request.body);
    },
  );

  app.post(
    '/api/programs/:id/lessons/reorder',
    { schema: { params: programIdParamsSchema, body: lessonReorderBodySchema, ...detail } },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      return programs.reorderLessons(userId, request.params.id, request.body.lesson_ids);
    },
  );

  app.patch(
    '/api/programs/:id/lessons/:lessonId',
    { schema: { params: lessonIdParamsSchema, body: lessonUpdateBodySchema, ...detail } },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      return programs.updateLesson(userId, request.params.id, request.params.lessonId, request.body);
    },
  );

  app.delete(
    '/api/programs/:id/lessons/:lessonId',
    { schema: { params: lessonIdParamsSchema, ...detail } },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      return programs.deleteLesson(userId, request.params.id, request.params.lessonId);
    },
  );

  // ---- People who join.
  app.get(
    '/api/programs/enrolled',
    { schema: { response: { 200: enrolmentListSchema } } },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      return { enrolments: await programs.listEnrolled(userId) };
    },
  );

  app.post(
    '/api/programs/:id/enroll',
    { schema: { params: programIdParamsSchema, response: { 200: enrolResponseSchema } } },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      return { progress: await programs.enroll(userId, request.params.id) };
    },
  );

  app.get(
    '/api/programs/:id/lessons/:lessonNumber',
    { schema: { params: lessonNumberParamsSchema, response: { 200: lessonViewSchema } } },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      return programs.getLesson(userId, request.params.id, request.params.lessonNumber);
    },
  );

  app.post(
    '/api/programs/:id/lessons/:lessonNumber/complete',
    { schema: { params: lessonNumberParamsSchema, response: { 200: lessonCompleteResponseSchema } } },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      return {
        progress: await programs.completeLesson(userId, request.params.id, request.params.lessonNumber),
      };
    },
  );
};
