import {
  COUPON_CODE_PATTERN,
  COUPON_INVALID_MESSAGES,
  COUPON_MESSAGES,
  couponTermsErrors,
  type Coupon,
  type CouponCreateBody,
  type CouponDiscountType,
  type CouponUpdateBody,
} from '#contracts/coupons';
import type { Clock } from '#domain/clock';
import { AppError, type ErrorDetail } from '#domain/errors/app-error';
import type { Database, DbExecutor } from '#server/db/client';
import { isUniqueViolation } from '#server/lib/row-queries';
import type { ActiveAdmin, AdminService } from '../admin/admin.service';
import {
  type CouponChanges,
  type CouponRow,
  type CouponsRepository,
  type CouponWithUsage,
  type RedemptionReference,
} from './coupons.repository';

/** A coupon that may be used now by this client with this coach. */
export type ValidCoupon = { id: string; code: string; discountType: CouponDiscountType; value: number };

export type CouponRedemption = {
  id: string;
  couponId: string;
  code: string;
  discountType: CouponDiscountType;
  discountAmount: number;
  reference: RedemptionReference;
};

/** Runs in the transaction of a coupon change, after it (the admin routes write their audit row here). */
export type CouponAudit = (tx: DbExecutor, coupon: Coupon) => Promise<void>;

export function toCoupon(row: CouponRow, usage: { uses: number; redemptions: number }): Coupon {
  return {
    id: row.id,
    code: row.code,
    coach_id: row.coachId,
    discount_type: row.discountType,
    value: row.value,
    valid_from: row.validFrom.toISOString(),
    valid_until: row.validUntil?.toISOString() ?? null,
    max_redemptions: row.maxRedemptions,
    max_redemptions_per_client: row.maxRedemptionsPerClient,
    active: row.active,
    uses: usage.uses,
    terms_locked: usage.redemptions > 0,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const fromUsageRow = (row: CouponWithUsage) => toCoupon(row, row);

const invalid = (reason: keyof typeof COUPON_INVALID_MESSAGES) =>
  new AppError('COUPON_INVALID', COUPON_INVALID_MESSAGES[reason]);

const validationError = (details: ErrorDetail[]) =>
  new AppError('VALIDATION_ERROR', details[0]?.message, { details });

const codeTaken = () =>
  new AppError('CONFLICT', COUPON_MESSAGES.codeTaken, {
    details: [{ path: 'body.code', message: COUPON_MESSAGES.codeTaken }],
  });

const notFound = () => new AppError('NOT_FOUND', COUPON_MESSAGES.notFound);

/** The code as stored: trimmed, upper case; null when it cannot be a code at all. */
export function normalizeCouponCode(code: string): string | null {
  const normalized = code.trim().toUpperCase();
  return COUPON_CODE_PATTERN.test(normalized) ? normalized : null;
}

/**
 * Coupons. `validate` answers whether a code may be used now by a client with a coach
 * (COUPON_INVALID with the exact reason otherwise); `redeem` records a use in the caller's transaction
 * (settlement.hold calls it with the hold, so a failed hold leaves no use and vice versa) and
 * `releaseFor` gives it back (settlement.release). Limits count active redemptions under the coupon's
 * row lock, so N simultaneous redemptions of a coupon with room for one give exactly one.
 *
 * Management: a coach (coach role) creates and edits their own coupons; financial admins the platform's
 * (coach_id null). Someone else's coupon answers NOT_FOUND. Code, type and value are frozen once the
 * coupon has been redeemed (sessions record them).
 */
/** What an audit row records about a platform coupon change. */
const auditDetails = (coupon: Coupon, body: object) => ({
  code: coupon.code,
  discount_type: coupon.discount_type,
  value: coupon.value,
  changes: body,
});

export function createCouponsService(deps: {
  db: Database;
  repository: CouponsRepository;
  clock: Clock;
  /** The admin module's audit log (platform coupon changes); not needed to validate or redeem. */
  logAdminActivity?: AdminService['logActivity'];
}) {
  const { db, repository, clock } = deps;
  const logAdminActivity: AdminService['logActivity'] =
    deps.logAdminActivity ??
    (() => Promise.reject(new Error("Platform coupons need the admin module's audit log")));

  /** The reasons a coupon row cannot be used, in the order a person would want to hear them. */
  async function check(
    executor: DbExecutor,
    row: CouponRow | undefined,
    input: { coachId: string; clientId?: string | null },
  ): Promise<CouponRow> {
    if (!row || !row.active) throw invalid('unknown');
    const now = clock.now().getTime();
    if (now < row.validFrom.getTime()) throw invalid('notYetValid');
    if (row.validUntil !== null && now >= row.validUntil.getTime()) throw invalid('expired');
    if (row.coachId !== null && row.coachId !== input.coachId) throw invalid('otherCoach');
    if (row.maxRedemptions !== null || row.maxRedemptionsPerClient !== null) {
      const counts = await repository.activeCounts(executor, row.id, input.clientId ?? null);
      if (row.maxRedemptions !== null && counts.total >= row.maxRedemptions) throw invalid('usedUp');
      if (
        input.clientId &&
        row.maxRedemptionsPerClient !== null &&
        counts.byClient >= row.maxRedemptionsPerClient
      )
        throw invalid('alreadyUsed');
    }
    return row;
  }

  const toValid = (row: CouponRow): ValidCoupon => ({
    id: row.id,
    code: row.code,
    discountType: row.discountType,
    value: row.value,
  });

  /** Whether the code may be used now (no lock: a quote; `redeem` checks again under the lock). */
  async function validate(
    executor: DbExecutor,
    input: { code: string; coachId: string; clientId?: string | null },
  ): Promise<ValidCoupon> {
    const code = normalizeCouponCode(input.code);
    if (code === null) throw invalid('unknown');
    return toValid(await check(executor, await repository.findByCode(executor, code), input));
  }

  /**
   * Records one use of the coupon for `reference` in the caller's transaction: locks the coupon row
   * (SELECT ... FOR UPDATE), checks everything again with the limits counted under the lock, inserts
   * the redemption (active). COUPON_INVALID when it can no longer be used.
   */
  async function redeem(
    tx: DbExecutor,
    input: {
      code: string;
      coachId: string;
      clientId: string;
      reference: RedemptionReference;
      /** Cents taken off the price (> 0). */
      discountAmount: number;
    },
  ): Promise<CouponRedemption> {
    if (!Number.isSafeInteger(input.discountAmount) || input.discountAmount <= 0)
      throw new AppError(
        'VALIDATION_ERROR',
        'The coupon discount must be a positive whole number of cents.',
        {
          details: [{ path: 'coupon.discountAmount', message: 'Enter a positive discount in cents.' }],
        },
      );
    const code = normalizeCouponCode(input.code);
    if (code === null) throw invalid('unknown');
    const row = await check(tx, await repository.findByCode(tx, code, { lock: true }), input);
    // A fixed coupon never takes off more than its value (a percent one is bounded by the price).
    if (row.discountType === 'fixed' && input.discountAmount > row.value)
      throw new AppError('VALIDATION_ERROR', 'The discount is larger than this coupon gives.', {
        details: [
          { path: 'coupon.discountAmount', message: 'The discount is larger than this coupon gives.' },
        ],
      });
    const redemption = await repository.insertRedemption(tx, {
      couponId: row.id,
      clientId: input.clientId,
      reference: input.reference,
      discountAmount: input.discountAmount,
      now: clock.now(),
    });
    if (!redemption)
      throw new AppError('CONFLICT', 'A coupon was already used for this request. Refresh to see it.');
    return {
      id: redemption.id,
      couponId: row.id,
      code: row.code,
      discountType: row.discountType,
      discountAmount: redemption.discountAmount,
      reference: input.reference,
    };
  }

  /** Gives the reference's use back (its request was declined, cancelled or expired). No-op without one. */
  async function releaseFor(tx: DbExecutor, reference: RedemptionReference): Promise<boolean> {
    return (await repository.releaseRedemption(tx, reference, clock.now())) !== undefined;
  }

  // ---- Management (coachId null = the platform's coupons).

  async function list(coachId: string | null): Promise<Coupon[]> {
    return (await repository.listByOwner(db, coachId)).map(fromUsageRow);
  }

  async function create(
    owner: { coachId: string | null; createdBy: string },
    body: CouponCreateBody,
    audit?: CouponAudit,
  ): Promise<Coupon> {
    const now = clock.now();
    const code = normalizeCouponCode(body.code);
    if (code === null) throw validationError([{ path: 'body.code', message: COUPON_MESSAGES.code }]);
    const validFrom = body.valid_from ? new Date(body.valid_from) : now;
    const validUntil = body.valid_until ? new Date(body.valid_until) : null;
    const terms = {
      discount_type: body.discount_type,
      value: body.value,
      valid_from: validFrom,
      valid_until: validUntil,
      max_redemptions: body.max_redemptions ?? null,
      max_redemptions_per_client: body.max_redemptions_per_client ?? null,
    };
    const errors = couponTermsErrors(terms).map((error) => ({ ...error, path: `body.${error.path}` }));
    if (validUntil !== null && validUntil.getTime() <= now.getTime())
      errors.push({ path: 'body.valid_until', message: COUPON_MESSAGES.endInPast });
    if (errors.length > 0) throw validationError(errors);
    return db.transaction(async (tx) => {
      const row = await repository.insert(tx, {
        code,
        coachId: owner.coachId,
        createdBy: owner.createdBy,
        discountType: terms.discount_type,
        value: terms.value,
        validFrom,
        validUntil,
        maxRedemptions: terms.max_redemptions,
        maxRedemptionsPerClient: terms.max_redemptions_per_client,
        active: body.active ?? true,
        createdAt: now,
        updatedAt: now,
      });
      if (!row) throw codeTaken();
      const coupon = toCoupon(row, { uses: 0, redemptions: 0 });
      await audit?.(tx, coupon);
      return coupon;
    });
  }

  async function update(
    coachId: string | null,
    id: string,
    body: CouponUpdateBody,
    audit?: CouponAudit,
  ): Promise<Coupon> {
    const now = clock.now();
    try {
      return await db.transaction(async (tx) => {
        // The lock keeps a redemption from slipping in between the "never redeemed" check and the change.
        const current = await repository.findOwned(tx, coachId, id, { lock: true });
        if (!current) throw notFound();
        const usage = await repository.usageOf(tx, current.id);
        const code = body.code === undefined ? undefined : normalizeCouponCode(body.code);
        if (code === null) throw validationError([{ path: 'body.code', message: COUPON_MESSAGES.code }]);
        const changesTerms =
          (code !== undefined && code !== current.code) ||
          (body.discount_type !== undefined && body.discount_type !== current.discountType) ||
          (body.value !== undefined && body.value !== current.value);
        if (changesTerms && usage.redemptions > 0)
          throw new AppError('CONFLICT', COUPON_MESSAGES.termsLocked);

        const merged = {
          discount_type: body.discount_type ?? current.discountType,
          value: body.value ?? current.value,
          valid_from: body.valid_from ? new Date(body.valid_from) : current.validFrom,
          valid_until:
            body.valid_until === undefined
              ? current.validUntil
              : body.valid_until === null
                ? null
                : new Date(body.valid_until),
          max_redemptions: body.max_redemptions === undefined ? current.maxRedemptions : body.max_redemptions,
          max_redemptions_per_client:
            body.max_redemptions_per_client === undefined
              ? current.maxRedemptionsPerClient
              : body.max_redemptions_per_client,
        };
        const errors = couponTermsErrors(merged).map((error) => ({ ...error, path: `body.${error.path}` }));
        if (errors.length > 0) throw validationError(errors);

        const changes: CouponChanges = { updatedAt: now };
        if (code !== undefined) changes.code = code;
        if (body.discount_type !== undefined) changes.discountType = body.discount_type;
        if (body.value !== undefined) changes.value = body.value;
        if (body.valid_from !== undefined) changes.validFrom = merged.valid_from;
        if (body.valid_until !== undefined) changes.validUntil = merged.valid_until;
        if (body.max_redemptions !== undefined) changes.maxRedemptions = body.max_redemptions;
        if (body.max_redemptions_per_client !== undefined)
          changes.maxRedemptionsPerClient = body.max_redemptions_per_client;
        if (body.active !== undefined) changes.active = body.active;
        const row = await repository.update(tx, coachId, id, changes);
        if (!row) throw notFound();
        const coupon = toCoupon(row, usage);
        await audit?.(tx, coupon);
        return coupon;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw codeTaken();
      throw error;
    }
  }

  return {
    validate,
    redeem,
    releaseFor,
    /** The redemption recorded for a reference (active or released), if any. */
    findRedemption: (reference: RedemptionReference, executor: DbExecutor = db) =>
      repository.findRedemption(executor, reference),
    /** The calling coach's own coupons (the endpoint's access rule made sure the caller is a coach). */
    coach: {
      list: (userId: string): Promise<Coupon[]> => list(userId),
      create: (userId: string, body: CouponCreateBody): Promise<Coupon> =>
        create({ coachId: userId, createdBy: userId }, body),
      update: (userId: string, id: string, body: CouponUpdateBody) => update(userId, id, body),
    },

    /** Platform-wide coupons (coach_id null) for authorized financial admins; every change audit-logged. */
    platform: {
      list: () => list(null),
      create: (actor: ActiveAdmin, body: CouponCreateBody, requestId: string) =>
        create({ coachId: null, createdBy: actor.userId }, body, (tx, created) =>
          logAdminActivity(tx, actor, {
            actionType: 'create_platform_coupon',
            targetType: 'coupon',
            targetId: created.id,
            details: auditDetails(created, body),
            requestId,
          }),
        ),
      update: (actor: ActiveAdmin, id: string, body: CouponUpdateBody, requestId: string) =>
        update(null, id, body, (tx, updated) =>
          logAdminActivity(tx, actor, {
            actionType: 'update_platform_coupon',
            targetType: 'coupon',
            targetId: updated.id,
            details: auditDetails(updated, body),
            requestId,
          }),
        ),
    },
  };
}

export type CouponsService = ReturnType<typeof createCouponsService>;
