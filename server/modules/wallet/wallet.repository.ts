import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '#server/db/client';
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  moneyHolds,
  paymentProviderEvents,
  payments,
  profiles,
  type PaymentStatus,
} from '#server/db/schema/index';
import { insertRow } from '#server/lib/row-queries';

export type PaymentRow = typeof payments.$inferSelect;

export type WalletTransactionRow = {
  id: string;
  kind: string;
  referenceType: string;
  referenceId: string;
  amount: number;
  createdAt: Date;
  /** For holds and releases: the session payment it belongs to (money_holds by reference). */
  session: {
    coachId: string;
    coachName: string | null;
    format: string | null;
    durationMinutes: number | null;
    status: string;
  } | null;
};

export function createWalletRepository() {
  return {
    async insertPayment(
      executor: DbExecutor,
      values: { userId: string; provider: 'demo' | 'stripe'; amount: number; currency: string; now: Date },
    ): Promise<PaymentRow> {
      return insertRow(executor, payments, {
        userId: values.userId,
        provider: values.provider,
        amount: values.amount,
        currency: values.currency,
        status: 'created',
        createdAt: values.now,
        updatedAt: values.now,
      });
    },

    async setProviderPaymentId(executor: DbExecutor, id: string, providerPaymentId: string): Promise<void> {
      await executor.update(payments).set({ providerPaymentId }).where(eq(payments.id, id));
    },

    async findPayment(executor: DbExecutor, id: string): Promise<PaymentRow | undefined> {
      const [row] = await executor.select().from(payments).where(eq(payments.id, id));
      return row;
    },

    /** Row-locked, so events about one payment apply one after the other. */
    async lockPaymentByProviderId(
      executor: DbExecutor,
      provider: 'demo' | 'stripe',
      providerPaymentId: string,
    ): Promise<PaymentRow | undefined> {
      const [row] = await executor
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)))
        .for('update');
      return row;
    },

    /** Compare-and-set: moves the payment to `to` only from one of `from`; false when it was elsewhere. */
    async transitionPayment(
      executor: DbExecutor,
      id: string,
      from: PaymentStatus[],
      to: PaymentStatus,
      now: Date,
      failureReason: string | null,
    ): Promise<boolean> {
      const rows = await executor
        .update(payments)
        .set({ status: to, updatedAt: now, failureReason })
        .where(and(eq(payments.id, id), inArray(payments.status, from)))
        .returning({ id: payments.id });
      return rows.length === 1;
    },

    /** Records the event; false when (provider, event id) was already recorded (a redelivery). */
    async recordEvent(
      executor: DbExecutor,
      event: { provider: 'demo' | 'stripe'; eventId: string; type: string; now: Date },
    ): Promise<boolean> {
      const rows = await executor
        .insert(paymentProviderEvents)
        .values({ provider: event.provider, eventId: event.eventId, type: event.type, receivedAt: event.now })
        .onConflictDoNothing()
        .returning({ eventId: paymentProviderEvents.eventId });
      return rows.length === 1;
    },

    /** Cents already refunded to the card for this payment (refund postings referencing it). */
    async refundedAmount(executor: DbExecutor, paymentId: string, walletAccountId: string): Promise<number> {
      const [row] = await executor
        .select({ total: sql<string>`coalesce(sum(-${ledgerEntries.amount}), 0)::text` })
        .from(ledgerEntries)
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .where(
          and(
            eq(ledgerTransactions.kind, 'refund'),
            eq(ledgerTransactions.referenceType, 'payment'),
            eq(ledgerTransactions.referenceId, paymentId),
            eq(ledgerEntries.accountId, walletAccountId),
          ),
        );
      return Number(row?.total ?? '0');
    },

    /** The newest ledger movements of one account (its entry per transaction), newest first. */
    async recentTransactions(
      executor: DbExecutor,
      accountIds: string[],
      limit: number,
    ): Promise<WalletTransactionRow[]> {
      if (accountIds.length === 0) return [];
      const rows = await executor
        .select({
          id: ledgerTransactions.id,
          kind: ledgerTransactions.kind,
          referenceType: ledgerTransactions.referenceType,
          referenceId: ledgerTransactions.referenceId,
          amount: sql<string>`sum(${ledgerEntries.amount})::text`,
          createdAt: ledgerTransactions.createdAt,
          holdCoachId: moneyHolds.coachId,
          holdFormat: moneyHolds.format,
          holdDuration: moneyHolds.durationMinutes,
          holdStatus: moneyHolds.status,
          coachName: profiles.fullName,
        })
        .from(ledgerEntries)
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .leftJoin(
          moneyHolds,
          and(
            eq(moneyHolds.referenceType, ledgerTransactions.referenceType),
            eq(moneyHolds.referenceId, ledgerTransactions.referenceId),
          ),
        )
        .leftJoin(profiles, eq(profiles.userId, moneyHolds.coachId))
        .where(inArray(ledgerEntries.accountId, accountIds))
        .groupBy(ledgerTransactions.id, moneyHolds.id, profiles.fullName)
        .orderBy(desc(ledgerTransactions.createdAt), desc(ledgerTransactions.id))
        .limit(limit);
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        referenceType: row.referenceType,
        referenceId: row.referenceId,
        amount: Number(row.amount),
        createdAt: row.createdAt,
        session:
          row.holdCoachId === null || row.holdStatus === null
            ? null
            : {
                coachId: row.holdCoachId,
                coachName: row.coachName,
                format: row.holdFormat,
                durationMinutes: row.holdDuration,
                status: row.holdStatus,
              },
      }));
    },

    /** The ids of the person's wallet and held accounts, when they exist. */
    async personalAccounts(executor: DbExecutor, userId: string): Promise<{ id: string; kind: string }[]> {
      return executor
        .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind })
        .from(ledgerAccounts)
        .where(
          and(
            eq(ledgerAccounts.ownerUserId, userId),
            inArray(ledgerAccounts.kind, ['client_wallet', 'client_held']),
          ),
        );
    },
  };
}

export type WalletRepository = ReturnType<typeof createWalletRepository>;
