import { NotInAdminRole } from '#web/components/not-in-admin-role';
import { WithdrawalQueue } from '#web/features/payouts-admin/components/withdrawal-queue';
import { SessionPaymentsPanel } from '#web/features/admin-money/components/session-payments-panel';
import { AdminPage, useAdminPermission } from './admin-page';

/**
 * SPEC §2 `/admin/revenue`: coach withdrawals to approve, pay and reject, and
 * session refunds (point 9). The access gate has already required an active admin with a verified
 * second factor; the queue needs view_revenue and decisions manage_payouts (SPEC §6: financial_admin,
 * super_admin), which the API checks again.
 */
export function AdminRevenuePage() {
  const canView = useAdminPermission('view_revenue');
  const canDecide = useAdminPermission('manage_payouts', false);
  return (
    <AdminPage title="Revenue" description="Coach earnings, payouts and refunds.">
      {canView ? (
        <div className="flex flex-col gap-10">
          <WithdrawalQueue canDecide={canDecide} />
          {/* Session payments and refunds: refunding needs manage_payouts. */}
          <SessionPaymentsPanel canRefund={canDecide} />
        </div>
      ) : (
        <NotInAdminRole title="Revenue is not part of your admin role">
          Financial admins and super admins review coach withdrawals and refunds. Ask a super admin if you
          need to.
        </NotInAdminRole>
      )}
    </AdminPage>
  );
}
