import { useParams } from 'react-router';
import { FollowupScreen } from '#web/features/followups/components/followup-screen';
import { useMe } from '#web/features/roles/api/get-me';
import { homeOf } from '#web/features/roles/route-access';
import { useDocumentTitle } from '#web/lib/use-document-title';

/**
 * /follow-up/:sessionId (SPEC §2): the coach's notes and resources after a session,
 * and the client's read-only view of what they received. Signed-in parties only (the guard and the
 * server's 404 for anyone else).
 */
export function FollowUpPage() {
  const { sessionId = '' } = useParams();
  const me = useMe();
  useDocumentTitle('Follow-up');
  return (
    <FollowupScreen key={sessionId} sessionId={sessionId} homePath={homeOf(me.data?.active_role ?? null)} />
  );
}
