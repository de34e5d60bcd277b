import { useParams } from 'react-router';
import { useMe } from '#web/features/roles/api/get-me';
import { homeOf } from '#web/features/roles/route-access';
import { SessionWaitingScreen } from '#web/features/sessions/components/session-waiting-screen';

/** /session-waiting/:sessionId: waits until the session is live for this person, then opens it. */
export function SessionWaitingPage() {
  const { sessionId = '' } = useParams();
  const me = useMe();
  return (
    <SessionWaitingScreen
      key={sessionId}
      sessionId={sessionId}
      homePath={homeOf(me.data?.active_role ?? null)}
    />
  );
}
