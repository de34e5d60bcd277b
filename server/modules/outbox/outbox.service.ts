import type { Clock } from '../../../domain/clock';
import type { DbExecutor } from '../../db/client';
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
