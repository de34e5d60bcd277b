import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminWithdrawalListSchema,
  adminWithdrawalQuerySchema,
  adminWithdrawalSchema,
  payoutMethodCreateBodySchema,
  payoutMethodIdParamsSchema,
  payoutMethodListSchema,
  payoutMethodRemovedSchema,
  payoutMethodSchema,
  withdrawalCreateBodySchema,
  withdrawalIdParamsSchema,
  withdrawalListSchema,
  withdrawalMarkPaidBodySchema,
  withdrawalRejectBodySchema,
  withdrawalSchema,
} from '../../../contracts/payouts';
import { AppError } from '../../../domain/errors/app-error';
import type { AuthGuard } from '../../plugins/auth-guard';
import type { AdminService } from '../admin/admin.service';
import type { IdempotencyService } from '../idempotency/idempotency.service';
import type { PayoutsService } from './payouts.service';

/** Withdrawals move money: they need the second factor verified in this very session. */
const WITHDRAWAL_NEEDS_AAL2 =
  'Withdrawals need your authenticator app: confirm with a code from it to continue.';

/**
 * Payout methods and withdrawals of the calling coach, and the financial admins' withdrawal queue
 * (issue #5, point 8). Coaches act on their own rows only (someone else's answers 404); money-moving
 * POSTs need an Idempotency-Key; admin routes need view_revenue (list) or manage_payouts (decisions).
 */
export const payoutsRoutes: FastifyPluginAsyncZod<{
  payouts: PayoutsService;
  admin: AdminService;
  idempotency: IdempotencyService;
  guard: AuthGuard;
}> = async (app, { payouts, admin, idempotency, guard }) => {
  // ---- Payout methods (/cards)

  app.get(
    '/api/payout-methods',
    { schema: { response: { 200: payoutMethodListSchema } } },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      return { payout_methods: await payouts.listMethods(userId) };
    },
  );

  app.post(
    '/api/payout-methods',
    { schema: { body: payoutMethodCreateBodySchema, response: { 201: payoutMethodSchema } } },
    async (request, reply) => {
      const { userId } = await guard.authenticate(request);
      return reply.code(201).send(await payouts.addMethod(userId, request.body));
    },
  );

  app.delete(
    '/api/payout-methods/:id',
    { schema: { params: payoutMethodIdParamsSchema, response: { 200: payoutMethodRemovedSchema } } },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      await payouts.removeMethod(userId, request.params.id);
      return { removed: true as const };
    },
  );

  app.post(
    '/api/payout-methods/:id/default',
    { schema: { params: payoutMethodIdParamsSchema, response: { 200: payoutMethodListSchema } } },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      return { payout_methods: await payouts.setDefault(userId, request.params.id) };
    },
  );

  // ---- Withdrawals (coach)

  app.get('/api/withdrawals', { schema: { response: { 200: withdrawalListSchema } } }, async (request) => {
    const { userId } = await guard.authenticate(request);
    return { withdrawals: await payouts.listWithdrawals(userId) };
  });

  app.get(
    '/api/withdrawals/:id',
    { schema: { params: withdrawalIdParamsSchema, response: { 200: withdrawalSchema } } },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      return payouts.getWithdrawal(userId, request.params.id);
    },
  );

  app.post(
    '/api/withdrawals',
    { schema: { body: withdrawalCreateBodySchema, response: { 201: withdrawalSchema } } },
    async (request, reply) => {
      const caller = await guard.authenticate(request);
      await payouts.requireCoach(caller.userId);
      if (caller.aal !== 'aal2') throw new AppError('INSUFFICIENT_AAL', WITHDRAWAL_NEEDS_AAL2);
      return idempotency.send(
        request,
        reply,
        { userId: caller.userId, status: 201, response: withdrawalSchema },
        (tx) => payouts.requestWithdrawal(tx, caller.userId, request.body),
      );
    },
  );

  // ---- Financial admins (/admin/revenue)

  app.get(
    '/api/admin/withdrawals',
    { schema: { querystring: adminWithdrawalQuerySchema, response: { 200: adminWithdrawalListSchema } } },
    async (request) => {
      const active = await admin.authorize(await guard.authenticate(request), 'view_revenue');
      return payouts.adminList(active, request.query.status, request.id);
    },
  );

  app.post(
    '/api/admin/withdrawals/:id/approve',
    { schema: { params: withdrawalIdParamsSchema, response: { 200: adminWithdrawalSchema } } },
    async (request, reply) => {
      const active = await admin.authorize(await guard.authenticate(request), 'manage_payouts');
      const { id } = request.params;
      return idempotency.send(
        request,
        reply,
        { userId: active.userId, status: 200, response: adminWithdrawalSchema },
        (tx) => payouts.approve(tx, active, id, request.id),
      );
    },
  );

  app.post(
    '/api/admin/withdrawals/:id/reject',
    {
      schema: {
        params: withdrawalIdParamsSchema,
        body: withdrawalRejectBodySchema,
        response: { 200: adminWithdrawalSchema },
      },
    },
    async (request, reply) => {
      const active = await admin.authorize(await guard.authenticate(request), 'manage_payouts');
      const { id } = request.params;
      return idempotency.send(
        request,
        reply,
        { userId: active.userId, status: 200, response: adminWithdrawalSchema },
        (tx) => payouts.reject(tx, active, id, request.body.reason, request.id),
      );
    },
  );

  app.post(
    '/api/admin/withdrawals/:id/mark-paid',
    {
      schema: {
        params: withdrawalIdParamsSchema,
        body: withdrawalMarkPaidBodySchema,
        response: { 200: adminWithdrawalSchema },
      },
    },
    async (request, reply) => {
      const active = await admin.authorize(await guard.authenticate(request), 'manage_payouts');
      const { id } = request.params;
      return idempotency.send(
        request,
        reply,
        { userId: active.userId, status: 200, response: adminWithdrawalSchema },
        (tx) => payouts.markPaid(tx, active, id, request.body.payment_reference, request.id),
      );
    },
  );
};
