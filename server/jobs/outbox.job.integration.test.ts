import { eq } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock } from '#domain/clock';
import { createLogCapture } from '#test/support/app';
import { createTestDatabase, type TestDatabase } from '#test/support/database';
import type { EmailSender } from '../adapters/email/email-sender';
import { createSmtpEmailSender } from '../adapters/email/smtp-email-sender';
import type { SmsMessage, SmsSender } from '../adapters/sms/sms-sender';
import { connectDatabase, type DatabaseHandle } from '../db/client';
import { findFreePort } from '../db/embedded-postgres';
import { outboxMessages } from '../db/schema/index';
import { createOutboxRepository, type NewOutboxMessage } from '../modules/outbox/outbox.repository';
import { createOutboxService } from '../modules/outbox/outbox.service';
import { startSmtpPeer, type SmtpPeer } from '#test/support/smtp-peer';
import { createOutboxJob, OUTBOX_MAX_ATTEMPTS, type OutboxJobDeps } from './outbox.job';

const FROM = 'Wellspring <no-reply@wellspring.test>';

const smtpSender = (port: number) =>
  createSmtpEmailSender({ smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM });

const email = (overrides: Partial<NewOutboxMessage> = {}): NewOutboxMessage => ({
  channel: 'email',
  recipient: 'ada@example.test',
  template: 'signup_confirmation',
  subject: 'Confirm your Wellspring account',
  bodyText: 'Your confirmation code is 482913.',
  ...overrides,
});

describe('outbox job', () => {
  let database: TestDatabase;
  let clock: ReturnType<typeof createManualClock>;
  let logs: ReturnType<typeof createLogCapture>;
  const peers: SmtpPeer[] = [];
  const extraHandles: DatabaseHandle[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });
  beforeEach(async () => {
    await database.db.delete(outboxMessages);
    clock = createManualClock('2026-11-21T09:00:00Z');
    logs = createLogCapture();
  });
  afterEach(async () => {
    await Promise.all(peers.splice(0).map((peer) => peer.close()));
    await Promise.all(extraHandles.splice(0).map((handle) => handle.close()));
  });

  const peer = async (port?: number) => {
    const started = await startSmtpPeer({ port });
    peers.push(started);
    return started;
  };

  const job = (deps: Partial<OutboxJobDeps> = {}) =>
    createOutboxJob({
      db: database.db,
      clock,
      logger: pino({ level: 'info' }, logs.stream),
      batchSize: 10,
      random: () => 0.5, // no jitter: the first retry comes exactly 30 s later
      ...deps,
    });

  const enqueue = (message: NewOutboxMessage, db = database.db) =>
    createOutboxService({ repository: createOutboxRepository(), clock }).enqueue(db, message);

  const row = async (id: string) => {
    const [found] = await database.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
    if (!found) throw new Error(`no outbox row ${id}`);
    return found;
  };

  it('sends a due email through a real SMTP peer and marks it sent', async () => {
    const smtp = await peer();
    const { id } = await enqueue(
      email({ bodyHtml: '<p>Your confirmation code is <strong>482913</strong>.</p>' }),
    );

    expect(await job({ emailSender: smtpSender(smtp.port) }).runOnce()).toEqual({
      sent: 1,
      retried: 0,
      failed: 0,
    });

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.to).toEqual(['ada@example.test']);
    expect(mail?.raw).toMatch(/^To: ada@example\.test\r?$/m);
    expect(mail?.raw).toMatch(/^From: Wellspring <no-reply@wellspring\.test>\r?$/m);
    expect(mail?.raw).toMatch(/^Subject: Confirm your Wellspring account\r?$/m);
    expect(mail?.raw).toContain('Your confirmation code is 482913.');
    expect(mail?.raw).toContain('Content-Type: text/html');
    expect(await row(id)).toMatchObject({
      status: 'sent',
      attempts: 1,
      sentAt: clock.now(),
      lastError: null,
    });
  });

  it('retries after the SMTP peer was down, once the backoff has passed, and delivers exactly once', async () => {
    const port = await findFreePort(); // nothing listens here yet
    const deliverer = job({ emailSender: smtpSender(port) });
    const { id } = await enqueue(email());

    expect(await deliverer.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    const afterFailure = await row(id);
    expect(afterFailure).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
    expect(afterFailure.nextAttemptAt).toEqual(new Date(clock.now().getTime() + 30_000));
    expect(afterFailure.lastError).toMatch(/^SMTP delivery failed: E[A-Z]+/);
    expect(afterFailure.lastError).not.toContain('482913');
    // Neither the address nor the body reaches the logs; the warning names the message.
    expect(logs.text()).toContain(id);
    expect(logs.text()).not.toContain('ada@example.test');
    expect(logs.text()).not.toContain('482913');

    const smtp = await peer(port);
    expect(await deliverer.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 }); // not due yet
    clock.advance(29_999);
    expect(await deliverer.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);

    clock.advance(1);
    expect(await deliverer.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    const deliveredAt = clock.now();
    clock.advance(3_600_000);
    expect(await deliverer.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });

    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.raw).toContain('Your confirmation code is 482913.');
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2, sentAt: deliveredAt });
  });

  it('sends each message once when two instances run at the same time', async () => {
    const smtp = await peer();
    const count = 15;
    for (let index = 0; index < count; index += 1) {
      await enqueue(email({ recipient: `person${index}@example.test` }));
    }
    // Two "instances": separate connection pools, senders and jobs, sharing only PostgreSQL.
    const instances = [
      connectDatabase(database.url, { poolSize: 2 }),
      connectDatabase(database.url, { poolSize: 2 }),
    ];
    extraHandles.push(...instances);
    const [first, second] = instances.map((handle) =>
      job({ db: handle.db, emailSender: smtpSender(smtp.port), batchSize: 4 }),
    );

    let sent = 0;
    for (let round = 0; round < 10; round += 1) {
      const results = await Promise.all([first!.runOnce(), second!.runOnce(), first!.runOnce()]);
      const sentThisRound = results.reduce((sum, result) => sum + result.sent, 0);
      expect(results.every((result) => result.retried === 0 && result.failed === 0)).toBe(true);
      sent += sentThisRound;
      if (sentThisRound === 0) break;
    }

    expect(sent).toBe(count);
    expect(smtp.received).toHaveLength(count);
    expect(new Set(smtp.received.flatMap((mail) => mail.to)).size).toBe(count);
    const rows = await database.db.select().from(outboxMessages);
    expect(rows.every((message) => message.status === 'sent' && message.attempts === 1)).toBe(true);
  });

  it('skips messages another transaction holds locked instead of waiting for them', async () => {
    const smtp = await peer();
    const locked = await enqueue(email({ recipient: 'locked@example.test' }));
    await enqueue(email({ recipient: 'free@example.test' }));

    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select id from outbox_messages where id = $1 for update', [locked.id]);
      const deliverer = job({ emailSender: smtpSender(smtp.port) });
      expect(await deliverer.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
      expect(smtp.received.map((mail) => mail.to)).toEqual([['free@example.test']]);

      await other.query('rollback');
      expect(await deliverer.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
      expect(smtp.received.map((mail) => mail.to).flat()).toEqual([
        'free@example.test',
        'locked@example.test',
      ]);
    } finally {
      await other.end();
    }
  });

  it(`marks a message failed after ${OUTBOX_MAX_ATTEMPTS} failed attempts, with growing delays`, async () => {
    const port = await findFreePort();
    const deliverer = job({ emailSender: smtpSender(port) });
    const { id } = await enqueue(email());

    const delays: number[] = [];
    for (let attempt = 1; attempt < OUTBOX_MAX_ATTEMPTS; attempt += 1) {
      expect(await deliverer.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
      const pending = await row(id);
      expect(pending).toMatchObject({ status: 'pending', attempts: attempt });
      delays.push(pending.nextAttemptAt.getTime() - clock.now().getTime());
      clock.set(pending.nextAttemptAt);
    }
    expect(delays).toEqual([30, 60, 120, 240, 480, 960, 1920].map((seconds) => seconds * 1000));

    expect(await deliverer.runOnce()).toEqual({ sent: 0, retried: 0, failed: 1 });
    const failed = await row(id);
    expect(failed).toMatchObject({ status: 'failed', attempts: OUTBOX_MAX_ATTEMPTS, sentAt: null });
    expect(failed.lastError).toMatch(/^SMTP delivery failed/);

    // A failed message is never tried again, even once a peer is back.
    const smtp = await peer(port);
    clock.advance(24 * 3_600_000);
    expect(await deliverer.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
  });

  it('gives up without sending when the final attempt was interrupted before it reported back', async () => {
    const smtp = await peer();
    const { id } = await enqueue(email());
    // As left by an instance that claimed the last attempt and died: attempts used up, lease over.
    await database.db
      .update(outboxMessages)
      .set({ attempts: OUTBOX_MAX_ATTEMPTS, lastError: 'SMTP delivery failed: ETIMEDOUT' })
      .where(eq(outboxMessages.id, id));

    expect(await job({ emailSender: smtpSender(smtp.port) }).runOnce()).toEqual({
      sent: 0,
      retried: 0,
      failed: 1,
    });
    expect(smtp.received).toHaveLength(0);
    expect(await row(id)).toMatchObject({ status: 'failed', lastError: 'SMTP delivery failed: ETIMEDOUT' });
  });

  it('leaves messages of a channel without a sender pending, untouched', async () => {
    const smtp = await peer();
    const sms = await enqueue({
      channel: 'sms',
      recipient: '+14155550123',
      template: 'phone_otp',
      bodyText: 'Your Wellspring code is 774201',
    });
    const mail = await enqueue(email());

    expect(await job({ emailSender: smtpSender(smtp.port) }).runOnce()).toEqual({
      sent: 1,
      retried: 0,
      failed: 0,
    });
    clock.advance(24 * 3_600_000);
    expect(await job({}).runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });

    expect(await row(mail.id)).toMatchObject({ status: 'sent' });
    expect(await row(sms.id)).toMatchObject({
      status: 'pending',
      attempts: 0,
      lastError: null,
      sentAt: null,
    });
  });

  it('sends text messages through the SMS sender', async () => {
    const texts: SmsMessage[] = [];
    const smsSender: SmsSender = {
      send: async (message) => {
        texts.push(message);
      },
    };
    const { id } = await enqueue({
      channel: 'sms',
      recipient: '+14155550123',
      template: 'phone_otp',
      bodyText: 'Your Wellspring code is 774201',
    });

    expect(await job({ smsSender }).runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(texts).toEqual([{ to: '+14155550123', body: 'Your Wellspring code is 774201' }]);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('runs on a timer once started, and stop() waits for the run in progress', async () => {
    let release: () => void = () => undefined;
    let calls = 0;
    let markSendStarted: () => void = () => undefined;
    const sendStarted = new Promise<void>((resolve) => {
      markSendStarted = resolve;
    });
    const emailSender: EmailSender = {
      send: () => {
        calls += 1;
        markSendStarted();
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
    };
    const { id } = await enqueue(email());
    const deliverer = job({ emailSender, pollIntervalMs: 20 });

    deliverer.start();
    await sendStarted;
    let stopped = false;
    const stopping = deliverer.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false); // still sending

    release();
    await stopping;
    expect(await row(id)).toMatchObject({ status: 'sent' });

    // No run after stop().
    const later = await enqueue(email({ recipient: 'later@example.test' }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls).toBe(1);
    expect(await row(later.id)).toMatchObject({ status: 'pending', attempts: 0 });
  });
});
