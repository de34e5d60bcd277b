import { healthApi as endpoints } from '#contracts/health.api';
import type { HttpApp, Route } from '#server/http/route';
import type { HealthService } from './health.service';

/** Health (contracts/health.api.ts): 200 or 503 with the same body, never rate-limited or cached. */
export function healthRoutes(app: HttpApp, route: Route, service: HealthService) {
  // The body is returned, not sent: awaiting a sent reply waits for the socket to finish writing, a
  // cost on the path load balancers poll most.
  route(app, endpoints.get, { config: { rateLimit: false } }, async ({ reply }) => {
    const health = await service.getHealth();
    reply.code(health.status === 'ok' ? 200 : 503).header('cache-control', 'no-store');
    return health;
  });
}
