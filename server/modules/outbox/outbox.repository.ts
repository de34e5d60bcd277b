import type { DbExecutor } from '../../db/client';
import { outboxMessages } from '../../db/schema/index';

export type NewOutboxMessage = {
  channel: 'email' | 'sms';
  recipient: string;
  template: string;
  subject?: string;
  bodyText: string;
  bodyHtml?: string;
  data?: Record<string, unknown>;
};

export function createOutboxRepository() {
  return {
    async insertMessage(executor: DbExecutor, message: NewOutboxMessage, now: Date): Promise<{ id: string }> {
      const [row] = await executor
        .insert(outboxMessages)
        .values({ ...message, data: message.data ?? {}, status: 'pending', nextAttemptAt: now, createdAt: now })
        .returning({ id: outboxMessages.id });
      if (!row) throw new Error('outbox insert returned nothing');
      return row;
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
