import { adminMoneyApi as endpoints } from '#contracts/admin-money.api';
import type { HttpApp, Route } from '#server/http/route';
import type { AdminMoneyService } from './admin-money.service';

/** Refunds and platform revenue for financial admins (contracts/admin-money.api.ts): one service call each. */
export function adminMoneyRoutes(app: HttpApp, route: Route, adminMoney: AdminMoneyService) {
  route(app, endpoints.listPayments, async ({ query }) => adminMoney.listPayments(query));

  route(app, endpoints.refund, async ({ caller, params, body, tx, request }) =>
    adminMoney.refund(tx, caller.admin, {
      holdId: params.holdId,
      amount: body.amount,
      reason: body.reason,
      requestId: request.id,
    }),
  );

  route(app, endpoints.platformRevenue, async ({ query }) => adminMoney.platformRevenue(query.range));

  route(app, endpoints.exportPlatformRevenueCsv, async ({ caller, query, request, reply }) => {
    const { filename, csv } = await adminMoney.exportPlatformRevenueCsv(
      caller.admin,
      query.range,
      request.id,
    );
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });
}
