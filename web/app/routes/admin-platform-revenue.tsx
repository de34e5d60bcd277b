import { ShieldAlert } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { CouponManager } from '../../features/coupons';
import { PlatformRevenueScreen } from '../../features/platform-revenue/components/platform-revenue-screen';
import { useMe } from '../../features/roles/api/get-me';

/** An admin without view_platform_revenue (coach managers, moderators): said plainly, nothing is fetched. */
function NoPermission() {
  return (
    <section className="flex flex-col items-start gap-3 rounded-[var(--radius-card)] border border-border bg-surface p-6 shadow-soft">
      <span className="inline-flex size-11 items-center justify-center rounded-full bg-warning-soft text-warning">
        <ShieldAlert aria-hidden="true" className="size-6" />
      </span>
      <h2 className="text-lg font-semibold">Platform revenue is not part of your admin role</h2>
      <p className="text-text-muted">
        Financial admins and super admins see the platform&apos;s revenue. Ask a super admin if you need to.
      </p>
      <Link to="/admin" className="text-sm font-semibold text-primary underline-offset-4 hover:underline">
        Back to administration
      </Link>
    </section>
  );
}

/**
 * SPEC §2 `/admin/platform-revenue`: what the platform itself earns (issue #5 point 8). The access
 * gate has already required an active admin with a verified second factor; the figures need
 * view_platform_revenue (SPEC §6: financial_admin, super_admin), which the API checks again.
 */
export function AdminPlatformRevenuePage() {
  const me = useMe();
  const permissions = me.data?.admin?.permissions;
  // Until /api/me answers, let the API decide (it refuses without the permission).
  const canView = permissions ? permissions.includes('view_platform_revenue') : true;
  const canManageCoupons = permissions ? permissions.includes('view_revenue') : false;

  useEffect(() => {
    document.title = 'Platform revenue · Wellspring';
    return () => {
      document.title = 'Wellspring';
    };
  }, []);

  return (
    <div className="[&>div]:max-w-6xl">
      <PageShell
        title="Platform revenue"
        description="The platform's share of every session payment, less its share of refunds, straight from the ledger. Days and months are in UTC."
      >
        {canView ? (
          <div className="flex flex-col gap-6">
            <PlatformRevenueScreen />
            {/* Platform-wide coupons (issue #5 point 6): listed with view_revenue, changed with manage_payouts. */}
            {canManageCoupons ? <CouponManager scope="platform" /> : null}
          </div>
        ) : (
          <NoPermission />
        )}
      </PageShell>
    </div>
  );
}
