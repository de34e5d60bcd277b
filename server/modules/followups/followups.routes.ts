import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  followupParamsSchema,
  followupsResponseSchema,
  sendFollowupResponseSchema,
  sendFollowupSchema,
} from '../../../contracts/followups';
import type { RealtimeEvent } from '../../../contracts/realtime';
import type { AuthGuard } from '../../plugins/auth-guard';
import type { IdempotencyService } from '../idempotency/idempotency.service';
import type { FollowupsService } from './followups.service';

/**
 * Follow-ups after a session (issue #7 point 6; contracts/followups.ts). Only the session's parties;
 * anyone else gets 404, an anonymous caller 401. Sending is the coach's, once the session is over, with
 * an Idempotency-Key (checked after the caller is authorized), so a retried send sends nothing twice.
 */
export const followupsRoutes: FastifyPluginAsyncZod<{
  followups: FollowupsService;
  idempotency: IdempotencyService;
  guard: AuthGuard;
}> = async (app, { followups, idempotency, guard }) => {
  app.get(
    '/api/sessions/:id/followups',
    { schema: { params: followupParamsSchema, response: { 200: followupsResponseSchema } } },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      return followups.list(userId, request.params.id);
    },
  );

  app.post(
    '/api/sessions/:id/followups',
    {
      schema: {
        params: followupParamsSchema,
        body: sendFollowupSchema,
        response: { 201: sendFollowupResponseSchema },
      },
    },
    async (request, reply) => {
      const { userId } = await guard.authenticate(request);
      const session = await followups.authorizeSend(userId, request.params.id);
      let events: RealtimeEvent[] = [];
      const sent = await idempotency.send(
        request,
        reply,
        { userId, status: 201, response: sendFollowupResponseSchema },
        async (tx) => {
          const created = await followups.send(tx, session, request.body);
          events = created.events;
          return created.body;
        },
      );
      // Committed (a replay recorded nothing new): tell the client's tabs.
      await followups.deliver(events);
      return sent;
    },
  );
};
