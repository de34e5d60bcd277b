import { useParams, useSearchParams } from 'react-router';
import { FullScreenLoader } from '#web/components/full-screen-loader';
import { MessagesScreen } from '#web/features/messages/components/messages-screen';
import { StartConversation } from '#web/features/messages/components/start-conversation';
import { useMe } from '#web/features/roles/api/get-me';
import { useDocumentTitle } from '#web/lib/use-document-title';

/**
 * SPEC §2 /messages (both roles), /client-chat (the same screen for clients), /chat (the list) and
 * /chat/<conversation id> (the list and that conversation; the route is `chat/*`, the id its first
 * segment): messages between sessions. `/chat?with=<user id>` (a declined or expired request's 'Send
 * Message') finds or starts the conversation with that person and opens it at /chat/<id>.
 */
export function MessagesPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const conversationId = params['*']?.split('/')[0] || undefined;
  const withUser = conversationId ? null : search.get('with');
  const me = useMe();
  useDocumentTitle('Messages');
  if (!me.data) return <FullScreenLoader />;
  const role = me.data.active_role === 'coach' ? 'coach' : 'client';
  if (withUser !== null)
    return (
      <div className="mx-auto flex w-full max-w-3xl flex-col px-4 py-8">
        <h1 className="text-2xl font-semibold tracking-tight">Messages</h1>
        <StartConversation key={withUser} userId={withUser} role={role} />
      </div>
    );
  return <MessagesScreen conversationId={conversationId} role={role} />;
}
