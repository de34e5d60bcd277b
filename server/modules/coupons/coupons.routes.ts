import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  couponCreateBodySchema,
  couponIdParamsSchema,
  couponListSchema,
  couponSchema,
  couponUpdateBodySchema,
  quoteParamsSchema,
  quoteQuerySchema,
  quoteSchema,
  type Coupon,
} from '../../../contracts/coupons';
import type { AdminPermission } from '../../../domain/auth/permissions';
import { AppError } from '../../../domain/errors/app-error';
import type { AuthGuard } from '../../plugins/auth-guard';
import type { AdminService } from '../admin/admin.service';
import type { SettlementService } from '../settlement/settlement.service';
import type { CouponsService } from './coupons.service';

/** What an audit row records about a coupon change. */
const auditDetails = (coupon: Coupon, body: object) => ({
  code: coupon.code,
  discount_type: coupon.discount_type,
  value: coupon.value,
  changes: body,
});

/**
 * Coupons (issue #5 point 6): a coach's own coupons (coach role; someone else's answers 404), the
 * platform's coupons for financial admins (audit-logged), and the price of a session with a coach with
 * an optional coupon for anyone signed in (a coupon that cannot be used answers 422 COUPON_INVALID).
 */
export const couponsRoutes: FastifyPluginAsyncZod<{
  coupons: CouponsService;
  settlement: SettlementService;
  admin: AdminService;
  guard: AuthGuard;
}> = async (app, { coupons, settlement, admin, guard }) => {
  app.get('/api/coupons', { schema: { response: { 200: couponListSchema } } }, async (request) => {
    const { userId } = await guard.authenticate(request);
    return { coupons: await coupons.coach.list(userId) };
  });

  app.post(
    '/api/coupons',
    { schema: { body: couponCreateBodySchema, response: { 201: couponSchema } } },
    async (request, reply) => {
      const { userId } = await guard.authenticate(request);
      return reply.code(201).send(await coupons.coach.create(userId, request.body));
    },
  );

  app.patch(
    '/api/coupons/:id',
    {
      schema: { params: couponIdParamsSchema, body: couponUpdateBodySchema, response: { 200: couponSchema } },
    },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      return coupons.coach.update(userId, request.params.id, request.body);
    },
  );

  // ---- Platform coupons (coach_id null): financial admins (SPEC §6), aal2, every change audit-logged.

  const authorize = async (request: FastifyRequest, permission: AdminPermission) =>
    admin.authorize(await guard.authenticate(request), permission);

  app.get('/api/admin/coupons', { schema: { response: { 200: couponListSchema } } }, async (request) => {
    await authorize(request, 'view_revenue');
    return { coupons: await coupons.platform.list() };
  });

  app.post(
    '/api/admin/coupons',
    { schema: { body: couponCreateBodySchema, response: { 201: couponSchema } } },
    async (request, reply) => {
      const caller = await authorize(request, 'manage_payouts');
      const coupon = await coupons.platform.create(caller.userId, request.body, (tx, created) =>
        admin.logActivity(tx, caller, {
          actionType: 'create_platform_coupon',
          targetType: 'coupon',
          targetId: created.id,
          details: auditDetails(created, request.body),
          requestId: request.id,
        }),
      );
      return reply.code(201).send(coupon);
    },
  );

  app.patch(
    '/api/admin/coupons/:id',
    {
      schema: { params: couponIdParamsSchema, body: couponUpdateBodySchema, response: { 200: couponSchema } },
    },
    async (request) => {
      const caller = await authorize(request, 'manage_payouts');
      return coupons.platform.update(request.params.id, request.body, (tx, updated) =>
        admin.logActivity(tx, caller, {
          actionType: 'update_platform_coupon',
          targetType: 'coupon',
          targetId: updated.id,
          details: auditDetails(updated, request.body),
          requestId: request.id,
        }),
      );
    },
  );

  // ---- The price of a session (SPEC §9), with an optional coupon checked for the caller.

  app.get(
    '/api/coaches/:coachId/quote',
    { schema: { params: quoteParamsSchema, querystring: quoteQuerySchema, response: { 200: quoteSchema } } },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      const { coachId } = request.params;
      if (!(await coupons.isCoach(coachId)))
        throw new AppError('NOT_FOUND', 'This coach could not be found.');
      return settlement.quote({
        coachId,
        format: request.query.format,
        minutes: request.query.minutes,
        couponCode: request.query.coupon ?? null,
        clientId: userId,
      });
    },
  );
};

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
