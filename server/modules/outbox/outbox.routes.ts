import { mailboxApi as endpoints } from '#contracts/outbox.api';
import { MAILBOX_LOOPBACK_ONLY_MESSAGE } from '#contracts/outbox';
import type { HttpApp, Route } from '#server/http/route';
import { sendError } from '#server/plugins/error-handler';
import { isLoopbackRequest } from './loopback';
import type { MailboxService } from './outbox.service';

/**
 * Registered only when config.mailboxEnabled (server/app.ts); otherwise the path is a JSON 404.
 * It shows sign-in and reset codes for every address, so only to requests from this machine: anyone
 * else who reaches the port could otherwise take over any account.
 */
export function mailboxRoutes(app: HttpApp, route: Route, service: MailboxService) {
  route(app, endpoints.list, async ({ request, reply }) => {
    if (!isLoopbackRequest(request))
      return sendError(request, reply, { code: 'FORBIDDEN', message: MAILBOX_LOOPBACK_ONLY_MESSAGE });
    const mailbox = await service.listRecentMessages();
    // One-time codes and reset links: never kept by a browser or proxy cache.
    return reply.header('cache-control', 'no-store').send(mailbox);
  });
}
