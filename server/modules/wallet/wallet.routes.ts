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
import type { IdempotencyService } from '../idempotency/idempotency.service';
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
      return idempotency.send(request, reply, { userId: userId, status: 201, response: topUpSchema }, (tx) =>
        wallet.createTopUp(tx, { userId, amount: request.body.amount, email }),
      );
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
      const paymentId = request.params.id;
      return idempotency.send(
        request,
        reply,
        { userId: userId, status: 200, response: paymentSchema },
        (tx) => wallet.demoConfirm(tx, { userId, paymentId, card: request.body }),
      );
    },
  );
};
