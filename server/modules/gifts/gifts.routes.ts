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
import { idempotencyKeyFrom, type IdempotencyService } from '../idempotency/idempotency.service';
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
      const key = idempotencyKeyFrom(request.headers);
      const result = await idempotency.run(
        { userId, key, methodPath: 'POST /api/gifts', body: request.body },
        async (tx) => ({ status: 201, body: { gift: await gifts.send(tx, userId, request.body) } }),
      );
      if (result.replayed) reply.header('idempotency-replayed', 'true');
      return reply.code(201).send(createGiftResponseSchema.parse(result.body));
    },
  );

  app.post(
    '/api/gifts/:id/claim',
    { schema: { params: giftIdParamsSchema, response: { 200: claimGiftResponseSchema } } },
    async (request, reply) => {
      const { userId } = await guard.authenticate(request);
      const key = idempotencyKeyFrom(request.headers);
      const { id } = request.params;
      const result = await idempotency.run(
        { userId, key, methodPath: `POST /api/gifts/${id}/claim`, body: null },
        async (tx) => ({ status: 200, body: await gifts.claim(tx, userId, id) }),
      );
      if (result.replayed) reply.header('idempotency-replayed', 'true');
      return reply.code(200).send(claimGiftResponseSchema.parse(result.body));
    },
  );

  app.post(
    '/api/gifts/:id/cancel',
    { schema: { params: giftIdParamsSchema, response: { 200: cancelGiftResponseSchema } } },
    async (request, reply) => {
      const { userId } = await guard.authenticate(request);
      const key = idempotencyKeyFrom(request.headers);
      const { id } = request.params;
      const result = await idempotency.run(
        { userId, key, methodPath: `POST /api/gifts/${id}/cancel`, body: null },
        async (tx) => ({ status: 200, body: await gifts.cancel(tx, userId, id) }),
      );
      if (result.replayed) reply.header('idempotency-replayed', 'true');
      return reply.code(200).send(cancelGiftResponseSchema.parse(result.body));
    },
  );
};
