import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbExecutor } from '#server/db/client';
import { outboxMessages } from '#server/db/schema/index';

export type OutboxChannel = 'email' | 'sms';
export type OutboxStatus = 'pending' | 'sent' | 'failed';

export type NewOutboxMessage = {
  channel: OutboxChannel;
  recipient: string;
  template: string;
  subject?: string;
  bodyText: string;
  bodyHtml?: string;
  data?: Record<string, unknown>;
  /** Not delivered before this time (a scheduled message, e.g. a gift's delivery date); default now. */
  notBefore?: Date;
};

/** What every read of a message shows. */
type OutboxMessageBase = {
  id: string;
  channel: OutboxChannel;
  recipient: string;
  template: string;
  subject: string | null;
  bodyText: string;
};

/** A message the delivery job now owns; `attempts` already counts the attempt being made. */
export type ClaimedOutboxMessage = OutboxMessageBase & {
  bodyHtml: string | null;
  attempts: number;
  lastError: string | null;
};

export type OutboxMessageSummary = OutboxMessageBase & {
  status: OutboxStatus;
  attempts: number;
  createdAt: Date;
  sentAt: Date | null;
};

/** The columns of OutboxMessageBase, for every read of a message. */
const BASE_COLUMNS = {
  id: outboxMessages.id,
  channel: outboxMessages.channel,
  recipient: outboxMessages.recipient,
  template: outboxMessages.template,
  subject: outboxMessages.subject,
  bodyText: outboxMessages.bodyText,
};

/** The message is still pending at the attempt the claimer made (a claimer whose lease ran out matches nothing). */
const stillPendingAt = (claim: { id: string; attempts: number }) =>
  and(
    eq(outboxMessages.id, claim.id),
    eq(outboxMessages.status, 'pending'),
    eq(outboxMessages.attempts, claim.attempts),
  );

export function createOutboxRepository() {
  return {
    async insertMessage(executor: DbExecutor, message: NewOutboxMessage, now: Date): Promise<{ id: string }> {
      const { notBefore, ...fields } = message;
      const [row] = await executor
        .insert(outboxMessages)
        .values({
          ...fields,
          data: message.data ?? {},
          status: 'pending',
          nextAttemptAt: notBefore && notBefore > now ? notBefore : now,
          createdAt: now,
        })
        .returning({ id: outboxMessages.id });
      if (!row) throw new Error('outbox insert returned nothing');
      return row;
    },

    /**
     * Claims up to `limit` due pending messages of the given channels: counts the attempt and moves
     * `next_attempt_at` to `leaseUntil`, so no other instance picks them up while this one sends.
     * One statement, hence one transaction: the CTE locks the rows with FOR UPDATE SKIP LOCKED, so
     * concurrent claimers skip each other's rows instead of waiting, and a row another claimer has
     * just leased fails the `next_attempt_at <= now` re-check. A claimer that dies mid-send leaves
     * the message to be retried when the lease ends (at-least-once delivery).
     */
    async claimDueMessages(
      executor: DbExecutor,
      params: { now: Date; channels: OutboxChannel[]; limit: number; leaseUntil: Date },
    ): Promise<ClaimedOutboxMessage[]> {
      if (params.channels.length === 0 || params.limit < 1) return [];
      const due = executor.$with('due').as(
        executor
          .select({ id: outboxMessages.id })
          .from(outboxMessages)
          .where(
            and(
              eq(outboxMessages.status, 'pending'),
              lte(outboxMessages.nextAttemptAt, params.now),
              inArray(outboxMessages.channel, params.channels),
            ),
          )
          .orderBy(asc(outboxMessages.nextAttemptAt))
          .limit(params.limit)
          .for('update', { skipLocked: true }),
      );
      return executor
        .with(due)
        .update(outboxMessages)
        .set({ attempts: sql`${outboxMessages.attempts} + 1`, nextAttemptAt: params.leaseUntil })
        .where(inArray(outboxMessages.id, executor.select({ id: due.id }).from(due)))
        .returning({
          ...BASE_COLUMNS,
          bodyHtml: outboxMessages.bodyHtml,
          attempts: outboxMessages.attempts,
          lastError: outboxMessages.lastError,
        });
    },

    /** Records a delivery. Any claimer that delivered may record it, even one whose lease ran out. */
    async markSent(executor: DbExecutor, id: string, sentAt: Date): Promise<boolean> {
      const rows = await executor
        .update(outboxMessages)
        .set({ status: 'sent', sentAt, lastError: null })
        .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'pending')))
        .returning({ id: outboxMessages.id });
      return rows.length > 0;
    },

    /**
     * Schedules the next attempt after a failed one. Compare-and-set on `attempts`: a claimer whose
     * lease ran out (and whose message another instance claimed again) changes nothing.
     */
    async scheduleRetry(
      executor: DbExecutor,
      params: { id: string; attempts: number; nextAttemptAt: Date; lastError: string },
    ): Promise<boolean> {
      const rows = await executor
        .update(outboxMessages)
        .set({ nextAttemptAt: params.nextAttemptAt, lastError: params.lastError })
        .where(stillPendingAt(params))
        .returning({ id: outboxMessages.id });
      return rows.length > 0;
    },

    /** Gives up on a message (same compare-and-set as scheduleRetry). */
    async markFailed(
      executor: DbExecutor,
      params: { id: string; attempts: number; lastError: string },
    ): Promise<boolean> {
      const rows = await executor
        .update(outboxMessages)
        .set({ status: 'failed', lastError: params.lastError })
        .where(stillPendingAt(params))
        .returning({ id: outboxMessages.id });
      return rows.length > 0;
    },

    /** The newest messages first, whatever their status (the dev mailbox). */
    async findRecentMessages(executor: DbExecutor, limit: number): Promise<OutboxMessageSummary[]> {
      return executor
        .select({
          ...BASE_COLUMNS,
          status: outboxMessages.status,
          attempts: outboxMessages.attempts,
          createdAt: outboxMessages.createdAt,
          sentAt: outboxMessages.sentAt,
        })
        .from(outboxMessages)
        .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
        .limit(limit);
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
