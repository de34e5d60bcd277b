import { settlementApi as endpoints } from '#contracts/settlement.api';
import type { HttpApp, Route } from '#server/http/route';
import type { SettlementService } from './settlement.service';

/** The price of a session (contracts/settlement.api.ts); holds and settlement themselves have no routes. */
export function settlementRoutes(app: HttpApp, route: Route, settlement: SettlementService) {
  route(app, endpoints.quote, async ({ caller, params, query }) =>
    settlement.quoteForClient(caller.userId, {
      coachId: params.coachId,
      format: query.format,
      minutes: query.minutes,
      couponCode: query.coupon ?? null,
    }),
  );
}
