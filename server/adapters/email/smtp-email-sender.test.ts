import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpPeer } from '#test/support/smtp-peer';
import { createSmtpEmailSender } from './smtp-email-sender';

describe('SMTP email sender', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((close) => close()));
  });

  it('delivers text and HTML from the configured sender', async () => {
    const peer = await startSmtpPeer();
    closers.push(peer.close);
    const sender = createSmtpEmailSender({
      smtpUrl: `smtp://127.0.0.1:${peer.port}`,
      from: 'Wellspring <no-reply@wellspring.test>',
    });

    await sender.send({
      to: 'grace@example.test',
      subject: 'Reset your password',
      text: 'Use code 551177 to reset your password.',
      html: '<p>Use code <b>551177</b> to reset your password.</p>',
    });

    expect(peer.received).toHaveLength(1);
    const [mail] = peer.received;
    expect(mail?.from).toBe('no-reply@wellspring.test');
    expect(mail?.to).toEqual(['grace@example.test']);
    expect(mail?.raw).toMatch(/^Subject: Reset your password\r?$/m);
    expect(mail?.raw).toContain('Content-Type: text/plain');
    expect(mail?.raw).toContain('Use code 551177 to reset your password.');
    expect(mail?.raw).toContain('Content-Type: text/html');
  });

  it('rejects with the SMTP reply but never the password of the SMTP URL', async () => {
    const password = 'pa55-w0rd/secret';
    const peer = await startSmtpPeer({
      server: {
        authOptional: false,
        allowInsecureAuth: true,
        onAuth: (_auth, _session, callback) => callback(new Error('Authentication failed')),
      },
    });
    closers.push(peer.close);
    const sender = createSmtpEmailSender({
      smtpUrl: `smtp://mailer:${encodeURIComponent(password)}@127.0.0.1:${peer.port}`,
      from: 'no-reply@wellspring.test',
    });

    const error = await sender
      .send({ to: 'grace@example.test', subject: 'Hi', text: 'Body text 998877' })
      .then(
        () => undefined,
        (rejection: unknown) => rejection as Error,
      );

    expect(error).toBeInstanceOf(Error);
    expect(error?.message).toMatch(/^SMTP delivery failed: EAUTH \(SMTP 535\)/);
    expect(error?.message).not.toContain(password);
    expect(error?.message).not.toContain(encodeURIComponent(password));
    expect(error?.message).not.toContain('998877');
    expect(peer.received).toHaveLength(0);
  });

  it('rejects when nothing listens, naming the socket error', async () => {
    const peer = await startSmtpPeer();
    await peer.close(); // the port is now closed
    const sender = createSmtpEmailSender({ smtpUrl: `smtp://127.0.0.1:${peer.port}`, from: 'a@b.test' });
    await expect(sender.send({ to: 'x@example.test', subject: 's', text: 't' })).rejects.toThrow(
      /^SMTP delivery failed: E[A-Z]+: .*ECONNREFUSED/,
    );
  });
});
