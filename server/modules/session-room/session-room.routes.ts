import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rtcConfigSchema } from '../../../contracts/session-room';
import { sessionParamsSchema } from '../../../contracts/sessions';
import type { AuthGuard } from '../../plugins/auth-guard';
import type { SessionRoomService } from './session-room.service';

/**
 * The session room over HTTP (issue #7 point 2): the ICE servers for a call, for the session's parties
 * only (404 for anyone else). Presence and signalling travel over the realtime socket.
 */
export const sessionRoomRoutes: FastifyPluginAsyncZod<{
  sessionRoom: SessionRoomService;
  guard: AuthGuard;
}> = async (app, { sessionRoom, guard }) => {
  app.get(
    '/api/sessions/:id/rtc',
    { schema: { params: sessionParamsSchema, response: { 200: rtcConfigSchema } } },
    async (request, reply) => {
      const { userId } = await guard.authenticate(request);
      const config = await sessionRoom.rtcConfig(userId, request.params.id);
      // Credentials: never stored by a shared cache.
      return reply.header('cache-control', 'private, no-store').send(config);
    },
  );
};
