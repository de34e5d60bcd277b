import { describe, expect, it } from 'vitest';
import { emailTime, renderEmail } from './email-templates';

describe('message alert emails', () => {
  const data = {
    coachName: 'Lena Ortiz',
    clientName: 'Robin <b>Client</b>',
    messageContent: 'Hello <script>alert(1)</script>\nsecond line',
    messageTime: emailTime(new Date('2026-11-21T09:05:00Z')),
    chatUrl: 'https://wellspring.example/chat/1?a=1&b=2',
  };

  it('tells a coach who wrote, when, a preview on one line and the way to the conversation', () => {
    const email = renderEmail('coach_inquiry_alert', data);
    expect(email.subject).toBe('New message from Robin <b>Client</b>');
    expect(email.bodyText).toContain('Hi Lena Ortiz,');
    expect(email.bodyText).toContain('(Sat, 21 Nov 2026, 09:05 UTC)');
    expect(email.bodyText).toContain('Hello <script>alert(1)</script> second line');
    expect(email.bodyText).toContain(data.chatUrl);
    // Every value is escaped in the HTML body.
    expect(email.bodyHtml).not.toContain('<script>');
    expect(email.bodyHtml).not.toContain('<b>');
    expect(email.bodyHtml).toContain('&lt;script&gt;');
    expect(email.bodyHtml).toContain('href="https://wellspring.example/chat/1?a=1&amp;b=2"');
  });

  it('greets the client and names the coach in the client’s alert', () => {
    const email = renderEmail('client_message_alert', data);
    expect(email.subject).toBe('New message from Lena Ortiz');
    expect(email.bodyText).toContain('Hi Robin <b>Client</b>,');
  });
});
