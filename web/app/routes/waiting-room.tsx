import { useEffect } from 'react';
import { useParams } from 'react-router';
import { WaitingRoomScreen } from '#web/features/session-requests/components/waiting-room-screen';
import { useAuth } from '#web/lib/auth/use-auth';

/** SPEC §2 /waiting-room/:requestId: the client waits for the coach's answer. */
export function WaitingRoomPage() {
  const { requestId } = useParams();
  const auth = useAuth();
  useEffect(() => {
    document.title = 'Waiting room · Wellspring';
    return () => {
      document.title = 'Wellspring';
    };
  }, []);
  if (!auth.user || !requestId) return null;
  return <WaitingRoomScreen key={requestId} requestId={requestId} userId={auth.user.id} />;
}
