import type { Clock } from '#domain/clock';
import { MAILBOX_LIMIT, type MailboxResponse } from '#contracts/outbox';
import type { Database, DbExecutor } from '#server/db/client';
import type { NewOutboxMessage, OutboxRepository } from './outbox.repository';

/**
 * Queues messages for delivery. Pass the transaction that makes the change the message is about,
 * so the message exists if and only if the change committed. Delivery: server/jobs/outbox.job.ts.
 */
export function createOutboxService(deps: { repository: OutboxRepository; clock: Clock }) {
  return {
    enqueue(executor: DbExecutor, message: NewOutboxMessage) {
      return deps.repository.insertMessage(executor, message, deps.clock.now());
    },
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;

/**
 * The dev mailbox: what Wellspring would have sent, for the embedded demo without SMTP or SMS.
 * It shows sign-in codes and reset links, so it is wired only when config.mailboxEnabled.
 */
export function createMailboxService(deps: { db: Database; repository: OutboxRepository }) {
  return {
    async listRecentMessages(): Promise<MailboxResponse> {
      const rows = await deps.repository.findRecentMessages(deps.db, MAILBOX_LIMIT);
      return {
        messages: rows.map((row) => ({
          id: row.id,
          channel: row.channel,
          recipient: row.recipient,
          template: row.template,
          subject: row.subject,
          body_text: row.bodyText,
          status: row.status,
          attempts: row.attempts,
          created_at: row.createdAt.toISOString(),
          sent_at: row.sentAt?.toISOString() ?? null,
        })),
      };
    },
  };
}

export type MailboxService = ReturnType<typeof createMailboxService>;
