import type { Clock } from '#domain/clock';
import type { EmailSender } from '../adapters/email/email-sender';
import type { SmsSender } from '../adapters/sms/sms-sender';
import type { Database } from '../db/client';
import {
  createOutboxRepository,
  type ClaimedOutboxMessage,
  type OutboxChannel,
} from '../modules/outbox/outbox.repository';
import { describeErrorForLog } from '../plugins/log-safety';

/** After this many failed attempts a message is marked failed (about an hour of retries in all). */
export const OUTBOX_MAX_ATTEMPTS = 8;
const BASE_RETRY_DELAY_MS = 30_000;
const MAX_RETRY_DELAY_MS = 60 * 60_000;
/**
 * How long a claimed message is reserved for the instance sending it. Longer than any one send can
 * take (the adapters time out within a minute), so a message is sent twice only when its sender
 * died mid-send; then it is retried when the lease ends.
 */
const CLAIM_LEASE_MS = 5 * 60_000;
const MAX_ERROR_LENGTH = 500;

/** The delay before the next attempt: 30 s doubling per attempt, capped at 1 h, with ±20 % jitter. */
export function retryDelayMs(attemptsMade: number, random: () => number = Math.random): number {
  const base = Math.min(BASE_RETRY_DELAY_MS * 2 ** Math.max(0, attemptsMade - 1), MAX_RETRY_DELAY_MS);
  // Jitter spreads out messages that failed together (a peer outage) so they do not return at once.
  return Math.min(Math.round(base * (0.8 + 0.4 * random())), MAX_RETRY_DELAY_MS);
}

/** The pino methods the job uses; Fastify's `app.log` fits. */
export type JobLogger = {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
};

export type OutboxRunResult = { sent: number; retried: number; failed: number };
type Outcome = keyof OutboxRunResult;

export type OutboxJobDeps = {
  db: Database;
  clock: Clock;
  /** No sender for a channel: its messages stay pending (and visible in the dev mailbox). */
  emailSender?: EmailSender | undefined;
  smsSender?: SmsSender | undefined;
  logger: JobLogger;
  /** Messages claimed (and sent in parallel) per run. */
  batchSize: number;
  /** Pause between runs once started (config.outboxPollIntervalMs). */
  pollIntervalMs?: number;
  maxAttempts?: number;
  /** For the retry jitter; tests pass a fixed one. */
  random?: () => number;
};

/**
 * Delivers the transactional outbox. Safe with several instances: each run claims due messages in
 * the database (FOR UPDATE SKIP LOCKED plus a lease, see claimDueMessages), so one message is sent
 * by one instance. Delivery is at-least-once: a process that dies after sending but before
 * recording it sends the message again once the lease ends.
 */
export function createOutboxJob(deps: OutboxJobDeps) {
  const repository = createOutboxRepository();
  const maxAttempts = deps.maxAttempts ?? OUTBOX_MAX_ATTEMPTS;
  const pollIntervalMs = deps.pollIntervalMs ?? 1000;
  const random = deps.random ?? Math.random;
  const channels: OutboxChannel[] = [
    ...(deps.emailSender ? (['email'] as const) : []),
    ...(deps.smsSender ? (['sms'] as const) : []),
  ];

  async function send(message: ClaimedOutboxMessage): Promise<void> {
    if (message.channel === 'email') {
      if (!deps.emailSender) throw new Error('No email sender is configured');
      await deps.emailSender.send({
        to: message.recipient,
        subject: message.subject ?? '',
        text: message.bodyText,
        ...(message.bodyHtml === null ? {} : { html: message.bodyHtml }),
      });
    } else {
      if (!deps.smsSender) throw new Error('No SMS sender is configured');
      await deps.smsSender.send({ to: message.recipient, body: message.bodyText });
    }
  }

  /** null: another claimer settled the message first (its lease had run out). */
  async function deliver(message: ClaimedOutboxMessage): Promise<Outcome | null> {
    const { id, attempts } = message;
    if (attempts > maxAttempts) {
      // The final attempt never reported back (the process stopped mid-send): give up now.
      const lastError = message.lastError ?? 'The last delivery attempt was interrupted';
      return (await repository.markFailed(deps.db, { id, attempts, lastError })) ? 'failed' : null;
    }

    let failure: string | undefined;
    try {
      await send(message);
    } catch (error) {
      // Adapters word their errors without credentials or message bodies; cut anything long.
      failure = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
    }
    const now = deps.clock.now();
    if (failure === undefined) return (await repository.markSent(deps.db, id, now)) ? 'sent' : null;

    const willRetry = attempts < maxAttempts;
    // No recipient and no error text in the logs (both can hold an address): last_error has the detail.
    deps.logger.warn(
      {
        outboxMessageId: id,
        channel: message.channel,
        template: message.template,
        attempt: attempts,
        willRetry,
      },
      'outbox delivery attempt failed',
    );
    if (!willRetry) {
      return (await repository.markFailed(deps.db, { id, attempts, lastError: failure })) ? 'failed' : null;
    }
    const nextAttemptAt = new Date(now.getTime() + retryDelayMs(attempts, random));
    return (await repository.scheduleRetry(deps.db, { id, attempts, nextAttemptAt, lastError: failure }))
      ? 'retried'
      : null;
  }

  async function runOnce(): Promise<OutboxRunResult> {
    const result: OutboxRunResult = { sent: 0, retried: 0, failed: 0 };
    if (channels.length === 0) return result;
    const now = deps.clock.now();
    const claimed = await repository.claimDueMessages(deps.db, {
      now,
      channels,
      limit: deps.batchSize,
      leaseUntil: new Date(now.getTime() + CLAIM_LEASE_MS),
    });
    const outcomes = await Promise.allSettled(claimed.map(deliver));
    for (const outcome of outcomes) {
      if (outcome.status === 'fulfilled') {
        if (outcome.value) result[outcome.value] += 1;
      } else {
        // Recording the result failed (database gone): the lease runs out and the message is retried.
        deps.logger.error({ err: describeErrorForLog(outcome.reason) }, 'outbox could not record a delivery');
      }
    }
    return result;
  }

  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | undefined;
  let isFailing = false;

  function schedule(delayMs: number) {
    timer = setTimeout(tick, delayMs);
    timer.unref();
  }

  function tick() {
    timer = undefined;
    inFlight = runOnce()
      .then(
        (result) => {
          if (isFailing) deps.logger.info({}, 'outbox delivery resumed');
          isFailing = false;
          if (result.sent + result.retried + result.failed > 0) deps.logger.info({ ...result }, 'outbox run');
        },
        (error: unknown) => {
          // Log the start of an outage once, not once per poll.
          if (!isFailing) deps.logger.error({ err: describeErrorForLog(error) }, 'outbox run failed');
          isFailing = true;
        },
      )
      .finally(() => {
        inFlight = undefined;
        if (started) schedule(pollIntervalMs);
      });
  }

  return {
    runOnce,
    /** Runs now, then every pollIntervalMs after the previous run ends (runs never overlap). */
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },
    /** Stops the timer and waits for a run in progress, so the database can be closed after it. */
    async stop() {
      started = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await inFlight;
    },
  };
}

export type OutboxJob = ReturnType<typeof createOutboxJob>;
