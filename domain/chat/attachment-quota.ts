/**
 * Chat attachment quotas: the one place their numbers live. Counted in stored bytes
 * (an image after it is re-encoded) from the chat_messages rows, so a deleted file or a refused upload
 * never counts. Each file's own size limit is in contracts/chat.ts (CHAT_ATTACHMENT_MAX_BYTES: 10 MB an
 * image, 20 MB a file, 5 MB a voice note); these bound what piles up:
 *
 * - per person and session: 50 MB — far more than a session's worksheets, photos and voice notes;
 * - per session, everyone together (the parties and their guests): 100 MB;
 * - per person per rolling 24 hours, over all their sessions: 200 MB — a coach with many sessions a day
 *   still sends plenty; a script filling the disk stops here.
 *
 * Session quotas answer 413 (the space is used up for good); the day's budget answers 429 with
 * Retry-After (it comes back as the day rolls on).
 */

const MB = 1024 * 1024;

export const CHAT_ATTACHMENT_QUOTA = {
  perPersonPerSessionBytes: 50 * MB,
  perSessionBytes: 100 * MB,
  perPersonPerDayBytes: 200 * MB,
  dayMs: 24 * 60 * 60 * 1000,
} as const;

const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;

export const CHAT_QUOTA_MESSAGES = {
  personSession: `You have sent ${mb(CHAT_ATTACHMENT_QUOTA.perPersonPerSessionBytes)} of attachments in this session, the most one person can. Share a link to the file instead.`,
  session: `This session already holds ${mb(CHAT_ATTACHMENT_QUOTA.perSessionBytes)} of attachments, the most a session can. Share a link instead.`,
  day: (retryAfterSeconds: number) =>
    `You have sent ${mb(CHAT_ATTACHMENT_QUOTA.perPersonPerDayBytes)} of attachments in the last 24 hours, the most for a day. You can send more in ${waitText(retryAfterSeconds)}.`,
} as const;

/** "about 3 hours", "about 20 minutes", "a minute". */
export function waitText(seconds: number): string {
  if (seconds <= 60) return 'a minute';
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return `about ${minutes} minutes`;
  return `about ${Math.round(minutes / 60)} hours`;
}

/** What a person has stored in a session and over the last 24 hours, in bytes. */
export type AttachmentUsage = {
  /** Everyone's attachments in this session. */
  sessionBytes: number;
  /** This person's in this session. */
  personSessionBytes: number;
  /** This person's in every session, sent within the last 24 hours. */
  personDayBytes: number;
};

export type QuotaVerdict =
  | { ok: true }
  | { ok: false; limit: 'personSession' | 'session'; status: 413; message: string }
  | { ok: false; limit: 'day'; status: 429; message: string; retryAfterSeconds: number };

/**
 * Whether `size` more bytes fit. `recentSends`: this person's attachments of the last 24 hours (sent
 * at, bytes), used only when the day's budget is exceeded, to say when enough of it will have rolled
 * off (the Retry-After).
 */
export function checkAttachmentQuota(
  usage: AttachmentUsage,
  size: number,
  day?: { now: Date; recentSends: readonly { sentAt: Date; bytes: number }[] },
): QuotaVerdict {
  const quota = CHAT_ATTACHMENT_QUOTA;
  if (usage.personSessionBytes + size > quota.perPersonPerSessionBytes)
    return { ok: false, limit: 'personSession', status: 413, message: CHAT_QUOTA_MESSAGES.personSession };
  if (usage.sessionBytes + size > quota.perSessionBytes)
    return { ok: false, limit: 'session', status: 413, message: CHAT_QUOTA_MESSAGES.session };
  if (usage.personDayBytes + size > quota.perPersonPerDayBytes) {
    const retryAfterSeconds = day ? secondsUntilRoom(usage.personDayBytes, size, day) : quota.dayMs / 1000;
    return {
      ok: false,
      limit: 'day',
      status: 429,
      message: CHAT_QUOTA_MESSAGES.day(retryAfterSeconds),
      retryAfterSeconds,
    };
  }
  return { ok: true };
}

/** Seconds until sends older than 24 hours free enough of the day's budget for `size` more bytes. */
function secondsUntilRoom(
  used: number,
  size: number,
  day: { now: Date; recentSends: readonly { sentAt: Date; bytes: number }[] },
): number {
  const { dayMs, perPersonPerDayBytes } = CHAT_ATTACHMENT_QUOTA;
  const sends = [...day.recentSends].sort((a, b) => a.sentAt.getTime() - b.sentAt.getTime());
  let left = used;
  for (const send of sends) {
    left -= send.bytes;
    if (left + size <= perPersonPerDayBytes)
      return Math.max(1, Math.ceil((send.sentAt.getTime() + dayMs - day.now.getTime()) / 1000));
  }
  return dayMs / 1000;
}
