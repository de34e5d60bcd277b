import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { securityEventBodySchema } from '../../../contracts/auth';
import type { AuthGuard } from '../../plugins/auth-guard';
import type { SecurityEventsService } from './security-events.service';

/** SPEC §7 log_security_event_safe: events reported by the browser, stored as client-reported. */
export const securityEventsRoutes: FastifyPluginAsyncZod<{
  securityEvents: SecurityEventsService;
  guard: AuthGuard;
}> = async (app, { securityEvents, guard }) => {
  app.post(
    '/api/rpc/log_security_event_safe',
    { schema: { body: securityEventBodySchema, response: { 200: z.object({ stored: z.boolean() }) } } },
    async (request) => {
      const caller = await guard.authenticate(request);
      const outcome = await securityEvents.recordClientReportedSafely({
        userId: caller.userId,
        eventType: request.body.event_type,
        details: { ...request.body.event_details },
        ip: request.ip,
        requestId: request.id,
      });
      return { stored: outcome === 'stored' };
    },
  );
};
