import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { mailboxResponseSchema } from '#contracts/outbox';
import { createTestApp } from '#test/support/app';
import { useTestDatabase } from '#test/support/test-app';
import { outboxMessages } from '#server/db/schema/index';
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

  it('refuses the mailbox to requests from another machine, and does not offer it to them', async () => {
    await database.db.delete(outboxMessages);
    const { app, clock } = await createTestApp(database.db, { MAILBOX_ENABLED: 'true' });
    const outbox = createOutboxService({ repository: createOutboxRepository(), clock });
    await outbox.enqueue(database.db, {
      channel: 'email',
      recipient: 'admin@wellspring.demo',
      template: 'password_recovery',
      subject: 'Reset your Wellspring password',
      bodyText: 'Your reset code is 918273.',
    });

    for (const remoteAddress of ['10.1.2.3', '192.168.1.20', '::ffff:203.0.113.9', '2001:db8::1']) {
      const refused = await app.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress });
      expect(refused.statusCode, remoteAddress).toBe(403);
      expect(refused.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
      expect(refused.body).not.toContain('918273');
      const settings = await app.inject({ method: 'GET', url: '/auth/v1/settings', remoteAddress });
      expect(settings.json()).toMatchObject({ mailbox: false });
    }
    // A forged X-Forwarded-For does not make a remote peer local (no trusted proxy).
    const forged = await app.inject({
      method: 'GET',
      url: '/api/dev/mailbox',
      remoteAddress: '10.1.2.3',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(forged.statusCode).toBe(403);

    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const local = await app.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress });
      expect(local.statusCode, remoteAddress).toBe(200);
      expect(local.body).toContain('918273');
      const settings = await app.inject({ method: 'GET', url: '/auth/v1/settings', remoteAddress });
      expect(settings.json()).toMatchObject({ mailbox: true });
    }
    await app.close();

    // Behind a proxy on this machine, the client it forwards for decides.
    const proxied = await createTestApp(database.db, { MAILBOX_ENABLED: 'true', TRUST_PROXY: '127.0.0.1' });
    const viaProxy = (forwardedFor: string) =>
      proxied.app.inject({
        method: 'GET',
        url: '/api/dev/mailbox',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': forwardedFor },
      });
    expect((await viaProxy('198.51.100.7')).statusCode).toBe(403);
    expect((await viaProxy('127.0.0.1')).statusCode).toBe(200);
    await proxied.app.close();
  });

  it('refuses a real connection from a non-loopback address', async () => {
    const lanAddress = Object.values(os.networkInterfaces())
      .flat()
      .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;
    if (!lanAddress) return; // a machine with no network interface but loopback: nothing to try
    const { app } = await createTestApp(database.db, { MAILBOX_ENABLED: 'true' });
    await app.listen({ host: '0.0.0.0', port: 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const remote = await fetch(`http://${lanAddress}:${port}/api/dev/mailbox`);
    expect(remote.status).toBe(403);
    const local = await fetch(`http://127.0.0.1:${port}/api/dev/mailbox`);
    expect(local.status).toBe(200);
    await app.close();
  });

  it('offers the demo accounts on the sign-in page only in the seeded embedded demo', async () => {
    const demo = await createTestApp(database.db, {});
    const demoSettings = (await demo.app.inject({ method: 'GET', url: '/auth/v1/settings' })).json();
    expect(demoSettings.demo_accounts).toContainEqual({
      label: 'Client',
      email: 'client@wellspring.demo',
      password: 'wellspring-demo-client',
    });
    await demo.app.close();

    const others: Record<string, string>[] = [
      { SEED_DEMO_DATA: 'false' },
      { DATABASE_URL: 'postgres://u@db.internal/wellspring' },
      { DATABASE_URL: 'postgres://u@db.internal/wellspring', SEED_DEMO_DATA: 'true' },
    ];
    for (const env of others) {
      const other = await createTestApp(database.db, env);
      const settings = (await other.app.inject({ method: 'GET', url: '/auth/v1/settings' })).json();
      expect(settings.demo_accounts, JSON.stringify(env)).toEqual([]);
      await other.app.close();
    }
  });
});
