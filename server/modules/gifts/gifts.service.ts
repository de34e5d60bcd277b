import type { Clock } from '#domain/clock';
import { AppError } from '#domain/errors/app-error';
import { formatCents } from '#domain/money/format';
import {
  GIFT_DELIVERY_HOUR_UTC,
  GIFT_MESSAGES,
  type CancelGiftResponse,
  type ClaimGiftResponse,
  type CreateGiftInput,
  type GiftsResponse,
  type ReceivedGift,
  type SentGift,
} from '#contracts/gifts';
import { NOTIFICATION_TEXTS } from '#contracts/notifications';
import type { RealtimeEvent } from '#contracts/realtime';
import type { Database, DbExecutor } from '#server/db/client';
import type { LedgerService } from '../ledger/ledger.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { renderEmail } from '../outbox/email-templates';
import type { OutboxService } from '../outbox/outbox.service';
import type { SettlementService } from '../settlement/settlement.service';
import type { GiftAccount, GiftRow, GiftView, GiftsRepository } from './gifts.repository';
import { FORMAT_ADJECTIVES } from '#domain/coaching/format-labels';

const DAY_MS = 24 * 60 * 60 * 1000;

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const localPart = (email: string | null) => (email ? (email.split('@')[0] ?? email) : 'Someone');
const nameOf = (fullName: string | null, email: string | null) => fullName?.trim() || localPart(email);

/** The UTC calendar date of an instant, as YYYY-MM-DD. */
const utcDate = (instant: Date) => instant.toISOString().slice(0, 10);

function validationError(path: string, message: string): AppError {
  return new AppError('VALIDATION_ERROR', message, { details: [{ path, message }] });
}

/**
 * When a gift is delivered: absent, today or yesterday (UTC; still today west of UTC) -> now; a later
 * date -> 09:00 UTC that day, at most one year ahead (the same calendar day next year).
 */
export function deliveryTime(deliverOn: string | null | undefined, now: Date): Date {
  if (!deliverOn) return now;
  const today = utcDate(now);
  const yesterday = utcDate(new Date(now.getTime() - DAY_MS));
  if (deliverOn < yesterday) throw validationError('deliver_on', GIFT_MESSAGES.datePast);
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const limit = utcDate(new Date(Date.UTC(year + 1, month - 1, day)));
  if (deliverOn > limit) throw validationError('deliver_on', GIFT_MESSAGES.dateTooFar);
  if (deliverOn <= today) return now;
  const [y, m, d] = deliverOn.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d, GIFT_DELIVERY_HOUR_UTC));
}

function sessionOf(view: GiftView) {
  if (view.kind !== 'session' || !view.coachId || !view.format || view.durationMinutes === null) return null;
  return {
    coach_id: view.coachId,
    coach_name: nameOf(view.coachFullName, view.coachEmail),
    coach_username: view.coachUsername,
    format: view.format,
    duration_minutes: view.durationMinutes,
  };
}

function baseOf(view: GiftView, now: Date) {
  return {
    id: view.id,
    kind: view.kind,
    amount: view.amount,
    status: view.status,
    message: view.message,
    deliver_at: view.deliverAt.toISOString(),
    scheduled: view.status === 'pending' && view.deliverAt > now,
    session: sessionOf(view),
    created_at: view.createdAt.toISOString(),
    claimed_at: iso(view.claimedAt),
    cancelled_at: iso(view.cancelledAt),
  };
}

const toSent = (view: GiftView, now: Date): SentGift => ({
  ...baseOf(view, now),
  recipient_email: view.recipientEmail,
});

const toReceived = (view: GiftView, now: Date): ReceivedGift => ({
  ...baseOf(view, now),
  sender_name: nameOf(view.senderFullName, view.senderEmail),
});

/** What the gift is, in a few words: "$25.00 of Wellspring credit", "a 30-minute video session with …". */
function giftWhat(view: GiftView): string {
  const session = sessionOf(view);
  if (!session) return `${formatCents(view.amount)} of Wellspring credit`;
  return `a ${session.duration_minutes}-minute ${FORMAT_ADJECTIVES[session.format].toLowerCase()} session with ${session.coach_name}`;
}

/** What the gift is, in the recipient's email. */
function describeGift(view: GiftView): string {
  if (!sessionOf(view)) return giftWhat(view);
  return `${giftWhat(view)} (${formatCents(view.amount)}, added to your wallet as credit)`;
}

/**
 * Whether the recipient was told of the gift when it was sent (gift_received, "… sent you a gift"): it
 * was delivered at once (no later date) to an account whose address was confirmed by then (the send
 * looks for exactly that account). The one who claims it later with an address confirmed since is
 * told at the claim instead ("Gift added to your wallet"), so every recipient hears of a gift once.
 * `confirmedAt`: the claimer's confirmation (set again when an address changes).
 */
export function toldWhenSent(
  gift: Pick<GiftRow, 'createdAt' | 'deliverAt'>,
  confirmedAt: Date | null,
): boolean {
  return (
    gift.deliverAt.getTime() <= gift.createdAt.getTime() &&
    confirmedAt !== null &&
    confirmedAt.getTime() <= gift.createdAt.getTime()
  );
}

/** The caller's confirmed address, lower case; null when they have none. */
const confirmedEmail = (account: GiftAccount | undefined) =>
  account?.email && account.emailConfirmedAt ? account.email.toLowerCase() : null;

/**
 * Gifts. Ledger postings, all with reference ('gift', id):
 * - send (kind 'gift'): sender client_wallet -> gift_escrow (INSUFFICIENT_FUNDS when the wallet is short);
 * - claim (kind 'gift_claim'): gift_escrow -> recipient client_wallet;
 * - cancel (kind 'gift_cancel'): gift_escrow -> sender client_wallet.
 * Each status change is a compare-and-set on gifts.status (pending -> claimed | cancelled) in the SAME
 * transaction as its posting, so of racing claims and cancels exactly one moves the money. The
 * money-moving functions take the caller's (idempotency) transaction.
 *
 * Visibility: a gift is the recipient's once their account's address equals recipient_email, that
 * address is confirmed, and deliver_at has passed; to everyone else (but the sender) it does not exist.
 *
 * The recipient's notification (gift_received) is written in the transaction that makes the gift
 * theirs: the send, when it is delivered at once to an account with that confirmed address; else the
 * claim, when it lands in their wallet (toldWhenSent). A gift scheduled for a later date reaches its
 * recipient by email on that date, and in the app when claimed.
 */
export function createGiftsService(deps: {
  db: Database;
  repository: GiftsRepository;
  ledger: LedgerService;
  settlement: Pick<SettlementService, 'quote'>;
  isApprovedCoach: (userId: string) => Promise<boolean>;
  outbox: OutboxService;
  notifications: Pick<NotificationsService, 'notify'>;
  clock: Clock;
  publicUrl: string;
}) {
  const { db, repository, ledger, clock } = deps;

  /** At the send: a gift delivered now to an account with that confirmed address is theirs to claim. */
  async function tellRecipientOfDelivery(tx: DbExecutor, view: GiftView, now: Date) {
    if (view.deliverAt.getTime() > now.getTime()) return [];
    const recipient = await repository.findConfirmedAccountByEmail(tx, view.recipientEmail, now);
    if (!recipient) return [];
    const senderName = nameOf(view.senderFullName, view.senderEmail);
    return deps.notifications.notify(tx, {
      userId: recipient.id,
      type: 'gift_received',
      title: NOTIFICATION_TEXTS.giftReceived.title(senderName),
      message: NOTIFICATION_TEXTS.giftReceived.message(giftWhat(view)),
      actorId: view.senderId,
      actorName: senderName,
      actionText: NOTIFICATION_TEXTS.giftReceived.action,
      actionUrl: `/gift?claim=${view.id}`,
    });
  }

  async function amountOf(tx: DbExecutor, input: CreateGiftInput): Promise<number> {
    if (input.kind === 'credit') return input.amount;
    if (!(await deps.isApprovedCoach(input.coach_id)))
      throw new AppError('NOT_FOUND', GIFT_MESSAGES.notListedCoach, {
        details: [{ path: 'coach_id', message: GIFT_MESSAGES.notListedCoach }],
      });
    const quote = await deps.settlement.quote(
      { coachId: input.coach_id, format: input.format, minutes: input.duration_minutes },
      tx,
    );
    if (input.expected_amount !== undefined && input.expected_amount !== quote.final)
      throw new AppError('CONFLICT', GIFT_MESSAGES.priceChanged, {
        details: [{ path: 'expected_amount', message: `The price is now ${formatCents(quote.final)}.` }],
      });
    if (quote.final <= 0)
      throw new AppError('VALIDATION_ERROR', 'This session is free, so there is nothing to gift.', {
        details: [{ path: 'coach_id', message: 'This session is free, so there is nothing to gift.' }],
      });
    return quote.final;
  }

  async function walletBalance(tx: DbExecutor, userId: string) {
    const wallet = await ledger.ensureAccount(tx, 'client_wallet', userId);
    return ledger.balanceOf(tx, wallet.id);
  }

  /** The gift's escrowed amount to a wallet: the recipient's when claimed, the sender's when cancelled. */
  async function escrowToWallet(
    tx: DbExecutor,
    kind: 'gift_claim' | 'gift_cancel',
    id: string,
    userId: string,
    amount: number,
  ) {
    await ledger.transfer(tx, {
      kind,
      reference: { type: 'gift', id },
      from: ['gift_escrow', null],
      to: ['client_wallet', userId],
      amount,
    });
  }

  async function mustView(tx: DbExecutor, id: string): Promise<GiftView> {
    const view = await repository.findView(tx, id);
    if (!view) throw new Error(`Gift ${id} vanished inside its transaction`);
    return view;
  }

  /** Whether `view` is this person's to see as a recipient (claimed by them, or delivered to their address). */
  function isRecipient(view: GiftRow, userId: string, email: string | null, now: Date) {
    if (view.status === 'claimed') return view.recipientUserId === userId;
    return email !== null && view.recipientEmail === email && view.deliverAt <= now;
  }

  return {
    /**
     * POST /api/gifts: the amount goes from the sender's wallet to escrow; the email is queued for
     * deliver_at; a recipient with an account is told now when it is delivered now.
     */
    async send(
      tx: DbExecutor,
      senderId: string,
      input: CreateGiftInput,
    ): Promise<{ body: SentGift; events: RealtimeEvent[] }> {
      const now = clock.now();
      const account = await repository.findAccount(tx, senderId);
      if (account?.email && account.email.toLowerCase() === input.recipient_email)
        throw validationError('recipient_email', GIFT_MESSAGES.ownAddress);
      const deliverAt = deliveryTime(input.deliver_on, now);
      const amount = await amountOf(tx, input);

      const gift = await repository.insertGift(tx, {
        senderId,
        recipientEmail: input.recipient_email,
        kind: input.kind,
        amount,
        coachId: input.kind === 'session' ? input.coach_id : null,
        format: input.kind === 'session' ? input.format : null,
        durationMinutes: input.kind === 'session' ? input.duration_minutes : null,
        message: input.message.trim(),
        deliverAt,
        now,
      });
      await ledger.transfer(tx, {
        kind: 'gift',
        reference: { type: 'gift', id: gift.id },
        from: ['client_wallet', senderId],
        to: ['gift_escrow', null],
        amount,
        metadata: { giftKind: gift.kind },
      });

      const view = await mustView(tx, gift.id);
      const data = {
        senderName: nameOf(view.senderFullName, view.senderEmail),
        giftDescription: describeGift(view),
        message: view.message,
        claimUrl: `${deps.publicUrl}/gift?claim=${gift.id}`,
      };
      await deps.outbox.enqueue(tx, {
        channel: 'email',
        recipient: gift.recipientEmail,
        template: 'gift_received',
        ...renderEmail('gift_received', data),
        data: { ...data, giftId: gift.id },
        notBefore: deliverAt,
      });
      const events = await tellRecipientOfDelivery(tx, view, now);
      return { body: toSent(view, now), events };
    },

    /** GET /api/gifts: what the caller sent, and what is theirs to claim (or claimed). */
    async list(userId: string): Promise<GiftsResponse> {
      const now = clock.now();
      const account = await repository.findAccount(db, userId);
      const email = confirmedEmail(account);
      const [sent, received] = await Promise.all([
        repository.listSent(db, userId),
        repository.listReceived(db, { userId, email, now }),
      ]);
      return {
        sent: sent.map((view) => toSent(view, now)),
        received: received.map((view) => toReceived(view, now)),
        email: account?.email ?? null,
        email_confirmed: Boolean(account?.email && account.emailConfirmedAt),
      };
    },

    /**
     * POST /api/gifts/:id/claim: escrow -> the recipient's wallet. Anyone else: 404. The claimer is
     * told here unless they were told when it was sent (toldWhenSent).
     */
    async claim(
      tx: DbExecutor,
      userId: string,
      id: string,
    ): Promise<{ body: ClaimGiftResponse; events: RealtimeEvent[] }> {
      const now = clock.now();
      const account = await repository.findAccount(tx, userId);
      const email = confirmedEmail(account);
      const current = await repository.findView(tx, id);
      if (!current || !isRecipient(current, userId, email, now)) throw new AppError('NOT_FOUND');
      if (current.status === 'claimed') throw new AppError('CONFLICT', GIFT_MESSAGES.alreadyClaimed);
      if (current.status === 'cancelled') throw new AppError('CONFLICT', GIFT_MESSAGES.cancelledBeforeClaim);
      if (email === null) throw new AppError('NOT_FOUND');

      const claimed = await repository.claimPending(tx, {
        id,
        recipientEmail: email,
        recipientUserId: userId,
        now,
      });
      if (!claimed) {
        // A racing claim or cancel committed first: say which.
        const after = await mustView(tx, id);
        throw new AppError(
          'CONFLICT',
          after.status === 'cancelled' ? GIFT_MESSAGES.cancelledBeforeClaim : GIFT_MESSAGES.alreadyClaimed,
        );
      }
      await escrowToWallet(tx, 'gift_claim', id, userId, claimed.amount);
      const view = await mustView(tx, id);
      const senderName = nameOf(view.senderFullName, view.senderEmail);
      const events = toldWhenSent(claimed, account?.emailConfirmedAt ?? null)
        ? []
        : await deps.notifications.notify(tx, {
            userId,
            type: 'gift_received',
            title: NOTIFICATION_TEXTS.giftClaimed.title,
            message: NOTIFICATION_TEXTS.giftClaimed.message(formatCents(claimed.amount), senderName),
            actorId: view.senderId,
            actorName: senderName,
            actionText: NOTIFICATION_TEXTS.giftClaimed.action,
            actionUrl: '/wallet',
          });
      return {
        body: { gift: toReceived(view, now), wallet_balance: await walletBalance(tx, userId) },
        events,
      };
    },

    /** POST /api/gifts/:id/cancel: escrow -> the sender's wallet, while unclaimed. Anyone else: 404. */
    async cancel(tx: DbExecutor, userId: string, id: string): Promise<CancelGiftResponse> {
      const now = clock.now();
      const current = await repository.findView(tx, id);
      if (!current || current.senderId !== userId) throw new AppError('NOT_FOUND');
      const cancelled = await repository.cancelPending(tx, { id, senderId: userId, now });
      if (!cancelled) {
        const after = await mustView(tx, id);
        throw new AppError(
          'CONFLICT',
          after.status === 'claimed' ? GIFT_MESSAGES.claimedBeforeCancel : GIFT_MESSAGES.alreadyCancelled,
        );
      }
      await escrowToWallet(tx, 'gift_cancel', id, userId, cancelled.amount);
      await repository.withdrawUnsentEmail(tx, id);
      return {
        gift: toSent(await mustView(tx, id), now),
        wallet_balance: await walletBalance(tx, userId),
      };
    },
  };
}

export type GiftsService = ReturnType<typeof createGiftsService>;
