/**
 * A rolling byte budget (the attachments a person sent in a conversation between sessions, or in all of
 * them, over the last 24 hours: contracts/messages.ts MESSAGE_ATTACHMENT_QUOTA holds the numbers). Pure:
 * the sends and `now` are arguments.
 */

export type AttachmentSend = { sentAt: Date; bytes: number };

export type BudgetVerdict = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * Whether `size` more bytes fit in `budget` beside what was sent within the window; when they do not, in
 * how many seconds enough of it will be older than the window (at least 1; the whole window when even
 * an empty window would not hold `size`). `sends`: the sends within the window, in any order.
 */
export function checkRollingBudget(input: {
  sends: readonly AttachmentSend[];
  size: number;
  budget: number;
  windowMs: number;
  now: Date;
}): BudgetVerdict {
  const { size, budget, windowMs, now } = input;
  const sends = [...input.sends].sort((a, b) => a.sentAt.getTime() - b.sentAt.getTime());
  let left = sends.reduce((sum, send) => sum + send.bytes, 0);
  if (left + size <= budget) return { ok: true };
  for (const send of sends) {
    left -= send.bytes;
    if (left + size <= budget)
      return {
        ok: false,
        retryAfterSeconds: Math.max(1, Math.ceil((send.sentAt.getTime() + windowMs - now.getTime()) / 1000)),
      };
  }
  return { ok: false, retryAfterSeconds: Math.ceil(windowMs / 1000) };
}
