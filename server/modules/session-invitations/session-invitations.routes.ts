import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createInvitationResponseSchema,
  createInvitationSchema,
  invitationParamsSchema,
  invitationsResponseSchema,
  redeemInvitationResponseSchema,
  redeemInvitationSchema,
} from '../../../contracts/session-invitations';
import type { AuthGuard } from '../../plugins/auth-guard';
import { answerSession, contextOf, type RefreshCookieOptions } from '../auth/auth.routes';
import type { SessionInvitationsService } from './session-invitations.service';

/**
 * Guest links (issue #7 point 7; contracts/session-invitations.ts). Inviting and listing are for the
 * session's parties (a guest 403, anyone else 404, anonymous 401); redeeming is public and limited per
 * address like the sign-in endpoints, and answers like a sign-in (the same cookies).
 */
export const sessionInvitationsRoutes: FastifyPluginAsyncZod<{
  invitations: SessionInvitationsService;
  guard: AuthGuard;
  cookie: RefreshCookieOptions;
  rateLimit: { max: number; windowMs: number };
}> = async (app, { invitations, guard, cookie, rateLimit }) => {
  app.get(
    '/api/sessions/:id/invitations',
    { schema: { params: invitationParamsSchema, response: { 200: invitationsResponseSchema } } },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      return invitations.list(userId, request.params.id);
    },
  );

  app.post(
    '/api/sessions/:id/invitations',
    {
      schema: {
        params: invitationParamsSchema,
        body: createInvitationSchema,
        response: { 201: createInvitationResponseSchema },
      },
    },
    async (request, reply) => {
      const { userId, email } = await guard.authenticate(request);
      const invitation = await invitations.invite(userId, email, request.params.id, request.body.email);
      reply.code(201);
      return { invitation };
    },
  );

  app.post(
    '/api/session-invitations/redeem',
    {
      config: { rateLimit: { max: rateLimit.max, timeWindow: rateLimit.windowMs } },
      schema: { body: redeemInvitationSchema, response: { 200: redeemInvitationResponseSchema } },
    },
    async (request, reply) =>
      answerSession(request, reply, await invitations.redeem(request.body.token, contextOf(request)), cookie),
  );
};
