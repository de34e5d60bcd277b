import { chatApi as endpoints } from '#contracts/chat.api';
import { CHAT_ATTACHMENT_KINDS, CHAT_ATTACHMENT_MAX_BYTES, CHAT_TOO_LARGE_MESSAGE } from '#contracts/chat';
import { AppError } from '#domain/errors/app-error';
import type { HttpApp, Route } from '#server/http/route';
import { contentDisposition } from './chat.attachments';
import type { ChatService } from './chat.service';

/** The largest body the attachment route reads (the largest kind); each kind has its own limit below it. */
const ATTACHMENT_BODY_LIMIT = Math.max(...Object.values(CHAT_ATTACHMENT_MAX_BYTES));

const isAttachmentKind = (value: unknown): value is (typeof CHAT_ATTACHMENT_KINDS)[number] =>
  typeof value === 'string' && (CHAT_ATTACHMENT_KINDS as readonly string[]).includes(value);

/** Chat in a session room (contracts/chat.api.ts): each handler is one service call. */
export async function chatRoutes(app: HttpApp, route: Route, chat: ChatService) {
  route(app, endpoints.history, async ({ caller, params, query }) =>
    chat.history(caller.userId, params.id, query),
  );

  route(app, endpoints.send, async ({ caller, params, body, reply }) => {
    const outcome = await chat.send(caller.userId, params.id, body);
    reply.code(outcome.created ? 201 : 200);
    return { message: outcome.message };
  });

  route(app, endpoints.read, async ({ caller, params, body }) => {
    await chat.markRead(caller.userId, params.id, body.seq);
    return undefined;
  });

  route(app, endpoints.typing, async ({ caller, params }) => {
    await chat.typing(caller.userId, params.id);
    return undefined;
  });

  // The upload reads the raw bytes whatever Content-Type the browser declares (never trusted): a parser
  // for every type, in a scope of its own so no other route reads raw bodies.
  await app.register(async (scope: HttpApp) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: ATTACHMENT_BODY_LIMIT },
      (_request, body, done) => {
        done(null, body);
      },
    );
    // A declared length over the kind's limit is refused before the body is read, naming the limit
    // (a hook of this scope: it runs before the endpoint's access check, as it always did).
    scope.addHook('onRequest', async (request) => {
      const kind = (request.query as Record<string, unknown>).kind;
      const length = Number(request.headers['content-length']);
      if (isAttachmentKind(kind) && length > CHAT_ATTACHMENT_MAX_BYTES[kind])
        throw new AppError('PAYLOAD_TOO_LARGE', CHAT_TOO_LARGE_MESSAGE[kind]);
    });
    route(
      scope,
      endpoints.sendAttachment,
      { bodyLimit: ATTACHMENT_BODY_LIMIT },
      async ({ caller, params, query, request, reply }) => {
        const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const outcome = await chat.sendAttachment(caller.userId, params.id, query, bytes);
        reply.code(outcome.created ? 201 : 200);
        return { message: outcome.message };
      },
    );
  });

  route(app, endpoints.attachment, async ({ caller, params, reply }) => {
    const file = await chat.readAttachment(caller.userId, params.id, params.messageId);
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
  });
}
