import type { Database } from '#server/db/client';
import type { HttpApp, Route } from '#server/http/route';
import { createOutboxRepository } from './outbox.repository';
import { mailboxRoutes } from './outbox.routes';
import { createMailboxService } from './outbox.service';

/** The demo mailbox (only when config.mailboxEnabled): the outbox read back, to loopback callers only. */
export function registerMailbox(app: HttpApp, deps: { route: Route; db: Database }): void {
  mailboxRoutes(app, deps.route, createMailboxService({ db: deps.db, repository: createOutboxRepository() }));
}
