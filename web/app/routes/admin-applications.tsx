import { AdminApplicationsScreen } from '#web/features/admin-applications/components/admin-applications-screen';
import { AdminPage, useAdminPermission } from './admin-page';

/**
 * SPEC §2 `/admin/applications`: the review queue of coach applications. The access gate has
 * already required an active admin with a verified second factor; reviewing needs
 * manage_applications (SPEC §6: coach_manager, super_admin), which the API checks again.
 */
export function AdminApplicationsPage() {
  const canManage = useAdminPermission('manage_applications');
  return (
    <AdminPage
      title="Coach applications"
      description="Review the people who applied to coach on Wellspring. Approving grants the coach role and sends a welcome email; a rejection needs a reason the applicant will see."
    >
      <AdminApplicationsScreen canManage={canManage} />
    </AdminPage>
  );
}
