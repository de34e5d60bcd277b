import { describe, expect, it } from 'vitest';
import {
  CHAT_ATTACHMENT_QUOTA,
  CHAT_QUOTA_MESSAGES,
  checkAttachmentQuota,
  waitText,
} from './attachment-quota';

const MB = 1024 * 1024;
const none = { sessionBytes: 0, personSessionBytes: 0, personDayBytes: 0 };

describe('chat attachment quotas', () => {
  it('allows up to each limit exactly, and names the first one broken', () => {
    expect(checkAttachmentQuota(none, 20 * MB)).toEqual({ ok: true });
    expect(
      checkAttachmentQuota({ ...none, personSessionBytes: 30 * MB, sessionBytes: 30 * MB }, 20 * MB),
    ).toEqual({
      ok: true,
    });
    expect(
      checkAttachmentQuota({ ...none, personSessionBytes: 30 * MB, sessionBytes: 30 * MB }, 20 * MB + 1),
    ).toMatchObject({
      ok: false,
      limit: 'personSession',
      status: 413,
      message: CHAT_QUOTA_MESSAGES.personSession,
    });
    expect(checkAttachmentQuota({ ...none, sessionBytes: 99 * MB }, 2 * MB)).toMatchObject({
      limit: 'session',
      status: 413,
    });
    expect(checkAttachmentQuota({ ...none, personDayBytes: 199 * MB }, 2 * MB)).toMatchObject({
      limit: 'day',
      status: 429,
      retryAfterSeconds: 24 * 60 * 60,
    });
  });

  it('says when enough of the day’s budget has rolled off', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
    const recentSends = [
      { sentAt: hoursAgo(1), bytes: 60 * MB },
      { sentAt: hoursAgo(22), bytes: 40 * MB },
      { sentAt: hoursAgo(23), bytes: 10 * MB },
      { sentAt: hoursAgo(5), bytes: 90 * MB },
    ];
    // 200 MB used; 15 MB more needs the sends of 23 h and 22 h ago to roll off: in 2 hours.
    const verdict = checkAttachmentQuota({ ...none, personDayBytes: 200 * MB }, 15 * MB, {
      now,
      recentSends,
    });
    expect(verdict).toMatchObject({ ok: false, limit: 'day', retryAfterSeconds: 2 * 3600 });
    expect(verdict.ok ? '' : verdict.message).toBe(
      'You have sent 200 MB of attachments in the last 24 hours, the most for a day. You can send more in about 2 hours.',
    );
  });

  it('words waits', () => {
    expect(waitText(30)).toBe('a minute');
    expect(waitText(3600)).toBe('about 60 minutes');
    expect(waitText(5 * 3600)).toBe('about 5 hours');
  });

  it('keeps the numbers sane: a session holds a few full-size files, a day several sessions’ worth', () => {
    expect(CHAT_ATTACHMENT_QUOTA.perPersonPerSessionBytes).toBe(50 * MB);
    expect(CHAT_ATTACHMENT_QUOTA.perSessionBytes).toBe(100 * MB);
    expect(CHAT_ATTACHMENT_QUOTA.perPersonPerDayBytes).toBe(200 * MB);
  });
});
