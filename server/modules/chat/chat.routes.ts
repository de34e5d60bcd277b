import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  chatHistoryQuerySchema,
  chatHistorySchema,
  chatMessageResponseSchema,
  chatReadSchema,
  chatSessionParamsSchema,
  sendChatMessageSchema,
} from '../../../contracts/chat';
import type { AuthGuard } from '../../plugins/auth-guard';
import type { ChatService } from './chat.service';

/**
 * Chat in a session room (issue #7 point 1). Only the session's parties (the coach, the client by id or
 * by confirmed email); anyone else gets 404, an anonymous caller 401.
 */
export const chatRoutes: FastifyPluginAsyncZod<{ chat: ChatService; guard: AuthGuard }> = async (
  app,
  { chat, guard },
) => {
  app.get(
    '/api/sessions/:id/messages',
    {
      schema: {
        params: chatSessionParamsSchema,
        querystring: chatHistoryQuerySchema,
        response: { 200: chatHistorySchema },
      },
    },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      return chat.history(userId, request.params.id, request.query);
    },
  );

  app.post(
    '/api/sessions/:id/messages',
    {
      schema: {
        params: chatSessionParamsSchema,
        body: sendChatMessageSchema,
        response: { 200: chatMessageResponseSchema, 201: chatMessageResponseSchema },
      },
    },
    async (request, reply) => {
      const { userId } = await guard.authenticate(request);
      const outcome = await chat.send(userId, request.params.id, request.body);
      return reply.code(outcome.created ? 201 : 200).send({ message: outcome.message });
    },
  );

  app.post(
    '/api/sessions/:id/read',
    { schema: { params: chatSessionParamsSchema, body: chatReadSchema } },
    async (request, reply) => {
      const { userId } = await guard.authenticate(request);
      await chat.markRead(userId, request.params.id, request.body.seq);
      return reply.code(204).send();
    },
  );
};
