import { securityEventsApi as endpoints } from '#contracts/security-events.api';
import type { HttpApp, Route } from '#server/http/route';
import type { SecurityEventsService } from './security-events.service';

/** Security events reported by the browser (contracts/security-events.api.ts). */
export function securityEventsRoutes(app: HttpApp, route: Route, securityEvents: SecurityEventsService) {
  route(app, endpoints.report, async ({ caller, body, request }) => ({
    stored:
      (await securityEvents.recordClientReportedSafely({
        userId: caller.userId,
        eventType: body.event_type,
        details: { ...body.event_details },
        ip: request.ip,
        requestId: request.id,
      })) === 'stored',
  }));
}
