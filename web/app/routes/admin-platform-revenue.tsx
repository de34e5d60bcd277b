import { NotInAdminRole } from '#web/components/not-in-admin-role';
import { CouponManager } from '#web/features/coupons';
import { PlatformRevenueScreen } from '#web/features/admin-money/components/platform-revenue-screen';
import { AdminPage, useAdminPermission } from './admin-page';

/**
 * SPEC §2 `/admin/platform-revenue`: what the platform itself earns. The access
 * gate has already required an active admin with a verified second factor; the figures need
 * view_platform_revenue (SPEC §6: financial_admin, super_admin), which the API checks again.
 */
export function AdminPlatformRevenuePage() {
  const canView = useAdminPermission('view_platform_revenue');
  const canManageCoupons = useAdminPermission('view_revenue', false);
  return (
    <AdminPage
      title="Platform revenue"
      description="The platform's share of every session payment, less its share of refunds, straight from the ledger. Days and months are in UTC."
    >
      {canView ? (
        <div className="flex flex-col gap-6">
          <PlatformRevenueScreen />
          {/* Platform-wide coupons: listed with view_revenue, changed with manage_payouts. */}
          {canManageCoupons ? <CouponManager scope="platform" /> : null}
        </div>
      ) : (
        <NotInAdminRole title="Platform revenue is not part of your admin role">
          Financial admins and super admins see the platform&apos;s revenue. Ask a super admin if you need to.
        </NotInAdminRole>
      )}
    </AdminPage>
  );
}
