import { useEffect } from 'react';
import { useParams } from 'react-router';
import { WaitingRoomScreen } from '#web/features/session-requests/components/waiting-room-screen';
import { useAuth } from '#web/lib/auth/use-auth';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { preloadSessionRoom } from './preload-session-room';

/** SPEC §2 /waiting-room/:requestId: the client waits for the coach's answer. */
export function WaitingRoomPage() {
  const { requestId } = useParams();
  const auth = useAuth();
  useDocumentTitle('Waiting room');
  // The room opens as soon as the coach accepts: its code is here by then.
  useEffect(preloadSessionRoom, []);
  if (!auth.user || !requestId) return null;
  return <WaitingRoomScreen key={requestId} requestId={requestId} userId={auth.user.id} />;
}
