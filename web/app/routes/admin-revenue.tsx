import { ShieldAlert } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { WithdrawalQueue } from '../../features/payouts-admin/components/withdrawal-queue';
import { useMe } from '../../features/roles/api/get-me';
import { SessionPaymentsPanel } from '../../features/admin-refunds/components/session-payments-panel';

/** An admin without view_revenue (coach managers, moderators): said plainly, nothing is fetched. */
function NoPermission() {
  return (
    <section className="flex flex-col items-start gap-3 rounded-[var(--radius-card)] border border-border bg-surface p-6 shadow-soft">
      <span className="inline-flex size-11 items-center justify-center rounded-full bg-warning-soft text-warning">
        <ShieldAlert aria-hidden="true" className="size-6" />
      </span>
      <h2 className="text-lg font-semibold">Revenue is not part of your admin role</h2>
      <p className="text-text-muted">
        Financial admins and super admins review coach withdrawals and refunds. Ask a super admin if you need
        to.
      </p>
      <Link to="/admin" className="text-sm font-semibold text-primary underline-offset-4 hover:underline">
        Back to administration
      </Link>
    </section>
  );
}

/**
 * SPEC §2 `/admin/revenue`: coach withdrawals to approve, pay and reject (issue #5 point 8), and
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

  useEffect(() => {
    document.title = 'Revenue · Wellspring';
    return () => {
      document.title = 'Wellspring';
    };
  }, []);

  return (
    <div className="[&>div]:max-w-6xl">
      <PageShell title="Revenue" description="Coach earnings, payouts and refunds.">
        {canView ? (
          <div className="flex flex-col gap-10">
            <WithdrawalQueue canDecide={canDecide} />
            {/* Session payments and refunds (issue #5 point 9): refunding needs manage_payouts. */}
            <SessionPaymentsPanel canRefund={canDecide} />
          </div>
        ) : (
          <NoPermission />
        )}
      </PageShell>
    </div>
  );
}
