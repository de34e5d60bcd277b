import type { HttpApp, Route } from '#server/http/route';
import { createSecurityEventsRepository } from './security-events.repository';
import { securityEventsRoutes } from './security-events.routes';
import { createSecurityEventsService, type SecurityEventsService } from './security-events.service';

/**
 * The security-events module in two steps: the service comes first (the auth module records sign-ins
 * and refusals through it), the browser's reporting route once the router exists.
 */
export const createSecurityEvents = (
  deps: Omit<Parameters<typeof createSecurityEventsService>[0], 'repository'>,
) => createSecurityEventsService({ ...deps, repository: createSecurityEventsRepository() });

export function registerSecurityEvents(
  app: HttpApp,
  deps: { route: Route; securityEvents: SecurityEventsService },
): void {
  securityEventsRoutes(app, deps.route, deps.securityEvents);
}
