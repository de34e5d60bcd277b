import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../contracts/errors';
import {
  activeSessionResponseSchema,
  chatSessionSchema,
  sessionEventPayloadSchema,
  sessionListQuerySchema,
  sessionListSchema,
  sessionParamsSchema,
} from '../../../contracts/sessions';
import type { AuthGuard } from '../../plugins/auth-guard';
import type { ChatSessionsService } from './chat-sessions.service';

/** 409 for an end that came too late: the error, plus the session as it is now (completed). */
export const endConflictSchema = errorBodySchema.extend({ session: chatSessionSchema });

export const SESSION_ALREADY_ENDED_MESSAGE = 'This session has already ended.';

/**
 * Chat sessions (issue #6 point 7). Every route reads or changes sessions the caller is a party to:
 * the coach by coach_id, the client by client_id or by their confirmed email (SPEC §6). Anyone else
 * gets 404. Only the coach ends a session.
 */
export const chatSessionsRoutes: FastifyPluginAsyncZod<{
  chatSessions: ChatSessionsService;
  guard: AuthGuard;
}> = async (app, { chatSessions, guard }) => {
  app.get(
    '/api/sessions',
    { schema: { querystring: sessionListQuerySchema, response: { 200: sessionListSchema } } },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      return chatSessions.list(userId, request.query);
    },
  );

  app.get(
    '/api/sessions/active',
    { schema: { response: { 200: activeSessionResponseSchema } } },
    async (request) => {
      const { userId, guest } = await guard.authenticate(request);
      return { session: await chatSessions.active(userId, { guest }) };
    },
  );

  app.get(
    '/api/sessions/:id',
    { schema: { params: sessionParamsSchema, response: { 200: chatSessionSchema } } },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      return chatSessions.get(userId, request.params.id, { guests: true });
    },
  );

  app.post(
    '/api/sessions/:id/end',
    {
      schema: {
        params: sessionParamsSchema,
        response: { 200: sessionEventPayloadSchema, 409: endConflictSchema },
      },
    },
    async (request, reply) => {
      const { userId } = await guard.authenticate(request);
      const outcome = await chatSessions.end(userId, request.params.id);
      if (outcome.ended) return { session: outcome.session };
      return reply.code(409).send({
        error: {
          code: 'CONFLICT' as const,
          message: SESSION_ALREADY_ENDED_MESSAGE,
          requestId: request.id,
        },
        session: outcome.session,
      });
    },
  );
};
