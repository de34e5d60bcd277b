import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CHAT_ATTACHMENT_KINDS,
  CHAT_ATTACHMENT_MAX_BYTES,
  CHAT_TOO_LARGE_MESSAGE,
  chatAttachmentFileSchema,
  chatAttachmentParamsSchema,
  chatAttachmentQuerySchema,
  chatHistoryQuerySchema,
  chatHistorySchema,
  chatMessageResponseSchema,
  chatReadSchema,
  chatSessionParamsSchema,
  sendChatMessageSchema,
} from '../../../contracts/chat';
import { AppError } from '../../../domain/errors/app-error';
import type { AuthGuard } from '../../plugins/auth-guard';
import { contentDisposition } from './chat.attachments';
import type { ChatService } from './chat.service';

/** The largest body the attachment route reads (the largest kind); each kind has its own limit below it. */
const ATTACHMENT_BODY_LIMIT = Math.max(...Object.values(CHAT_ATTACHMENT_MAX_BYTES));

const isAttachmentKind = (value: unknown): value is (typeof CHAT_ATTACHMENT_KINDS)[number] =>
  typeof value === 'string' && (CHAT_ATTACHMENT_KINDS as readonly string[]).includes(value);

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

  app.post(
    '/api/sessions/:id/typing',
    { schema: { params: chatSessionParamsSchema } },
    async (request, reply) => {
      const { userId } = await guard.authenticate(request);
      await chat.typing(userId, request.params.id);
      return reply.code(204).send();
    },
  );

  // The upload reads the raw bytes whatever Content-Type the browser declares (never trusted): a parser
  // for every type, in a scope of its own so no other route reads raw bodies.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: ATTACHMENT_BODY_LIMIT },
      (_request, body, done) => {
        done(null, body);
      },
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/sessions/:id/attachments',
      {
        bodyLimit: ATTACHMENT_BODY_LIMIT,
        // A declared length over the kind's limit is refused before the body is read, naming the limit.
        onRequest: async (request) => {
          const kind = (request.query as Record<string, unknown>).kind;
          const length = Number(request.headers['content-length']);
          if (isAttachmentKind(kind) && length > CHAT_ATTACHMENT_MAX_BYTES[kind])
            throw new AppError('PAYLOAD_TOO_LARGE', CHAT_TOO_LARGE_MESSAGE[kind]);
        },
        schema: {
          params: chatSessionParamsSchema,
          querystring: chatAttachmentQuerySchema,
          response: { 200: chatMessageResponseSchema, 201: chatMessageResponseSchema },
        },
      },
      async (request, reply) => {
        const { userId } = await guard.authenticate(request);
        const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const outcome = await chat.sendAttachment(userId, request.params.id, request.query, bytes);
        return reply.code(outcome.created ? 201 : 200).send({ message: outcome.message });
      },
    );
  });

  app.get(
    '/api/sessions/:id/messages/:messageId/attachment',
    { schema: { params: chatAttachmentParamsSchema, response: { 200: chatAttachmentFileSchema } } },
    async (request, reply) => {
      const { userId } = await guard.authenticate(request);
      const file = await chat.readAttachment(userId, request.params.id, request.params.messageId);
      return (
        reply
          .type(file.mime)
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', contentDisposition(file.kind, file.name))
          // Even a file that somehow held markup could not run as a page.
          .header('content-security-policy', "default-src 'none'; sandbox")
          // An attachment never changes; only this person's browser keeps it, per bearer token.
          .header('cache-control', 'private, max-age=86400, immutable')
          .header('vary', 'Authorization')
          .send(file.bytes)
      );
    },
  );
};
