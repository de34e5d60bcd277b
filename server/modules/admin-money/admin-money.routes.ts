import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  holdIdParamsSchema,
  platformRevenueQuerySchema,
  platformRevenueSchema,
  refundBodySchema,
  refundResultSchema,
  sessionPaymentsPageSchema,
  sessionPaymentsQuerySchema,
} from '../../../contracts/admin-money';
import type { AdminPermission } from '../../../domain/auth/permissions';
import type { AuthGuard } from '../../plugins/auth-guard';
import type { AdminService } from '../admin/admin.service';
import type { IdempotencyService } from '../idempotency/idempotency.service';
import type { AdminMoneyService } from './admin-money.service';

/**
 * Financial admin money routes (issue #5, points 8–9). Each checks the admin permission (active admin,
 * aal2, SPEC §6) before anything is read: view_revenue lists session payments, manage_payouts refunds
 * (a money-moving POST: Idempotency-Key required), view_platform_revenue reads platform revenue.
 */
export const adminMoneyRoutes: FastifyPluginAsyncZod<{
  adminMoney: AdminMoneyService;
  admin: AdminService;
  idempotency: IdempotencyService;
  guard: AuthGuard;
}> = async (app, { adminMoney, admin, idempotency, guard }) => {
  const authorize = async (request: FastifyRequest, permission: AdminPermission) =>
    admin.authorize(await guard.authenticate(request), permission);

  app.get(
    '/api/admin/session-payments',
    { schema: { querystring: sessionPaymentsQuerySchema, response: { 200: sessionPaymentsPageSchema } } },
    async (request) => {
      await authorize(request, 'view_revenue');
      return adminMoney.listPayments(request.query);
    },
  );

  app.post(
    '/api/admin/session-payments/:holdId/refunds',
    {
      schema: {
        params: holdIdParamsSchema,
        body: refundBodySchema,
        response: { 201: refundResultSchema },
      },
    },
    async (request, reply) => {
      const actor = await authorize(request, 'manage_payouts');
      const { holdId } = request.params;
      return idempotency.send(
        request,
        reply,
        { userId: actor.userId, status: 201, response: refundResultSchema },
        async (tx) =>
          await adminMoney.refund(tx, actor, {
            holdId,
            amount: request.body.amount,
            reason: request.body.reason,
            requestId: request.id,
          }),
      );
    },
  );

  app.get(
    '/api/admin/platform-revenue',
    { schema: { querystring: platformRevenueQuerySchema, response: { 200: platformRevenueSchema } } },
    async (request) => {
      await authorize(request, 'view_platform_revenue');
      return adminMoney.platformRevenue(request.query.range);
    },
  );

  app.get(
    '/api/admin/platform-revenue/export.csv',
    { schema: { querystring: platformRevenueQuerySchema } },
    async (request, reply) => {
      const actor = await authorize(request, 'view_platform_revenue');
      const { filename, csv } = await adminMoney.exportPlatformRevenueCsv(
        actor,
        request.query.range,
        request.id,
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};
