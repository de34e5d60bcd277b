import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { presenceSchema, setPresenceSchema } from '../../../contracts/presence';
import type { AuthGuard } from '../../plugins/auth-guard';
import type { PresenceService } from './presence.service';

/** Coach presence (contracts/presence.ts): the caller's own online status. Approved coaches only. */
export const presenceRoutes: FastifyPluginAsyncZod<{
  presence: PresenceService;
  guard: AuthGuard;
}> = async (app, { presence, guard }) => {
  app.get('/api/me/presence', { schema: { response: { 200: presenceSchema } } }, async (request) => {
    const { userId } = await guard.authenticate(request);
    return presence.get(userId);
  });

  app.put(
    '/api/me/presence',
    { schema: { body: setPresenceSchema, response: { 200: presenceSchema } } },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      return presence.set(userId, request.body.is_online);
    },
  );

  app.post('/api/me/presence/confirm', { schema: { response: { 200: presenceSchema } } }, async (request) => {
    const { userId } = await guard.authenticate(request);
    return presence.confirm(userId);
  });
};
