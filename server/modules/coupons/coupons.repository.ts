import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '#server/db/client';
import { couponRedemptions, coupons } from '#server/db/schema/index';
import { insertRowIfNew, updateRow } from '#server/lib/row-queries';

export type CouponRow = typeof coupons.$inferSelect;
export type CouponInsert = Omit<typeof coupons.$inferInsert, 'id'>;
export type CouponChanges = Partial<
  Omit<typeof coupons.$inferInsert, 'id' | 'coachId' | 'createdBy' | 'createdAt'>
>;
export type CouponRedemptionRow = typeof couponRedemptions.$inferSelect;
/** A coupon with its use counts: `uses` = active redemptions (what the limits count), `redemptions` = all. */
export type CouponWithUsage = CouponRow & { uses: number; redemptions: number };
export type RedemptionReference = { type: string; id: string };

/** The redemption of a reference (one at most: the unique key). */
const byReference = (reference: RedemptionReference) =>
  and(eq(couponRedemptions.referenceType, reference.type), eq(couponRedemptions.referenceId, reference.id));

/** The owner of a coupon: a coach's user id, or null for the platform's own coupons. */
const ownedBy = (coachId: string | null) =>
  coachId === null ? isNull(coupons.coachId) : eq(coupons.coachId, coachId);

const usageColumns = {
  uses: sql<number>`count(${couponRedemptions.id}) filter (where ${couponRedemptions.status} = 'active')`.mapWith(
    Number,
  ),
  redemptions: sql<number>`count(${couponRedemptions.id})`.mapWith(Number),
};

const withUsage = (row: { coupon: CouponRow; uses: number; redemptions: number }): CouponWithUsage => ({
  ...row.coupon,
  uses: row.uses,
  redemptions: row.redemptions,
});

/**
 * coupons and coupon_redemptions. Limits count ACTIVE redemptions; redeeming locks the coupon row first
 * (findByCode with lock), so the count read after the lock sees every redemption committed before it.
 */
export function createCouponsRepository() {
  return {
    /** Whether the person holds the coach role (active or not). */
    /** A coach's coupons (coachId null: the platform's), newest first, with their use counts. */
    async listByOwner(executor: DbExecutor, coachId: string | null): Promise<CouponWithUsage[]> {
      const rows = await executor
        .select({ coupon: coupons, ...usageColumns })
        .from(coupons)
        .leftJoin(couponRedemptions, eq(couponRedemptions.couponId, coupons.id))
        .where(ownedBy(coachId))
        .groupBy(coupons.id)
        .orderBy(desc(coupons.createdAt), desc(coupons.id));
      return rows.map(withUsage);
    },

    /** The owner's coupon (someone else's id looks like an unknown one), optionally row-locked. */
    async findOwned(
      executor: DbExecutor,
      coachId: string | null,
      id: string,
      options: { lock?: boolean } = {},
    ): Promise<CouponRow | undefined> {
      const query = executor
        .select()
        .from(coupons)
        .where(and(eq(coupons.id, id), ownedBy(coachId)));
      const [row] = options.lock ? await query.for('update') : await query;
      return row;
    },

    /** By its (upper-case) code; `lock` takes the row lock that serialises redemptions of one coupon. */
    async findByCode(
      executor: DbExecutor,
      code: string,
      options: { lock?: boolean } = {},
    ): Promise<CouponRow | undefined> {
      const query = executor.select().from(coupons).where(eq(coupons.code, code));
      const [row] = options.lock ? await query.for('update') : await query;
      return row;
    },

    async usageOf(executor: DbExecutor, couponId: string): Promise<{ uses: number; redemptions: number }> {
      const [row] = await executor
        .select(usageColumns)
        .from(couponRedemptions)
        .where(eq(couponRedemptions.couponId, couponId));
      return { uses: row?.uses ?? 0, redemptions: row?.redemptions ?? 0 };
    },

    /** Active redemptions of a coupon, and of those the client's (0 when no client is named). */
    async activeCounts(
      executor: DbExecutor,
      couponId: string,
      clientId: string | null,
    ): Promise<{ total: number; byClient: number }> {
      const [row] = await executor
        .select({
          total: count(),
          byClient:
            clientId === null
              ? sql<number>`0`.mapWith(Number)
              : sql<number>`count(*) filter (where ${couponRedemptions.clientId} = ${clientId})`.mapWith(
                  Number,
                ),
        })
        .from(couponRedemptions)
        .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.status, 'active')));
      return { total: row?.total ?? 0, byClient: row?.byClient ?? 0 };
    },

    /** Inserts a coupon; undefined when the code is already taken. */
    async insert(executor: DbExecutor, values: CouponInsert): Promise<CouponRow | undefined> {
      return insertRowIfNew(executor, coupons, values, coupons.code);
    },

    /** Updates the owner's coupon (a taken code throws a unique violation: see isUniqueViolation). */
    async update(
      executor: DbExecutor,
      coachId: string | null,
      id: string,
      changes: CouponChanges,
    ): Promise<CouponRow | undefined> {
      return updateRow(executor, coupons, changes, and(eq(coupons.id, id), ownedBy(coachId)));
    },

    /** Records a use; undefined when the reference already has a redemption (one per reference). */
    async insertRedemption(
      executor: DbExecutor,
      values: {
        couponId: string;
        clientId: string;
        reference: RedemptionReference;
        discountAmount: number;
        now: Date;
      },
    ): Promise<CouponRedemptionRow | undefined> {
      return insertRowIfNew(
        executor,
        couponRedemptions,
        {
          couponId: values.couponId,
          clientId: values.clientId,
          referenceType: values.reference.type,
          referenceId: values.reference.id,
          discountAmount: values.discountAmount,
          status: 'active',
          createdAt: values.now,
        },
        [couponRedemptions.referenceType, couponRedemptions.referenceId],
      );
    },

    /** active -> released for the reference's redemption; undefined when it has none (or not active). */
    async releaseRedemption(
      executor: DbExecutor,
      reference: RedemptionReference,
      now: Date,
    ): Promise<CouponRedemptionRow | undefined> {
      return updateRow(
        executor,
        couponRedemptions,
        { status: 'released', releasedAt: now },
        and(byReference(reference), eq(couponRedemptions.status, 'active')),
      );
    },

    async findRedemption(
      executor: DbExecutor,
      reference: RedemptionReference,
    ): Promise<CouponRedemptionRow | undefined> {
      const [row] = await executor.select().from(couponRedemptions).where(byReference(reference));
      return row;
    },
  };
}

export type CouponsRepository = ReturnType<typeof createCouponsRepository>;
