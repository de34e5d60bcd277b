import type { Clock } from '#domain/clock';
import { AppError } from '#domain/errors/app-error';
import { formatCents } from '#domain/money/format';
import type {
  AdminWithdrawal,
  AdminWithdrawalList,
  PayoutMethod,
  Withdrawal,
  WithdrawalCreateBody,
} from '#contracts/payouts';
import { NOTIFICATION_TEXTS } from '#contracts/notifications';
import type { RealtimeEvent } from '#contracts/realtime';
import type { Database, DbExecutor } from '#server/db/client';
import type { WithdrawalStatus } from '#server/db/schema/index';
import type { ActiveAdmin, AdminService } from '../admin/admin.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { PlatformSettingsService } from '../platform-settings/platform-settings.service';
import { detailsOf, labelOf, payoutDetailsOf, type ParsedPayoutMethodBody } from './payout-method-details';
import type {
  AdminWithdrawalRow,
  PayoutMethodRow,
  PayoutsRepository,
  WithdrawalRow,
  WithdrawalWithMethodRow,
} from './payouts.repository';

export const PAYOUT_CURRENCY = 'usd';
/** A coach keeps at most this many payout methods at a time. */
export const PAYOUT_METHODS_MAX = 10;
/** The admin queue shows at most this many withdrawals of one status. */
const ADMIN_QUEUE_LIMIT = 200;

export const PAYOUT_MESSAGES = {
  tooManyMethods: `You can keep up to ${PAYOUT_METHODS_MAX} payout methods. Remove one you no longer use, then add the new one.`,
  methodNotFound: 'This payout method could not be found. Refresh the page to see your current methods.',
  chooseOwnMethod: 'Choose one of your payout methods, or add one under Payout methods.',
  withdrawalNotFound: 'This withdrawal could not be found.',
} as const;

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

const toMethod = (row: PayoutMethodRow): PayoutMethod => ({
  id: row.id,
  kind: row.kind,
  label: row.label,
  is_default: row.isDefault,
  created_at: row.createdAt.toISOString(),
});

const toWithdrawal = ({ withdrawal, method }: WithdrawalWithMethodRow): Withdrawal => ({
  id: withdrawal.id,
  amount: withdrawal.amount,
  currency: PAYOUT_CURRENCY,
  status: withdrawal.status,
  payout_method: { id: method.id, kind: method.kind, label: method.label },
  requested_at: withdrawal.requestedAt.toISOString(),
  decided_at: iso(withdrawal.decidedAt),
  rejection_reason: withdrawal.rejectionReason,
  paid_at: iso(withdrawal.paidAt),
  payment_reference: withdrawal.paymentReference,
});

/** Full payout details only while an approved withdrawal waits to be paid: that is when the admin needs them. */
const toAdminWithdrawal = (row: AdminWithdrawalRow): AdminWithdrawal => ({
  ...toWithdrawal(row),
  coach: row.coach,
  payout_details:
    row.withdrawal.status === 'approved' ? payoutDetailsOf(row.method.kind, row.method.details) : null,
});

/** The coach's screen of earnings and withdrawals (SPEC §2 /manage-revenue, the coach navigation's Revenue). */
const REVENUE_PATH = '/manage-revenue';

/** An admin's decision: the withdrawal as the admin sees it, and the coach's event (delivered after commit). */
export type WithdrawalDecision = { body: AdminWithdrawal; events: RealtimeEvent[] };

/** Why a decision's compare-and-set changed nothing: it was decided (or paid) by someone else first. */
const ALREADY: Record<WithdrawalStatus, string> = {
  requested: 'This withdrawal is still waiting for approval.',
  approved: 'This withdrawal was already approved. Refresh the list to see it under Approved.',
  paid: 'This withdrawal was already marked paid. Refresh the list to see it under Paid.',
  rejected: 'This withdrawal was already rejected. Refresh the list to see it under Rejected.',
};

/**
 * Coach payout methods and withdrawals, and the financial admins' withdrawal queue.
 *
 * Money moves only through the ledger, in the same transaction as the status change that causes it:
 * - request: coach_available -> payouts ('withdrawal'); the ledger row-locks the coach's account and
 *   refuses an overdraft, so concurrent requests can never withdraw more than is available;
 * - reject: payouts -> coach_available ('withdrawal_rejected'), the money is the coach's again;
 * - mark paid: payouts -> provider_clearing ('payout'), the money has left the platform's account.
 * Each status change is a compare-and-set (requested -> approved | rejected, approved -> paid), so of
 * two racing decisions exactly one happens. Every admin decision is audit-logged in its transaction;
 * approving and rejecting also tell the coach (withdrawal_decided) in it.
 */
export function createPayoutsService(deps: {
  db: Database;
  repository: PayoutsRepository;
  ledger: LedgerService;
  settings: PlatformSettingsService;
  admin: AdminService;
  notifications: Pick<NotificationsService, 'notify'>;
  clock: Clock;
}) {
  const { db, repository, ledger, settings, admin, clock } = deps;

  /** The coach hears of the decision (approved or rejected, the amount) in its transaction. */
  function tellCoach(tx: DbExecutor, row: WithdrawalRow): Promise<RealtimeEvent[]> {
    const amount = formatCents(row.amount);
    const texts =
      row.status === 'approved'
        ? {
            title: NOTIFICATION_TEXTS.withdrawalApproved.title,
            message: NOTIFICATION_TEXTS.withdrawalApproved.message(amount),
            actionText: NOTIFICATION_TEXTS.withdrawalApproved.action,
          }
        : {
            title: NOTIFICATION_TEXTS.withdrawalRejected.title,
            message: NOTIFICATION_TEXTS.withdrawalRejected.message(amount, row.rejectionReason ?? ''),
            actionText: NOTIFICATION_TEXTS.withdrawalRejected.action,
          };
    return deps.notifications.notify(tx, {
      userId: row.coachId,
      type: 'withdrawal_decided',
      ...texts,
      actionUrl: REVENUE_PATH,
    });
  }

  /** Explains a compare-and-set that changed nothing. */
  async function refuseDecision(executor: DbExecutor, id: string): Promise<never> {
    const current = await repository.findWithdrawal(executor, id);
    if (!current) throw new AppError('NOT_FOUND', PAYOUT_MESSAGES.withdrawalNotFound);
    throw new AppError('CONFLICT', ALREADY[current.withdrawal.status]);
  }

  /** requested -> the admin's decision (compare-and-set on the status); a lost race is refused. */
  async function decideRequested(
    tx: DbExecutor,
    active: ActiveAdmin,
    id: string,
    decision: { status: 'approved' } | { status: 'rejected'; rejectionReason: string },
  ) {
    const now = clock.now();
    const row = await repository.transition(tx, id, 'requested', {
      ...decision,
      decidedBy: active.userId,
      decidedAt: now,
      updatedAt: now,
    });
    return row ?? refuseDecision(tx, id);
  }

  async function reloadForAdmin(executor: DbExecutor, id: string): Promise<AdminWithdrawal> {
    const row = await repository.findWithdrawal(executor, id);
    if (!row) throw new AppError('NOT_FOUND', PAYOUT_MESSAGES.withdrawalNotFound);
    return toAdminWithdrawal(row);
  }

  return {
    async listMethods(userId: string): Promise<PayoutMethod[]> {
      return (await repository.listMethods(db, userId)).map(toMethod);
    },

    /** Adds a method; the coach's first (active) method becomes the default. */
    async addMethod(userId: string, body: ParsedPayoutMethodBody): Promise<PayoutMethod> {
      return db.transaction(async (tx) => {
        await repository.lockCoachMethods(tx, userId);
        const existing = await repository.listMethods(tx, userId);
        if (existing.length >= PAYOUT_METHODS_MAX)
          throw new AppError('CONFLICT', PAYOUT_MESSAGES.tooManyMethods);
        const row = await repository.insertMethod(tx, {
          coachId: userId,
          kind: body.kind,
          details: detailsOf(body),
          label: labelOf(body),
          isDefault: !existing.some((method) => method.isDefault),
          now: clock.now(),
        });
        return toMethod(row);
      });
    },

    /** Soft removal (withdrawals keep pointing at it); when it was the default, the oldest other becomes it. */
    async removeMethod(userId: string, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        await repository.lockCoachMethods(tx, userId);
        const removed = await repository.removeMethod(tx, userId, id, clock.now());
        if (!removed) throw new AppError('NOT_FOUND', PAYOUT_MESSAGES.methodNotFound);
        const remaining = await repository.listMethods(tx, userId);
        const first = remaining[0];
        if (first && !remaining.some((method) => method.isDefault))
          await repository.setDefault(tx, userId, first.id);
      });
    },

    async setDefault(userId: string, id: string): Promise<PayoutMethod[]> {
      return db.transaction(async (tx) => {
        await repository.lockCoachMethods(tx, userId);
        if (!(await repository.findActiveMethod(tx, userId, id)))
          throw new AppError('NOT_FOUND', PAYOUT_MESSAGES.methodNotFound);
        await repository.setDefault(tx, userId, id);
        return (await repository.listMethods(tx, userId)).map(toMethod);
      });
    },

    async listWithdrawals(userId: string): Promise<Withdrawal[]> {
      return (await repository.listWithdrawals(db, userId)).map(toWithdrawal);
    },

    /** The caller's own withdrawal; anyone else's answers 404 exactly like a missing one. */
    async getWithdrawal(userId: string, id: string): Promise<Withdrawal> {
      const row = await repository.findWithdrawal(db, id, userId);
      if (!row) throw new AppError('NOT_FOUND', PAYOUT_MESSAGES.withdrawalNotFound);
      return toWithdrawal(row);
    },

    /**
     * Requests a withdrawal in the caller's (idempotency) transaction: at least the minimum from the
     * platform settings, to one of the coach's own active methods, at most what is available (the ledger
     * refuses an overdraft under a row lock; that refusal becomes "You can withdraw at most $X now.").
     */
    async requestWithdrawal(tx: DbExecutor, userId: string, body: WithdrawalCreateBody): Promise<Withdrawal> {
      const { withdrawalMinimumCents, earningsHoldDays } = await settings.getMoneySettings(tx);
      if (body.amount < withdrawalMinimumCents)
        throw new AppError(
          'VALIDATION_ERROR',
          `The smallest withdrawal is ${formatCents(withdrawalMinimumCents)}.`,
          {
            details: [
              {
                path: 'body.amount',
                message: `The smallest withdrawal is ${formatCents(withdrawalMinimumCents)}.`,
              },
            ],
          },
        );
      const method = await repository.findActiveMethod(tx, userId, body.payout_method_id);
      if (!method)
        throw new AppError('VALIDATION_ERROR', PAYOUT_MESSAGES.chooseOwnMethod, {
          details: [{ path: 'body.payout_method_id', message: PAYOUT_MESSAGES.chooseOwnMethod }],
        });

      const now = clock.now();
      const row = await repository.insertWithdrawal(tx, {
        coachId: userId,
        payoutMethodId: method.id,
        amount: body.amount,
        now,
      });
      try {
        await ledger.transfer(tx, {
          kind: 'withdrawal',
          reference: { type: 'withdrawal', id: row.id },
          from: ['coach_available', userId],
          to: ['payouts', null],
          amount: body.amount,
          metadata: { coachId: userId, payoutMethodId: method.id },
        });
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'INSUFFICIENT_FUNDS') throw error;
        const available = await ledger.ensureAccount(tx, 'coach_available', userId);
        const balance = await ledger.balanceOf(tx, available.id);
        const message =
          balance > 0
            ? `You can withdraw at most ${formatCents(balance)} now.`
            : `You have no earnings available to withdraw yet. Earnings become available ${earningsHoldDays} days after a session.`;
        throw new AppError('INSUFFICIENT_FUNDS', message, {
          details: [{ path: 'body.amount', message }],
        });
      }
      return toWithdrawal({ withdrawal: row, method });
    },

    async adminList(
      active: ActiveAdmin,
      status: WithdrawalStatus,
      requestId: string,
    ): Promise<AdminWithdrawalList> {
      const [rows, totals] = await Promise.all([
        repository.listByStatus(db, status, ADMIN_QUEUE_LIMIT),
        repository.totalsByStatus(db),
      ]);
      // Approved withdrawals carry full bank and PayPal details: who looked at them is on record.
      if (status === 'approved')
        await admin.logActivity(db, active, {
          actionType: 'view_payout_details',
          targetType: 'withdrawals',
          details: { status, withdrawal_ids: rows.map((row) => row.withdrawal.id) },
          requestId,
        });
      const total = (name: WithdrawalStatus) => {
        const row = totals.find((candidate) => candidate.status === name);
        return { count: row?.count ?? 0, amount: Number(row?.amount ?? 0) };
      };
      return {
        status,
        withdrawals: rows.map(toAdminWithdrawal),
        totals: {
          requested: total('requested'),
          approved: total('approved'),
          paid: total('paid'),
          rejected: total('rejected'),
        },
      };
    },

    /** requested -> approved: the admin will now pay it (no money moves until it is marked paid). */
    async approve(
      tx: DbExecutor,
      active: ActiveAdmin,
      id: string,
      requestId: string,
    ): Promise<WithdrawalDecision> {
      const row = await decideRequested(tx, active, id, { status: 'approved' });
      await admin.logActivity(tx, active, {
        actionType: 'approve_withdrawal',
        targetType: 'withdrawal',
        targetId: id,
        details: { coach_id: row.coachId, amount: row.amount },
        requestId,
      });
      const events = await tellCoach(tx, row);
      return { body: await reloadForAdmin(tx, id), events };
    },

    /** requested -> rejected: the amount goes back to the coach's available earnings. */
    async reject(
      tx: DbExecutor,
      active: ActiveAdmin,
      id: string,
      reason: string,
      requestId: string,
    ): Promise<WithdrawalDecision> {
      const row = await decideRequested(tx, active, id, { status: 'rejected', rejectionReason: reason });
      await ledger.transfer(tx, {
        kind: 'withdrawal_rejected',
        reference: { type: 'withdrawal', id: row.id },
        from: ['payouts', null],
        to: ['coach_available', row.coachId],
        amount: row.amount,
        metadata: { coachId: row.coachId, rejectedBy: active.userId },
      });
      await admin.logActivity(tx, active, {
        actionType: 'reject_withdrawal',
        targetType: 'withdrawal',
        targetId: id,
        details: { coach_id: row.coachId, amount: row.amount, reason },
        requestId,
      });
      const events = await tellCoach(tx, row);
      return { body: await reloadForAdmin(tx, id), events };
    },

    /** approved -> paid: the money left the platform's account (bank transfer or PayPal, by reference). */
    async markPaid(
      tx: DbExecutor,
      active: ActiveAdmin,
      id: string,
      paymentReference: string,
      requestId: string,
    ): Promise<AdminWithdrawal> {
      const now = clock.now();
      const row = await repository.transition(tx, id, 'approved', {
        status: 'paid',
        paidBy: active.userId,
        paidAt: now,
        paymentReference,
        updatedAt: now,
      });
      if (!row) {
        const current = await repository.findWithdrawal(tx, id);
        if (current?.withdrawal.status === 'requested')
          throw new AppError('CONFLICT', 'Approve this withdrawal before marking it paid.');
        return refuseDecision(tx, id);
      }
      await ledger.transfer(tx, {
        kind: 'payout',
        reference: { type: 'withdrawal', id: row.id },
        from: ['payouts', null],
        to: ['provider_clearing', null],
        amount: row.amount,
        metadata: { coachId: row.coachId, paidBy: active.userId, paymentReference },
      });
      await admin.logActivity(tx, active, {
        actionType: 'mark_withdrawal_paid',
        targetType: 'withdrawal',
        targetId: id,
        details: { coach_id: row.coachId, amount: row.amount, payment_reference: paymentReference },
        requestId,
      });
      return reloadForAdmin(tx, id);
    },
  };
}

export type PayoutsService = ReturnType<typeof createPayoutsService>;
