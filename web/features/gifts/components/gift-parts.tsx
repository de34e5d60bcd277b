import { CalendarClock, CircleCheck, Clock, Gift, Sparkles, X } from 'lucide-react';
import type { ReceivedGift, SentGift } from '#contracts/gifts';
import { formatCents } from '#web/lib/money';
import { describeSession } from '../lib/gift-form';
import { formatDate, localTimeZone } from '#web/lib/dates';

export const formatDay = (iso: string) => formatDate(iso, localTimeZone());

/** What a gift is: "$25.00 wallet credit" or "30-minute video call with Lena Ortiz". */
export function giftTitle(gift: SentGift | ReceivedGift): string {
  return gift.session ? describeSession(gift.session) : `${formatCents(gift.amount)} wallet credit`;
}

export function GiftIcon({ gift }: { gift: SentGift | ReceivedGift }) {
  const Icon = gift.session ? Sparkles : Gift;
  return (
    <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent-strong">
      <Icon aria-hidden="true" className="size-5" />
    </span>
  );
}

/** The sender's message, as they wrote it (line breaks kept). */
export function GiftMessage({ message }: { message: string }) {
  if (!message) return null;
  return (
    <blockquote className="mt-3 border-l-2 border-accent/60 pl-3 text-sm whitespace-pre-line break-words text-text italic">
      {message}
    </blockquote>
  );
}

const CHIP =
  'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap';

/** Sent gifts: Scheduled for <date> / Waiting to be claimed / Claimed / Cancelled. */
export function StatusChip({ gift }: { gift: SentGift }) {
  if (gift.status === 'claimed')
    return (
      <span className={`${CHIP} bg-success/10 text-success`}>
        <CircleCheck aria-hidden="true" className="size-3.5" />
        Claimed
      </span>
    );
  if (gift.status === 'cancelled')
    return (
      <span className={`${CHIP} bg-surface-sunken text-text-muted`}>
        <X aria-hidden="true" className="size-3.5" />
        Cancelled
      </span>
    );
  if (gift.scheduled)
    return (
      <span className={`${CHIP} bg-primary-soft text-primary`}>
        <CalendarClock aria-hidden="true" className="size-3.5" />
        Scheduled for {formatDay(gift.deliver_at)}
      </span>
    );
  return (
    <span className={`${CHIP} bg-warning-soft text-warning`}>
      <Clock aria-hidden="true" className="size-3.5" />
      Waiting to be claimed
    </span>
  );
}
