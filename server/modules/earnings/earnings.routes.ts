import { earningsApi as endpoints } from '#contracts/earnings.api';
import type { HttpApp, Route } from '#server/http/route';
import type { EarningsService } from './earnings.service';

/** The calling coach's earnings (contracts/earnings.api.ts): each handler is one service call. */
export function earningsRoutes(app: HttpApp, route: Route, earnings: EarningsService) {
  route(app, endpoints.summary, async ({ caller, query }) => earnings.summary(caller.userId, query));

  route(app, endpoints.exportCsv, async ({ caller, reply }) => {
    const { filename, body } = await earnings.exportCsv(caller.userId);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(body);
  });
}

declare module 'fastify' {
  // Declaration merging with Fastify's own type needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** Coach earnings: server/main.ts runs `releaseDue` from the earnings release job. */
    earnings: EarningsService;
  }
}
