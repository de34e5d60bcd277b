import { INQUIRY_BODY_LIMIT, INQUIRY_LIMITS } from '#contracts/messages';
import { messagesApi as endpoints } from '#contracts/messages.api';
import type { HttpApp, Route } from '#server/http/route';
import { attachmentUploadRoute, replyWithAttachment } from '../uploads/uploads.attachments';
import type { MessagesService } from './messages.service';

/** Conversations between sessions (contracts/messages.api.ts): each handler is one service call. */
export async function messagesRoutes(
  app: HttpApp,
  route: Route,
  messages: MessagesService,
  options: { inquiryRateLimitMax: number },
) {
  route(app, endpoints.list, async ({ caller, query }) => messages.list(caller.userId, query));

  route(app, endpoints.start, async ({ caller, body, reply }) => {
    const outcome = await messages.start(caller.userId, body);
    reply.code(outcome.created ? 201 : 200);
    return { conversation: outcome.conversation };
  });

  route(app, endpoints.get, async ({ caller, params }) => ({
    conversation: await messages.get(caller.userId, params.id),
  }));

  route(app, endpoints.update, async ({ caller, params, body }) => ({
    conversation: await messages.update(caller.userId, params.id, body),
  }));

  route(
    app,
    endpoints.inquire,
    {
      bodyLimit: INQUIRY_BODY_LIMIT,
      config: {
        rateLimit: { max: options.inquiryRateLimitMax, timeWindow: INQUIRY_LIMITS.perIpWindowMs },
      },
    },
    async ({ params, body, reply, emit }) => {
      const outcome = await messages.inquire(params.coachId, body);
      emit(outcome.events);
      reply.code(202);
      return { message: outcome.message };
    },
  );

  route(app, endpoints.claim, async ({ caller, params, emit }) => {
    const outcome = await messages.claim(caller.userId, params.id);
    emit(outcome.events);
    return { conversation: outcome.conversation };
  });

  route(app, endpoints.typing, async ({ caller, params }) => {
    await messages.typing(caller.userId, params.id);
    return undefined;
  });

  route(app, endpoints.messages, async ({ caller, params, query }) =>
    messages.messages(caller.userId, params.id, query),
  );

  route(app, endpoints.send, async ({ caller, params, body, reply }) => {
    const outcome = await messages.send(caller.userId, params.id, body);
    reply.code(outcome.created ? 201 : 200);
    return { message: outcome.message };
  });

  // The raw bytes, whatever Content-Type the browser declares, in a scope of its own (uploads.attachments.ts).
  await attachmentUploadRoute(
    app,
    route,
    endpoints.sendAttachment,
    async ({ caller, params, query, reply, emit }, bytes) => {
      const outcome = await messages.sendAttachment(caller.userId, params.id, query, bytes);
      emit(outcome.events);
      reply.code(outcome.created ? 201 : 200);
      return { message: outcome.message };
    },
  );

  route(app, endpoints.attachment, async ({ caller, params, reply }) =>
    replyWithAttachment(reply, await messages.readAttachment(caller.userId, params.id, params.messageId)),
  );

  route(app, endpoints.report, async ({ caller, params, body, reply }) => {
    reply.code(201);
    return messages.report(caller.userId, params.id, body);
  });

  route(app, endpoints.blocked, async ({ caller }) => messages.blocked(caller.userId));

  route(app, endpoints.block, async ({ caller, params, reply }) => {
    const outcome = await messages.block(caller.userId, params.userId);
    reply.code(outcome.created ? 201 : 200);
    return { blocked: outcome.blocked };
  });

  route(app, endpoints.unblock, async ({ caller, params }) => {
    await messages.unblock(caller.userId, params.userId);
    return undefined;
  });

  route(app, endpoints.reports, async ({ caller, request }) =>
    messages.listReports(caller.admin, request.id),
  );

  route(app, endpoints.read, async ({ caller, params, body, emit }) => {
    emit(await messages.markRead(caller.userId, params.id, body.seq));
    return undefined;
  });
}
