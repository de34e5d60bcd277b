import { sessionInvitationsApi as endpoints } from '#contracts/session-invitations.api';
import type { HttpApp, Route } from '#server/http/route';
import type { SignInAnswer } from './session-invitations.module';
import type { SessionInvitationsService } from './session-invitations.service';

/** Guest links (contracts/session-invitations.api.ts): each handler is one service call. */
export function sessionInvitationsRoutes(
  app: HttpApp,
  route: Route,
  invitations: SessionInvitationsService,
  options: { signIn: SignInAnswer; rateLimit: { max: number; windowMs: number } },
) {
  const { signIn, rateLimit } = options;

  route(app, endpoints.list, async ({ caller, params }) => invitations.list(caller.userId, params.id));

  route(app, endpoints.create, async ({ caller, params, body }) => ({
    invitation: await invitations.invite(caller.userId, caller.email, params.id, body.email),
  }));

  route(
    app,
    endpoints.redeem,
    { config: { rateLimit: { max: rateLimit.max, timeWindow: rateLimit.windowMs } } },
    async ({ body, request, reply }) =>
      signIn.answer(request, reply, await invitations.redeem(body.token, signIn.contextOf(request))),
  );
}
