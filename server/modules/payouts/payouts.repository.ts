import { and, asc, count, desc, eq, isNull, sql, sum } from 'drizzle-orm';
import type { DbExecutor } from '#server/db/client';
import {
  payoutMethods,
  profiles,
  users,
  withdrawals,
  type PayoutMethodKind,
  type WithdrawalStatus,
} from '#server/db/schema/index';
import { insertRow, lockKey, updateRow } from '#server/lib/row-queries';

export type PayoutMethodRow = typeof payoutMethods.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type WithdrawalWithMethodRow = {
  withdrawal: WithdrawalRow;
  method: Pick<PayoutMethodRow, 'id' | 'kind' | 'label' | 'details'>;
};
export type AdminWithdrawalRow = WithdrawalWithMethodRow & {
  coach: { id: string; name: string | null; email: string | null };
};

const methodColumns = {
  id: payoutMethods.id,
  kind: payoutMethods.kind,
  label: payoutMethods.label,
  details: payoutMethods.details,
};

/** The coach's payout methods that are not removed. */
const activeMethodsOf = (coachId: string) =>
  and(eq(payoutMethods.coachId, coachId), isNull(payoutMethods.removedAt));

/** Withdrawals with their payout method and coach, as the admin queue shows them. */
const adminWithdrawals = (executor: DbExecutor) =>
  executor
    .select({
      withdrawal: withdrawals,
      method: methodColumns,
      coach: { id: users.id, name: profiles.fullName, email: users.email },
    })
    .from(withdrawals)
    .innerJoin(payoutMethods, eq(payoutMethods.id, withdrawals.payoutMethodId))
    .innerJoin(users, eq(users.id, withdrawals.coachId))
    .leftJoin(profiles, eq(profiles.userId, withdrawals.coachId));

/**
 * payout_methods and withdrawals. Withdrawal status changes are compare-and-set: the UPDATE names the
 * status it expects, so of two racing decisions the second waits on the row lock, re-checks the
 * condition against the committed row and changes nothing.
 */
export function createPayoutsRepository() {
  return {
    /** Serialises changes to one coach's payout methods (which one is the default) until COMMIT. */
    async lockCoachMethods(executor: DbExecutor, coachId: string): Promise<void> {
      await lockKey(executor, `payout_methods:${coachId}`);
    },

    async listMethods(executor: DbExecutor, coachId: string): Promise<PayoutMethodRow[]> {
      return executor
        .select()
        .from(payoutMethods)
        .where(activeMethodsOf(coachId))
        .orderBy(desc(payoutMethods.isDefault), asc(payoutMethods.createdAt), asc(payoutMethods.id));
    },

    /** The coach's own method that is not removed. */
    async findActiveMethod(
      executor: DbExecutor,
      coachId: string,
      id: string,
    ): Promise<PayoutMethodRow | undefined> {
      const [row] = await executor
        .select()
        .from(payoutMethods)
        .where(and(eq(payoutMethods.id, id), activeMethodsOf(coachId)));
      return row;
    },

    async insertMethod(
      executor: DbExecutor,
      values: {
        coachId: string;
        kind: PayoutMethodKind;
        details: Record<string, string>;
        label: string;
        isDefault: boolean;
        now: Date;
      },
    ): Promise<PayoutMethodRow> {
      return insertRow(executor, payoutMethods, {
        coachId: values.coachId,
        kind: values.kind,
        details: values.details,
        label: values.label,
        isDefault: values.isDefault,
        createdAt: values.now,
      });
    },

    /** Soft removal; undefined when it is not the coach's or already removed. */
    async removeMethod(
      executor: DbExecutor,
      coachId: string,
      id: string,
      now: Date,
    ): Promise<PayoutMethodRow | undefined> {
      return updateRow(
        executor,
        payoutMethods,
        { removedAt: now, isDefault: false },
        and(eq(payoutMethods.id, id), activeMethodsOf(coachId)),
      );
    },

    /** Makes `id` the coach's only default among their active methods. */
    async setDefault(executor: DbExecutor, coachId: string, id: string): Promise<void> {
      await executor
        .update(payoutMethods)
        .set({ isDefault: sql`${payoutMethods.id} = ${id}` })
        .where(activeMethodsOf(coachId));
    },

    async insertWithdrawal(
      executor: DbExecutor,
      values: { coachId: string; payoutMethodId: string; amount: number; now: Date },
    ): Promise<WithdrawalRow> {
      return insertRow(executor, withdrawals, {
        coachId: values.coachId,
        payoutMethodId: values.payoutMethodId,
        amount: values.amount,
        status: 'requested',
        requestedAt: values.now,
        updatedAt: values.now,
      });
    },

    async listWithdrawals(executor: DbExecutor, coachId: string): Promise<WithdrawalWithMethodRow[]> {
      return executor
        .select({ withdrawal: withdrawals, method: methodColumns })
        .from(withdrawals)
        .innerJoin(payoutMethods, eq(payoutMethods.id, withdrawals.payoutMethodId))
        .where(eq(withdrawals.coachId, coachId))
        .orderBy(desc(withdrawals.requestedAt), desc(withdrawals.id))
        .limit(200);
    },

    async findWithdrawal(
      executor: DbExecutor,
      id: string,
      coachId?: string,
    ): Promise<AdminWithdrawalRow | undefined> {
      const [row] = await adminWithdrawals(executor).where(
        coachId === undefined
          ? eq(withdrawals.id, id)
          : and(eq(withdrawals.id, id), eq(withdrawals.coachId, coachId)),
      );
      return row;
    },

    /** The admin queue of one status: oldest first while waiting, newest first once decided. */
    async listByStatus(
      executor: DbExecutor,
      status: WithdrawalStatus,
      limit: number,
    ): Promise<AdminWithdrawalRow[]> {
      const waiting = status === 'requested' || status === 'approved';
      return adminWithdrawals(executor)
        .where(eq(withdrawals.status, status))
        .orderBy(
          waiting ? asc(withdrawals.requestedAt) : desc(withdrawals.updatedAt),
          waiting ? asc(withdrawals.id) : desc(withdrawals.id),
        )
        .limit(limit);
    },

    async totalsByStatus(
      executor: DbExecutor,
    ): Promise<{ status: WithdrawalStatus; count: number; amount: string | null }[]> {
      return executor
        .select({ status: withdrawals.status, count: count(), amount: sum(withdrawals.amount) })
        .from(withdrawals)
        .groupBy(withdrawals.status);
    },

    /** Sum of the coach's withdrawals by status (cents as text). */
    async coachTotalsByStatus(
      executor: DbExecutor,
      coachId: string,
    ): Promise<{ status: WithdrawalStatus; amount: string | null }[]> {
      return executor
        .select({ status: withdrawals.status, amount: sum(withdrawals.amount) })
        .from(withdrawals)
        .where(eq(withdrawals.coachId, coachId))
        .groupBy(withdrawals.status);
    },

    /** Compare-and-set of the status; undefined when the withdrawal is not (or no longer) in `from`. */
    async transition(
      executor: DbExecutor,
      id: string,
      from: WithdrawalStatus,
      changes: Partial<
        Pick<
          WithdrawalRow,
          'status' | 'decidedBy' | 'decidedAt' | 'rejectionReason' | 'paidBy' | 'paidAt' | 'paymentReference'
        >
      > & { status: WithdrawalStatus; updatedAt: Date },
    ): Promise<WithdrawalRow | undefined> {
      return updateRow(
        executor,
        withdrawals,
        changes,
        and(eq(withdrawals.id, id), eq(withdrawals.status, from)),
      );
    },
  };
}

export type PayoutsRepository = ReturnType<typeof createPayoutsRepository>;
