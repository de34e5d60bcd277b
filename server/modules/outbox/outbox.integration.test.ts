import { describe, expect, it } from 'vitest';
import { mailboxResponseSchema } from '../../../contracts/outbox';
import { createTestApp } from '../../../test/support/app';
import { useTestDatabase } from '../../../test/support/test-app';
import { outboxMessages } from '../../db/schema/index';
import { createOutboxRepository } from './outbox.repository';
import { createOutboxService } from './outbox.service';

describe('GET /api/dev/mailbox', () => {
  const database = useTestDatabase();

  it('lists the newest outbox messages first, as text, when the mailbox is enabled', async () => {
    await database.db.delete(outboxMessages);
    const { app, clock } = await createTestApp(database.db, { MAILBOX_ENABLED: 'true' });
    const outbox = createOutboxService({ repository: createOutboxRepository(), clock });
    await outbox.enqueue(database.db, {
      channel: 'email',
      recipient: 'ada@example.test',
      template: 'signup_confirmation',
      subject: 'Confirm your Wellspring account',
      bodyText: 'Your confirmation code is 482913.',
      bodyHtml: '<p>Your confirmation code is <b>482913</b>.</p>',
    });
    clock.advance(60_000);
    await outbox.enqueue(database.db, {
      channel: 'sms',
      recipient: '+14155550123',
      template: 'phone_otp',
      bodyText: 'Your Wellspring code is 774201',
    });

    const response = await app.inject({ method: 'GET', url: '/api/dev/mailbox' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = mailboxResponseSchema.parse(response.json());
    expect(body.messages).toHaveLength(2);
    expect(body.messages[0]).toMatchObject({
      channel: 'sms',
      recipient: '+14155550123',
      template: 'phone_otp',
      subject: null,
      body_text: 'Your Wellspring code is 774201',
      status: 'pending',
      attempts: 0,
      created_at: '2026-11-21T09:01:00.000Z',
      sent_at: null,
    });
    expect(body.messages[1]).toMatchObject({
      channel: 'email',
      recipient: 'ada@example.test',
      subject: 'Confirm your Wellspring account',
      body_text: 'Your confirmation code is 482913.',
      created_at: '2026-11-21T09:00:00.000Z',
    });
    // Only the plain text goes to the page, never the HTML version.
    expect(response.body).not.toContain('<b>');
    expect(Object.keys(response.json().messages[1]).sort()).toEqual(
      [
        'attempts',
        'body_text',
        'channel',
        'created_at',
        'id',
        'recipient',
        'sent_at',
        'status',
        'subject',
        'template',
      ].sort(),
    );
    await app.close();
  });

  it('returns at most the newest 100 messages', async () => {
    await database.db.delete(outboxMessages);
    const { app, clock } = await createTestApp(database.db, { MAILBOX_ENABLED: 'true' });
    const start = clock.now().getTime();
    await database.db.insert(outboxMessages).values(
      Array.from({ length: 105 }, (_, index) => ({
        channel: 'email' as const,
        recipient: `person${index}@example.test`,
        template: 'signup_confirmation',
        subject: `Message ${index}`,
        bodyText: `Body ${index}`,
        nextAttemptAt: new Date(start + index * 1000),
        createdAt: new Date(start + index * 1000),
      })),
    );

    const response = await app.inject({ method: 'GET', url: '/api/dev/mailbox' });

    const { messages } = mailboxResponseSchema.parse(response.json());
    expect(messages).toHaveLength(100);
    expect(messages[0]?.subject).toBe('Message 104');
    expect(messages[99]?.subject).toBe('Message 5');
    await app.close();
  });

  it('is a JSON 404 when the mailbox is disabled (an email or SMS provider is configured)', async () => {
    const disabled = await createTestApp(database.db, { MAILBOX_ENABLED: 'false' });
    const response = await disabled.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    await disabled.app.close();

    // MAILBOX_ENABLED=auto turns it off as soon as SMTP is configured.
    const withSmtp = await createTestApp(database.db, { SMTP_URL: 'smtp://127.0.0.1:2525' });
    expect((await withSmtp.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(404);
    await withSmtp.app.close();
  });
});
