import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailboxResponseSchema } from '../../../contracts/outbox';
import { sendError } from '../../plugins/error-handler';
import { isLoopbackRequest } from './loopback';
import type { MailboxService } from './outbox.service';

/**
 * Registered only when config.mailboxEnabled (server/app.ts); otherwise the path is a JSON 404.
 * It shows sign-in and reset codes for every address, so only to requests from this machine: anyone
 * else who reaches the port could otherwise take over any account (issue #14).
 */
export const mailboxRoutes: FastifyPluginAsyncZod<{ service: MailboxService }> = async (app, { service }) => {
  app.get(
    '/api/dev/mailbox',
    { schema: { response: { 200: mailboxResponseSchema } } },
    async (request, reply) => {
      if (!isLoopbackRequest(request))
        return sendError(request, reply, {
          code: 'FORBIDDEN',
          message: 'The demo mailbox is shown only on the machine running Wellspring.',
        });
      const mailbox = await service.listRecentMessages();
      // One-time codes and reset links: never kept by a browser or proxy cache.
      return reply.header('cache-control', 'no-store').send(mailbox);
    },
  );
};
