import { and, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '#server/db/client';
import { holdsRole } from '#server/db/role-queries';
import { moneyHolds } from '#server/db/schema/index';
import { insertRowIfNew, updateRow } from '#server/lib/row-queries';
import { coachRatesOf } from '#server/lib/session-queries';

export type MoneyHoldRow = typeof moneyHolds.$inferSelect;
export type HoldReference = { type: string; id: string };

export type { CoachRatesRow } from '#server/lib/session-queries';

const byReference = (reference: HoldReference) =>
  and(eq(moneyHolds.referenceType, reference.type), eq(moneyHolds.referenceId, reference.id));

/**
 * money_holds and the coach's on-demand rates. Every status change is a compare-and-set: the UPDATE
 * names the status it expects, so of two racing transactions the second waits on the row lock, then
 * re-checks the condition against the committed row and changes nothing.
 */
export function createSettlementRepository() {
  return {
    /** Whether the person holds the coach role (a quote names a coach). */
    holdsCoachRole: (executor: DbExecutor, userId: string) => holdsRole(executor, userId, 'coach'),

    /** The coach's on-demand rates (cents per 15 minutes, null = the SPEC §9 default). */
    coachRates: coachRatesOf,

    async findHold(executor: DbExecutor, reference: HoldReference): Promise<MoneyHoldRow | undefined> {
      const [row] = await executor.select().from(moneyHolds).where(byReference(reference));
      return row;
    },

    /** Inserts a new 'held' hold; undefined when the reference already has one. */
    async insertHold(
      executor: DbExecutor,
      values: {
        clientId: string;
        coachId: string;
        reference: HoldReference;
        amount: number;
        format?: 'text' | 'audio' | 'video' | null;
        durationMinutes?: number | null;
        now: Date;
      },
    ): Promise<MoneyHoldRow | undefined> {
      return insertRowIfNew(
        executor,
        moneyHolds,
        {
          clientId: values.clientId,
          coachId: values.coachId,
          referenceType: values.reference.type,
          referenceId: values.reference.id,
          amount: values.amount,
          format: values.format ?? null,
          durationMinutes: values.durationMinutes ?? null,
          status: 'held',
          createdAt: values.now,
          updatedAt: values.now,
        },
        [moneyHolds.referenceType, moneyHolds.referenceId],
      );
    },

    /** held -> released; undefined when the hold is not (or no longer) held. */
    async markReleased(
      executor: DbExecutor,
      reference: HoldReference,
      now: Date,
    ): Promise<MoneyHoldRow | undefined> {
      return updateRow(
        executor,
        moneyHolds,
        { status: 'released', updatedAt: now, settledAt: now },
        and(byReference(reference), eq(moneyHolds.status, 'held')),
      );
    },

    /** held -> captured with the split; undefined when the hold is not (or no longer) held. */
    async markCaptured(
      executor: DbExecutor,
      reference: HoldReference,
      split: { coach: number; platform: number },
      now: Date,
    ): Promise<MoneyHoldRow | undefined> {
      return updateRow(
        executor,
        moneyHolds,
        {
          status: 'captured',
          capturedCoachAmount: split.coach,
          capturedPlatformAmount: split.platform,
          updatedAt: now,
          settledAt: now,
        },
        and(
          byReference(reference),
          eq(moneyHolds.status, 'held'),
          // The split must add up to the amount held (also a CHECK constraint).
          sql`${moneyHolds.amount} = ${split.coach + split.platform}`,
        ),
      );
    },

    /**
     * Adds `amount` to refunded_amount of a captured hold when it still fits; undefined otherwise.
     * Returns the row AFTER the increment.
     */
    async addRefund(
      executor: DbExecutor,
      reference: HoldReference,
      amount: number,
      now: Date,
    ): Promise<MoneyHoldRow | undefined> {
      return updateRow(
        executor,
        moneyHolds,
        { refundedAmount: sql`${moneyHolds.refundedAmount} + ${amount}`, updatedAt: now },
        and(
          byReference(reference),
          eq(moneyHolds.status, 'captured'),
          sql`${moneyHolds.refundedAmount} + ${amount} <= ${moneyHolds.amount}`,
        ),
      );
    },
  };
}

export type SettlementRepository = ReturnType<typeof createSettlementRepository>;
