import { useParams, useSearchParams } from 'react-router';
import { FullScreenLoader } from '#web/components/full-screen-loader';
import { MessagesScreen } from '#web/features/messages/components/messages-screen';
import { ClaimConversation, StartConversation } from '#web/features/messages/components/start-conversation';
import { ConfirmAddress } from '#web/features/account-settings/components/confirm-address';
import { useAuth } from '#web/lib/auth/use-auth';
import { useMe } from '#web/features/roles/api/get-me';
import { useDocumentTitle } from '#web/lib/use-document-title';

/**
 * SPEC §2 /messages (both roles), /client-chat (the same screen for clients), /chat (the list) and
 * /chat/<conversation id> (the list and that conversation; the route is `chat/*`, the id its first
 * segment): messages between sessions. `/chat?with=<user id>` (a declined or expired request's 'Send
 * Message') finds or starts the conversation with that person and opens it at /chat/<id>;
 * `/chat?inquiry=<id>` (the email bringing a visitor the coach's answer) claims the visitor's
 * conversation for the account and opens it (account settings' email confirmation when needed).
 */
export function MessagesPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const conversationId = params['*']?.split('/')[0] || undefined;
  const withUser = conversationId ? null : search.get('with');
  const inquiry = conversationId || withUser !== null ? null : search.get('inquiry');
  const me = useMe();
  const auth = useAuth();
  useDocumentTitle('Messages');
  if (!me.data) return <FullScreenLoader />;
  const role = me.data.active_role === 'coach' ? 'coach' : 'client';
  if (withUser !== null || inquiry !== null)
    return (
      <div className="mx-auto flex w-full max-w-3xl flex-col px-4 py-8">
        <h1 className="text-2xl font-semibold tracking-tight">Messages</h1>
        {withUser !== null ? (
          <StartConversation key={withUser} userId={withUser} role={role} />
        ) : (
          <ClaimConversation
            key={inquiry}
            conversationId={inquiry ?? ''}
            email={auth.user?.email ?? null}
            renderEmailConfirmation={(email, onDone) => <ConfirmAddress email={email} onDone={onDone} />}
          />
        )}
      </div>
    );
  return <MessagesScreen conversationId={conversationId} role={role} />;
}
