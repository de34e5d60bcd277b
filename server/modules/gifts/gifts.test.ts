import { describe, expect, it } from 'vitest';
import { createGiftBodySchema } from '#contracts/gifts';
import { AppError } from '#domain/errors/app-error';
import { renderEmail } from '../outbox/email-templates';
import { deliveryTime, toldWhenSent } from './gifts.service';

const NOW = new Date('2026-11-21T15:30:00Z');

function refusal(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
  return undefined;
}

describe('deliveryTime', () => {
  it('delivers now without a date, for today, and for yesterday (still today west of UTC)', () => {
    expect(deliveryTime(undefined, NOW)).toEqual(NOW);
    expect(deliveryTime(null, NOW)).toEqual(NOW);
    expect(deliveryTime('2026-11-21', NOW)).toEqual(NOW);
    expect(deliveryTime('2026-11-20', NOW)).toEqual(NOW);
  });

  it('delivers a later date at 09:00 UTC that day, up to the same day next year', () => {
    expect(deliveryTime('2026-11-22', NOW).toISOString()).toBe('2026-11-22T09:00:00.000Z');
    expect(deliveryTime('2027-11-21', NOW).toISOString()).toBe('2027-11-21T09:00:00.000Z');
  });

  it('refuses earlier dates and dates more than a year ahead, with what to do', () => {
    expect(refusal(() => deliveryTime('2026-11-19', NOW))).toBe('Choose today or a later date for delivery.');
    expect(refusal(() => deliveryTime('2027-11-22', NOW))).toBe(
      'Choose a delivery date within a year from today.',
    );
  });
});

describe('the gift body', () => {
  it('normalises the address and defaults the message', () => {
    const parsed = createGiftBodySchema.parse({
      kind: 'credit',
      amount: 1_000,
      recipient_email: '  Friend@Example.TEST ',
    });
    expect(parsed).toMatchObject({ recipient_email: 'friend@example.test', message: '' });
  });

  it('refuses impossible calendar dates', () => {
    const result = createGiftBodySchema.safeParse({
      kind: 'credit',
      amount: 1_000,
      recipient_email: 'a@example.test',
      deliver_on: '2026-02-30',
    });
    expect(result.success).toBe(false);
  });
});

describe('the gift_received email', () => {
  const email = renderEmail('gift_received', {
    senderName: 'Maya <b>\r\nBcc: x@evil.test',
    giftDescription: '$25.00 of Wellspring credit',
    message: '<script>alert(1)</script> & "hugs"',
    claimUrl: 'https://wellspring.example/gift?claim=abc&x="y"',
  });

  it('says who sent what, with the message and the claim link', () => {
    expect(email.subject).toBe('Maya <b> Bcc: x@evil.test sent you a gift on Wellspring');
    expect(email.bodyText).toContain('$25.00 of Wellspring credit');
    expect(email.bodyText).toContain('<script>alert(1)</script> & "hugs"');
    expect(email.bodyText).toContain('https://wellspring.example/gift?claim=abc&x="y"');
  });

  it('escapes every value in the HTML body and keeps line breaks out of the subject', () => {
    expect(email.subject).not.toMatch(/[\r\n]/);
    expect(email.bodyHtml).not.toContain('<script>');
    expect(email.bodyHtml).not.toContain('<b>');
    expect(email.bodyHtml).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;hugs&quot;');
    expect(email.bodyHtml).toContain('href="https://wellspring.example/gift?claim=abc&amp;x=&quot;y&quot;"');
  });

  it('leaves the message block out when there is no message', () => {
    const bare = renderEmail('gift_received', {
      senderName: 'Maya',
      giftDescription: '$10.00 of Wellspring credit',
      message: '  ',
      claimUrl: 'https://wellspring.example/gift?claim=1',
    });
    expect(bare.bodyText).not.toContain('Their message');
    expect(bare.bodyHtml).not.toContain('blockquote');
  });
});

describe('toldWhenSent (the recipient hears of a gift once: when sent, or when claimed)', () => {
  const SENT = new Date('2026-11-21T15:30:00Z');
  const before = new Date(SENT.getTime() - 60_000);
  const after = new Date(SENT.getTime() + 60_000);

  it('a gift delivered at once to an address confirmed by then was told when sent', () => {
    expect(toldWhenSent({ createdAt: SENT, deliverAt: SENT }, before)).toBe(true);
    expect(toldWhenSent({ createdAt: SENT, deliverAt: SENT }, SENT)).toBe(true);
  });

  it('a scheduled gift, or an address confirmed later (or never), is told at the claim', () => {
    expect(toldWhenSent({ createdAt: SENT, deliverAt: after }, before)).toBe(false);
    expect(toldWhenSent({ createdAt: SENT, deliverAt: SENT }, after)).toBe(false);
    expect(toldWhenSent({ createdAt: SENT, deliverAt: SENT }, null)).toBe(false);
  });
});
