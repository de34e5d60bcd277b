import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RealtimeEvent } from '../../../contracts/realtime';
import {
  acceptResponseSchema,
  alternativesResponseSchema,
  coachMessageSchema,
  createSessionRequestSchema,
  pendingRequestResponseSchema,
  scheduledRequestsResponseSchema,
  sessionRequestParamsSchema,
  sessionRequestSchema,
} from '../../../contracts/sessions';
import type { AuthGuard } from '../../plugins/auth-guard';
import type { IdempotencyService } from '../idempotency/idempotency.service';
import type { SessionRequestsService } from './session-requests.service';

/**
 * Session requests (issue #6; contracts/sessions.ts). Creating one holds money, so it needs the
 * client role and an Idempotency-Key (a replay answers the first response and creates nothing). The
 * coach's list endpoints need the coach role. A request that is not the caller's (or is not theirs to
 * act on: the coach accepts, declines and messages, the client cancels and asks for alternatives)
 * answers 404, never 403. Realtime events are delivered after the change committed.
 */
export const sessionRequestsRoutes: FastifyPluginAsyncZod<{
  sessionRequests: SessionRequestsService;
  idempotency: IdempotencyService;
  guard: AuthGuard;
}> = async (app, { sessionRequests, idempotency, guard }) => {
  app.post(
    '/api/session-requests',
    { schema: { body: createSessionRequestSchema, response: { 201: sessionRequestSchema } } },
    async (request, reply) => {
      const { userId } = await guard.authenticate(request);
      await sessionRequests.requireClient(userId);
      const coachHasOpenTab = await sessionRequests.coachHasOpenTab(request.body.coach_id);
      let events: RealtimeEvent[] = [];
      const sent = await idempotency.send(
        request,
        reply,
        { userId, status: 201, response: sessionRequestSchema },
        async (tx) => {
          const created = await sessionRequests.create(tx, userId, request.body, { coachHasOpenTab });
          events = created.events;
          return created.request;
        },
      );
      // Committed (a replay recorded nothing new): ring the coach.
      await sessionRequests.deliver(events);
      return sent;
    },
  );

  app.get(
    '/api/session-requests/pending',
    { schema: { response: { 200: pendingRequestResponseSchema } } },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      return sessionRequests.pending(userId);
    },
  );

  app.get(
    '/api/session-requests/scheduled',
    { schema: { response: { 200: scheduledRequestsResponseSchema } } },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      return sessionRequests.scheduled(userId);
    },
  );

  app.get(
    '/api/session-requests/:id',
    { schema: { params: sessionRequestParamsSchema, response: { 200: sessionRequestSchema } } },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      return sessionRequests.get(userId, request.params.id);
    },
  );

  app.get(
    '/api/session-requests/:id/alternatives',
    { schema: { params: sessionRequestParamsSchema, response: { 200: alternativesResponseSchema } } },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      return sessionRequests.alternatives(userId, request.params.id);
    },
  );

  app.post(
    '/api/session-requests/:id/accept',
    { schema: { params: sessionRequestParamsSchema, response: { 200: acceptResponseSchema } } },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      const { body, events } = await sessionRequests.accept(userId, request.params.id);
      await sessionRequests.deliver(events);
      return body;
    },
  );

  app.post(
    '/api/session-requests/:id/decline',
    { schema: { params: sessionRequestParamsSchema, response: { 200: sessionRequestSchema } } },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      const { body, events } = await sessionRequests.decline(userId, request.params.id);
      await sessionRequests.deliver(events);
      return body;
    },
  );

  app.post(
    '/api/session-requests/:id/cancel',
    { schema: { params: sessionRequestParamsSchema, response: { 200: sessionRequestSchema } } },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      const { body, events } = await sessionRequests.cancel(userId, request.params.id);
      await sessionRequests.deliver(events);
      return body;
    },
  );

  app.post(
    '/api/session-requests/:id/message',
    {
      schema: {
        params: sessionRequestParamsSchema,
        body: coachMessageSchema,
        response: { 200: sessionRequestSchema },
      },
    },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      const { body, events } = await sessionRequests.message(userId, request.params.id, request.body.message);
      await sessionRequests.deliver(events);
      return body;
    },
  );
};
