import { and, desc, eq, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '#server/db/client';
import {
  gifts,
  outboxMessages,
  profiles,
  users,
  type GiftKind,
  type GiftStatus,
} from '#server/db/schema/index';
import { insertRow, updateRow } from '#server/lib/row-queries';

export type GiftRow = typeof gifts.$inferSelect;

/** A gift with the names a screen shows: the sender's and, for a session gift, the coach's. */
export type GiftView = GiftRow & {
  senderFullName: string | null;
  senderEmail: string | null;
  coachFullName: string | null;
  coachUsername: string | null;
  coachEmail: string | null;
};

export type GiftAccount = { email: string | null; emailConfirmedAt: Date | null };

/** The newest gifts a list shows (sent, and received). */
export const GIFT_LIST_LIMIT = 100;

const senderProfile = alias(profiles, 'sender_profile');
const senderUser = alias(users, 'sender_user');
const coachProfile = alias(profiles, 'coach_profile');
const coachUser = alias(users, 'coach_user');

function viewQuery(executor: DbExecutor) {
  return executor
    .select({
      gift: gifts,
      senderFullName: senderProfile.fullName,
      senderEmail: senderUser.email,
      coachFullName: coachProfile.fullName,
      coachUsername: coachProfile.username,
      coachEmail: coachUser.email,
    })
    .from(gifts)
    .innerJoin(senderUser, eq(senderUser.id, gifts.senderId))
    .leftJoin(senderProfile, eq(senderProfile.userId, gifts.senderId))
    .leftJoin(coachUser, eq(coachUser.id, gifts.coachId))
    .leftJoin(coachProfile, eq(coachProfile.userId, gifts.coachId));
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof viewQuery>['execute']>>[number];

const toView = ({ gift, ...names }: ViewRow): GiftView => ({ ...gift, ...names });

export function createGiftsRepository() {
  return {
    /** The caller's current address and whether it is confirmed (the token's email may be stale). */
    async findAccount(executor: DbExecutor, userId: string): Promise<GiftAccount | undefined> {
      const [row] = await executor
        .select({ email: users.email, emailConfirmedAt: users.emailConfirmedAt })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    /** The account whose address is `email` (lower case), confirmed by `at`, if there is one. */
    async findConfirmedAccountByEmail(
      executor: DbExecutor,
      email: string,
      at: Date,
    ): Promise<{ id: string } | undefined> {
      const [row] = await executor
        .select({ id: users.id })
        .from(users)
        .where(and(eq(sql`lower(${users.email})`, email), lte(users.emailConfirmedAt, at)));
      return row;
    },

    async insertGift(
      executor: DbExecutor,
      values: {
        senderId: string;
        recipientEmail: string;
        kind: GiftKind;
        amount: number;
        coachId: string | null;
        format: 'text' | 'audio' | 'video' | null;
        durationMinutes: number | null;
        message: string;
        deliverAt: Date;
        now: Date;
      },
    ): Promise<GiftRow> {
      return insertRow(executor, gifts, {
        senderId: values.senderId,
        recipientEmail: values.recipientEmail,
        kind: values.kind,
        amount: values.amount,
        coachId: values.coachId,
        format: values.format,
        durationMinutes: values.durationMinutes,
        message: values.message,
        deliverAt: values.deliverAt,
        status: 'pending',
        createdAt: values.now,
        updatedAt: values.now,
      });
    },

    async findView(executor: DbExecutor, id: string): Promise<GiftView | undefined> {
      const [row] = await viewQuery(executor).where(eq(gifts.id, id));
      return row ? toView(row) : undefined;
    },

    /**
     * Compare-and-set pending -> claimed, for this recipient only (their address, delivered by `now`).
     * Of racing claims and cancels exactly one changes the row; the others get undefined.
     */
    async claimPending(
      executor: DbExecutor,
      params: { id: string; recipientEmail: string; recipientUserId: string; now: Date },
    ): Promise<GiftRow | undefined> {
      return updateRow(
        executor,
        gifts,
        {
          status: 'claimed',
          recipientUserId: params.recipientUserId,
          claimedAt: params.now,
          updatedAt: params.now,
        },
        and(
          eq(gifts.id, params.id),
          eq(gifts.status, 'pending'),
          eq(gifts.recipientEmail, params.recipientEmail),
          lte(gifts.deliverAt, params.now),
        ),
      );
    },

    /** Compare-and-set pending -> cancelled, for the sender only. */
    async cancelPending(
      executor: DbExecutor,
      params: { id: string; senderId: string; now: Date },
    ): Promise<GiftRow | undefined> {
      return updateRow(
        executor,
        gifts,
        { status: 'cancelled', cancelledAt: params.now, updatedAt: params.now },
        and(eq(gifts.id, params.id), eq(gifts.status, 'pending'), eq(gifts.senderId, params.senderId)),
      );
    },

    async listSent(executor: DbExecutor, senderId: string): Promise<GiftView[]> {
      const rows = await viewQuery(executor)
        .where(eq(gifts.senderId, senderId))
        .orderBy(desc(gifts.createdAt), desc(gifts.id))
        .limit(GIFT_LIST_LIMIT);
      return rows.map(toView);
    },

    /**
     * Gifts for a person: pending ones sent to their (confirmed) address and delivered by `now`, and
     * the ones they claimed. `email` null (no confirmed address): only the claimed ones.
     */
    async listReceived(
      executor: DbExecutor,
      params: { userId: string; email: string | null; now: Date },
    ): Promise<GiftView[]> {
      const claimedByThem = and(eq(gifts.status, 'claimed'), eq(gifts.recipientUserId, params.userId));
      const deliveredToThem =
        params.email === null
          ? undefined
          : and(
              eq(gifts.status, 'pending'),
              eq(gifts.recipientEmail, params.email),
              lte(gifts.deliverAt, params.now),
            );
      const rows = await viewQuery(executor)
        .where(deliveredToThem ? or(deliveredToThem, claimedByThem) : claimedByThem)
        // Claimable ones first, then history; newest first within each.
        .orderBy(sql`(${gifts.status} = 'pending') desc`, desc(gifts.deliverAt), desc(gifts.id))
        .limit(GIFT_LIST_LIMIT);
      return rows.map(toView);
    },

    /**
     * A cancelled gift's email must not go out: its message, if no delivery attempt has claimed it yet
     * (attempts 0: the delivery job counts the attempt in the same statement that claims it), is marked
     * failed. An email already delivered (or being delivered) stays; its link then says the gift is gone.
     */
    async withdrawUnsentEmail(executor: DbExecutor, giftId: string): Promise<void> {
      await executor
        .update(outboxMessages)
        .set({ status: 'failed', lastError: 'Gift cancelled before delivery' })
        .where(
          and(
            eq(outboxMessages.template, 'gift_received'),
            eq(outboxMessages.status, 'pending'),
            eq(outboxMessages.attempts, 0),
            sql`${outboxMessages.data} ->> 'giftId' = ${giftId}`,
          ),
        );
    },
  };
}

export type GiftsRepository = ReturnType<typeof createGiftsRepository>;
export type { GiftStatus };
