import { couponsApi as endpoints } from '#contracts/coupons.api';
import type { HttpApp, Route } from '#server/http/route';
import type { CouponsService } from './coupons.service';

/** Coupons (contracts/coupons.api.ts): each handler is one service call. */
export function couponsRoutes(app: HttpApp, route: Route, coupons: CouponsService) {
  route(app, endpoints.list, async ({ caller }) => ({ coupons: await coupons.coach.list(caller.userId) }));

  route(app, endpoints.create, async ({ caller, body }) => coupons.coach.create(caller.userId, body));

  route(app, endpoints.update, async ({ caller, params, body }) =>
    coupons.coach.update(caller.userId, params.id, body),
  );

  route(app, endpoints.platformList, async () => ({ coupons: await coupons.platform.list() }));

  route(app, endpoints.platformCreate, async ({ caller, body, request }) =>
    coupons.platform.create(caller.admin, body, request.id),
  );

  route(app, endpoints.platformUpdate, async ({ caller, params, body, request }) =>
    coupons.platform.update(caller.admin, params.id, body, request.id),
  );
}

declare module 'fastify' {
  // Declaration merging with Fastify's own type needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /**
     * Coupons: validate, redeem (in the caller's transaction, e.g. a free session request that holds
     * nothing) and releaseFor; settlement.hold/release call them for held requests.
     */
    coupons: CouponsService;
  }
}
