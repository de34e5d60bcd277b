import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RealtimeEvent } from '../../../contracts/realtime';
import {
  acceptSessionExtensionResponseSchema,
  createSessionExtensionSchema,
  sessionExtensionParamsSchema,
  sessionExtensionSchema,
  sessionExtensionSessionParamsSchema,
  sessionExtensionsResponseSchema,
} from '../../../contracts/session-extensions';
import type { AuthGuard } from '../../plugins/auth-guard';
import type { IdempotencyService } from '../idempotency/idempotency.service';
import type { SessionExtensionsService } from './session-extensions.service';

/**
 * More minutes in a live session (issue #7 point 3; contracts/session-extensions.ts). Only the
 * session's parties; anyone else gets 404, an anonymous caller 401, the other party 403. Asking holds
 * money, so it needs an Idempotency-Key (read after the caller is authorized: a replay answers the
 * first response and holds nothing again). Realtime events are delivered after the change committed.
 */
export const sessionExtensionsRoutes: FastifyPluginAsyncZod<{
  sessionExtensions: SessionExtensionsService;
  idempotency: IdempotencyService;
  guard: AuthGuard;
}> = async (app, { sessionExtensions, idempotency, guard }) => {
  app.get(
    '/api/sessions/:id/extensions',
    {
      schema: {
        params: sessionExtensionSessionParamsSchema,
        response: { 200: sessionExtensionsResponseSchema },
      },
    },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      return sessionExtensions.list(userId, request.params.id);
    },
  );

  app.post(
    '/api/sessions/:id/extensions',
    {
      schema: {
        params: sessionExtensionSessionParamsSchema,
        body: createSessionExtensionSchema,
        response: { 201: sessionExtensionSchema },
      },
    },
    async (request, reply) => {
      const { userId } = await guard.authenticate(request);
      const session = await sessionExtensions.authorizeCreate(userId, request.params.id);
      let events: RealtimeEvent[] = [];
      const sent = await idempotency.send(
        request,
        reply,
        { userId, status: 201, response: sessionExtensionSchema },
        async (tx) => {
          const created = await sessionExtensions.create(tx, session, request.body.minutes);
          events = created.events;
          return created.body;
        },
      );
      // Committed (a replay recorded nothing new): prompt the coach.
      await sessionExtensions.deliver(events);
      return sent;
    },
  );

  app.post(
    '/api/session-extensions/:id/accept',
    {
      schema: {
        params: sessionExtensionParamsSchema,
        response: { 200: acceptSessionExtensionResponseSchema },
      },
    },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      const { body, events } = await sessionExtensions.accept(userId, request.params.id);
      await sessionExtensions.deliver(events);
      return body;
    },
  );

  for (const action of ['decline', 'cancel'] as const)
    app.post(
      `/api/session-extensions/:id/${action}`,
      { schema: { params: sessionExtensionParamsSchema, response: { 200: sessionExtensionSchema } } },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        const { body, events } = await sessionExtensions[action](userId, request.params.id);
        await sessionExtensions.deliver(events);
        return body;
      },
    );
};
