import { SESSION_ALREADY_ENDED_MESSAGE, sessionsApi as endpoints } from '#contracts/sessions.api';
import type { HttpApp, Route } from '#server/http/route';
import type { SessionsService } from './sessions.service';

/** Chat sessions (contracts/sessions.api.ts): each handler is one service call. */
export function sessionsRoutes(app: HttpApp, route: Route, chatSessions: SessionsService) {
  route(app, endpoints.list, async ({ caller, query }) => chatSessions.list(caller.userId, query));

  route(app, endpoints.active, async ({ caller }) => ({
    session: await chatSessions.active(caller.userId, { guest: caller.guest }),
  }));

  route(app, endpoints.get, async ({ caller, params }) =>
    chatSessions.get(caller.userId, params.id, { guests: true }),
  );

  route(app, endpoints.end, async ({ caller, params, request, reply }) => {
    const outcome = await chatSessions.end(caller.userId, params.id);
    if (outcome.ended) return { session: outcome.session };
    return reply.code(409).send({
      error: { code: 'CONFLICT' as const, message: SESSION_ALREADY_ENDED_MESSAGE, requestId: request.id },
      session: outcome.session,
    });
  });
}
