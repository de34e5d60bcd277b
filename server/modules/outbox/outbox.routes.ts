import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailboxResponseSchema } from '../../../contracts/outbox';
import type { MailboxService } from './outbox.service';

/** Registered only when config.mailboxEnabled (server/app.ts); otherwise the path is a JSON 404. */
export const mailboxRoutes: FastifyPluginAsyncZod<{ service: MailboxService }> = async (app, { service }) => {
  app.get(
    '/api/dev/mailbox',
    { schema: { response: { 200: mailboxResponseSchema } } },
    async (_request, reply) => {
      const mailbox = await service.listRecentMessages();
      // One-time codes and reset links: never kept by a browser or proxy cache.
      return reply.header('cache-control', 'no-store').send(mailbox);
    },
  );
};
