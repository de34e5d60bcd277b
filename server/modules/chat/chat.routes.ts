import { chatApi as endpoints } from '#contracts/chat.api';
import type { HttpApp, Route } from '#server/http/route';
import { attachmentUploadRoute, replyWithAttachment } from '../uploads/uploads.attachments';
import type { ChatService } from './chat.service';

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

  // The raw bytes, whatever Content-Type the browser declares, in a scope of its own (uploads.attachments.ts).
  await attachmentUploadRoute(
    app,
    route,
    endpoints.sendAttachment,
    async ({ caller, params, query, reply }, bytes) => {
      const outcome = await chat.sendAttachment(caller.userId, params.id, query, bytes);
      reply.code(outcome.created ? 201 : 200);
      return { message: outcome.message };
    },
  );

  route(app, endpoints.attachment, async ({ caller, params, reply }) =>
    replyWithAttachment(reply, await chat.readAttachment(caller.userId, params.id, params.messageId)),
  );
}
