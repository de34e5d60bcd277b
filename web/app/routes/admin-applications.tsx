import { PageShell } from '#web/components/page-shell';
import { AdminApplicationsScreen } from '#web/features/admin-applications/components/admin-applications-screen';
import { useMe } from '#web/features/roles/api/get-me';
import { useDocumentTitle } from '#web/lib/use-document-title';

/**
 * SPEC §2 `/admin/applications`: the review queue of coach applications. The access gate has
 * already required an active admin with a verified second factor; reviewing needs
 * manage_applications (SPEC §6: coach_manager, super_admin), which the API checks again.
 */
export function AdminApplicationsPage() {
  const me = useMe();
  const permissions = me.data?.admin?.permissions;
  // Until /api/me answers, let the API decide (it refuses without the permission).
  const canManage = permissions ? permissions.includes('manage_applications') : true;

  useDocumentTitle('Coach applications');

  return (
    <div className="[&>div]:max-w-6xl">
      <PageShell
        title="Coach applications"
        description="Review the people who applied to coach on Wellspring. Approving grants the coach role and sends a welcome email; a rejection needs a reason the applicant will see."
      >
        <AdminApplicationsScreen canManage={canManage} />
      </PageShell>
    </div>
  );
}
