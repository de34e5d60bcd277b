import { useCallback } from 'react';
import { PageShell } from '#web/components/page-shell';
import { CoachApplicationScreen } from '#web/features/coach-application/components/coach-application-screen';
import { useMe } from '#web/features/roles/api/get-me';
import { useDocumentTitle } from '#web/lib/use-document-title';

/** SPEC §2 `/coach-application` (signed in): apply to coach, see the review's outcome, apply again. */
export function CoachApplicationPage() {
  const me = useMe();
  const holdsCoach = me.data?.roles.includes('coach') ?? false;
  const refetchMe = me.refetch;

  useDocumentTitle('Become a coach');

  // Approval grants the coach role: refresh the roles the guards read, so /portal opens.
  const onApproved = useCallback(() => {
    if (!holdsCoach) void refetchMe();
  }, [holdsCoach, refetchMe]);

  return (
    <PageShell
      title="Become a coach"
      description="Apply to coach on Wellspring. Tell us about your experience; an administrator reviews every application."
    >
      <CoachApplicationScreen onApproved={onApproved} />
    </PageShell>
  );
}
