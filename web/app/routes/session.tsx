import { LogIn } from 'lucide-react';
import { Link, useLocation, useParams } from 'react-router';
import { buttonClasses } from '../../components/button';
import { ChatPanel } from '../../features/chat/components/chat-panel';
import { useMe } from '../../features/roles/api/get-me';
import { homeOf, signInPath } from '../../features/roles/route-access';
import { SessionScreen } from '../../features/sessions/components/session-screen';
import { useAuth } from '../../lib/auth/use-auth';

/**
 * /session/:sessionId. A signed-in party sees the session (features/sessions); a visitor is asked to
 * sign in first (guest links come with issue #7). The route composes the chat (features/chat) into the
 * session screen's main column; once the session is over it stays as a readable transcript.
 */
export function SessionPage() {
  const { sessionId = '' } = useParams();
  const auth = useAuth();
  const me = useMe();
  const { pathname } = useLocation();
  if (auth.status !== 'signed_in' || !auth.user)
    return (
      <div className="mx-auto flex min-h-[60dvh] w-full max-w-md flex-col items-center justify-center px-4 py-12 text-center">
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
          <LogIn aria-hidden="true" className="size-6" />
        </span>
        <h1 className="mt-4 text-2xl font-semibold sm:text-3xl">Sign in to join your session</h1>
        <p className="mt-2 text-text-muted">
          Sessions are private to the coach and the client. Sign in with the account you used to book it.
        </p>
        <Link to={signInPath(pathname)} className={buttonClasses('primary', 'mt-6')}>
          Sign in
        </Link>
      </div>
    );
  const viewerId = auth.user.id;
  return (
    <SessionScreen
      key={sessionId}
      sessionId={sessionId}
      viewerId={viewerId}
      homePath={homeOf(me.data?.active_role ?? null)}
      chat={(session, over) => (
        <ChatPanel
          sessionId={session.id}
          viewerId={viewerId}
          mySide={viewerId === session.coach_id ? 'coach' : 'client'}
          names={{ coach: session.coach_name, client: session.client_name }}
          ended={over || session.status === 'completed'}
        />
      )}
    />
  );
}
