import { useParams } from 'react-router';
import { FullScreenLoader } from '#web/components/full-screen-loader';
import { MessagesScreen } from '#web/features/messages/components/messages-screen';
import { useMe } from '#web/features/roles/api/get-me';
import { useDocumentTitle } from '#web/lib/use-document-title';

/**
 * SPEC §2 /messages (both roles), /client-chat (the same screen for clients), /chat (the list) and
 * /chat/<conversation id> (the list and that conversation; the route is `chat/*`, the id its first
 * segment): messages between sessions.
 */
export function MessagesPage() {
  const params = useParams();
  const conversationId = params['*']?.split('/')[0] || undefined;
  const me = useMe();
  useDocumentTitle('Messages');
  if (!me.data) return <FullScreenLoader />;
  return (
    <MessagesScreen
      conversationId={conversationId}
      role={me.data.active_role === 'coach' ? 'coach' : 'client'}
    />
  );
}
