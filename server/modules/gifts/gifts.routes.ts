import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cancelGiftResponseSchema,
  claimGiftResponseSchema,
  createGiftBodySchema,
  createGiftResponseSchema,
  giftIdParamsSchema,
  giftsResponseSchema,
} from '../../../contracts/gifts';
import type { AuthGuard } from '../../plugins/auth-guard';
import type { IdempotencyService } from '../idempotency/idempotency.service';
import type { GiftsService } from './gifts.service';

/**
 * Gifts (issue #5, point 7). Any signed-in person may send from their own wallet, claim what was sent
 * to their confirmed address, and cancel what they sent while it is unclaimed. Someone else's gift
 * answers 404. The three POSTs move money, so they need an Idempotency-Key (idempotency.service).
 */
export const giftsRoutes: FastifyPluginAsyncZod<{
  gifts: GiftsService;
  idempotency: IdempotencyService;
  guard: AuthGuard;
}> = async (app, { gifts, idempotency, guard }) => {
  app.get('/api/gifts', { schema: { response: { 200: giftsResponseSchema } } }, async (request) => {
    const { userId } = await guard.authenticate(request);
    return gifts.list(userId);
  });

  app.post(
    '/api/gifts',
    { schema: { body: createGiftBodySchema, response: { 201: createGiftResponseSchema } } },
    async (request, reply) => {
      const { userId } = await guard.authenticate(request);
      return idempotency.send(
        request,
        reply,
        { userId: userId, status: 201, response: createGiftResponseSchema },
        async (tx) => ({ gift: await gifts.send(tx, userId, request.body) }),
      );
    },
  );

  app.post(
    '/api/gifts/:id/claim',
    { schema: { params: giftIdParamsSchema, response: { 200: claimGiftResponseSchema } } },
    async (request, reply) => {
      const { userId } = await guard.authenticate(request);
      const { id } = request.params;
      return idempotency.send(
        request,
        reply,
        { userId: userId, status: 200, response: claimGiftResponseSchema },
        (tx) => gifts.claim(tx, userId, id),
      );
    },
  );

  app.post(
    '/api/gifts/:id/cancel',
    { schema: { params: giftIdParamsSchema, response: { 200: cancelGiftResponseSchema } } },
    async (request, reply) => {
      const { userId } = await guard.authenticate(request);
      const { id } = request.params;
      return idempotency.send(
        request,
        reply,
        { userId: userId, status: 200, response: cancelGiftResponseSchema },
        (tx) => gifts.cancel(tx, userId, id),
      );
    },
  );
};
