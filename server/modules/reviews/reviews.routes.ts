import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  coachReviewsParamsSchema,
  coachReviewsQuerySchema,
  coachReviewsSchema,
  createReviewSchema,
  myReviewsQuerySchema,
  myReviewsSchema,
  replyReviewSchema,
  reviewParamsSchema,
  reviewSessionParamsSchema,
  sessionReviewsSchema,
} from '../../../contracts/reviews';
import type { AuthGuard } from '../../plugins/auth-guard';
import type { ReviewsService } from './reviews.service';

/**
 * Reviews after a session (issue #7 point 5). A session's reviews are its parties' (anyone else: 404,
 * anonymous: 401); a coach's visible client reviews are public.
 */
export const reviewsRoutes: FastifyPluginAsyncZod<{ reviews: ReviewsService; guard: AuthGuard }> = async (
  app,
  { reviews, guard },
) => {
  app.get(
    '/api/sessions/:id/reviews',
    { schema: { params: reviewSessionParamsSchema, response: { 200: sessionReviewsSchema } } },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      return reviews.view(userId, request.params.id);
    },
  );

  app.post(
    '/api/sessions/:id/reviews',
    {
      schema: {
        params: reviewSessionParamsSchema,
        body: createReviewSchema,
        response: { 201: sessionReviewsSchema },
      },
    },
    async (request, reply) => {
      const { userId } = await guard.authenticate(request);
      const view = await reviews.create(userId, request.params.id, request.body);
      return reply.code(201).send(view);
    },
  );

  app.post(
    '/api/reviews/:id/reply',
    {
      schema: {
        params: reviewParamsSchema,
        body: replyReviewSchema,
        response: { 200: sessionReviewsSchema },
      },
    },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      return reviews.reply(userId, request.params.id, request.body.reply);
    },
  );

  app.get(
    '/api/reviews',
    { schema: { querystring: myReviewsQuerySchema, response: { 200: myReviewsSchema } } },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      return reviews.mine(userId, request.query.as);
    },
  );

  app.get(
    '/api/coaches/:coachId/reviews',
    {
      schema: {
        params: coachReviewsParamsSchema,
        querystring: coachReviewsQuerySchema,
        response: { 200: coachReviewsSchema },
      },
    },
    async (request) => reviews.listForCoach(request.params.coachId, request.query.page),
  );
};
