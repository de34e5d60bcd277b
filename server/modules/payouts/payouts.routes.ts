import { payoutsApi as endpoints } from '#contracts/payouts.api';
import { answerOutcome, type HttpApp, type Route } from '#server/http/route';
import type { PayoutsService } from './payouts.service';

/** Payout methods, withdrawals and the admins' queue (contracts/payouts.api.ts): one service call each. */
export function payoutsRoutes(app: HttpApp, route: Route, payouts: PayoutsService) {
  route(app, endpoints.listMethods, async ({ caller }) => ({
    payout_methods: await payouts.listMethods(caller.userId),
  }));

  route(app, endpoints.addMethod, async ({ caller, body }) => payouts.addMethod(caller.userId, body));

  route(app, endpoints.removeMethod, async ({ caller, params }) => {
    await payouts.removeMethod(caller.userId, params.id);
    return { removed: true as const };
  });

  route(app, endpoints.setDefaultMethod, async ({ caller, params }) => ({
    payout_methods: await payouts.setDefault(caller.userId, params.id),
  }));

  route(app, endpoints.listWithdrawals, async ({ caller }) => ({
    withdrawals: await payouts.listWithdrawals(caller.userId),
  }));

  route(app, endpoints.getWithdrawal, async ({ caller, params }) =>
    payouts.getWithdrawal(caller.userId, params.id),
  );

  route(app, endpoints.requestWithdrawal, async ({ caller, body, tx }) =>
    payouts.requestWithdrawal(tx, caller.userId, body),
  );

  route(app, endpoints.adminList, async ({ caller, query, request }) =>
    payouts.adminList(caller.admin, query.status, request.id),
  );

  route(app, endpoints.approve, async ({ caller, params, tx, request, emit }) =>
    answerOutcome(emit, await payouts.approve(tx, caller.admin, params.id, request.id)),
  );

  route(app, endpoints.reject, async ({ caller, params, body, tx, request, emit }) =>
    answerOutcome(emit, await payouts.reject(tx, caller.admin, params.id, body.reason, request.id)),
  );

  route(app, endpoints.markPaid, async ({ caller, params, body, tx, request }) =>
    payouts.markPaid(tx, caller.admin, params.id, body.payment_reference, request.id),
  );
}
