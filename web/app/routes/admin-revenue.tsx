import { NotInAdminRole } from '#web/components/not-in-admin-role';
import { PageShell } from '#web/components/page-shell';
import { WithdrawalQueue } from '#web/features/payouts-admin/components/withdrawal-queue';
import { useMe } from '#web/features/roles/api/get-me';
import { SessionPaymentsPanel } from '#web/features/admin-money/components/session-payments-panel';
import { useDocumentTitle } from '#web/lib/use-document-title';

/**
 * SPEC §2 `/admin/revenue`: coach withdrawals to approve, pay and reject, and
 * session refunds (point 9). The access gate has already required an active admin with a verified
 * second factor; the queue needs view_revenue and decisions manage_payouts (SPEC §6: financial_admin,
 * super_admin), which the API checks again.
 */
export function AdminRevenuePage() {
  const me = useMe();
  const permissions = me.data?.admin?.permissions;
  // Until /api/me answers, let the API decide (it refuses without the permission).
  const canView = permissions ? permissions.includes('view_revenue') : true;
  const canDecide = permissions ? permissions.includes('manage_payouts') : false;

  useDocumentTitle('Revenue');

  return (
    <div className="[&>div]:max-w-6xl">
      <PageShell title="Revenue" description="Coach earnings, payouts and refunds.">
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
      </PageShell>
    </div>
  );
}
