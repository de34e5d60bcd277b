import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  demoConfirmBodySchema,
  paymentIdParamsSchema,
  paymentSchema,
  topUpBodySchema,
  topUpSchema,
  walletSchema,
} from '../../../contracts/wallet';
import type { AuthGuard } from '../../plugins/auth-guard';
import { idempotencyKeyFrom, type IdempotencyService } from '../idempotency/idempotency.service';
import type { WalletService } from './wallet.service';

/**
 * The caller's own wallet (issue #5): balance and top-ups. Every route acts on the caller's rows only;
 * someone else's payment answers 404. Money-moving POSTs need an Idempotency-Key (idempotency.service).
 */
export const walletRoutes: FastifyPluginAsyncZod<{
  wallet: WalletService;
  idempotency: IdempotencyService;
  guard: AuthGuard;
}> = async (app, { wallet, idempotency, guard }) => {
  app.get('/api/wallet', { schema: { response: { 200: walletSchema } } }, async (request) => {
    const { userId } = await guard.authenticate(request);
    return wallet.getWallet(userId);
  });

  app.post(
    '/api/wallet/top-ups',
    { schema: { body: topUpBodySchema, response: { 201: topUpSchema } } },
    async (request, reply) => {
      const { userId, email } = await guard.authenticate(request);
      const key = idempotencyKeyFrom(request.headers);
      const result = await idempotency.run(
        { userId, key, methodPath: 'POST /api/wallet/top-ups', body: request.body },
        async (tx) => ({
          status: 201,
          body: await wallet.createTopUp(tx, { userId, amount: request.body.amount, email }),
        }),
      );
      if (result.replayed) reply.header('idempotency-replayed', 'true');
      return reply.code(201).send(topUpSchema.parse(result.body));
    },
  );

  app.get(
    '/api/wallet/top-ups/:id',
    { schema: { params: paymentIdParamsSchema, response: { 200: paymentSchema } } },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      return wallet.getPayment(userId, request.params.id);
    },
  );

  app.post(
    '/api/wallet/top-ups/:id/demo-confirm',
    {
      schema: {
        params: paymentIdParamsSchema,
        body: demoConfirmBodySchema,
        response: { 200: paymentSchema },
      },
    },
    async (request, reply) => {
      const { userId } = await guard.authenticate(request);
      const key = idempotencyKeyFrom(request.headers);
      const paymentId = request.params.id;
      const result = await idempotency.run(
        {
          userId,
          key,
          methodPath: `POST /api/wallet/top-ups/${paymentId}/demo-confirm`,
          body: request.body,
        },
        async (tx) => ({
          status: 200,
          body: await wallet.demoConfirm(tx, { userId, paymentId, card: request.body }),
        }),
      );
      if (result.replayed) reply.header('idempotency-replayed', 'true');
      return reply.code(200).send(paymentSchema.parse(result.body));
    },
  );
};
