import { LogIn } from 'lucide-react';
import { Link, useLocation, useParams } from 'react-router';
import { buttonClasses } from '#web/components/button';
import { IconBadge } from '#web/components/icon-badge';
import type { ChatSession } from '#contracts/sessions';
import { CallPanel } from '#web/features/session-room/components/call-panel';
import { useCall } from '#web/features/session-room/hooks/use-call';
import { ChatPanel } from '#web/features/chat/components/chat-panel';
import { useMe } from '#web/features/roles/api/get-me';
import { homeOf, signInPath } from '#web/features/roles/route-access';
import { GuestJoinScreen } from '#web/features/session-invitations/components/guest-join-screen';
import { GuestNote } from '#web/features/session-invitations/components/guest-note';
import { InviteSomeone } from '#web/features/session-invitations/components/invite-someone';
import { SessionExtensions } from '#web/features/session-extensions/components/session-extensions';
import { SessionScreen } from '#web/features/sessions/components/session-screen';
import { useAuth } from '#web/lib/auth/use-auth';

/** A session id; anything else in `/session/:x` is a guest link's token (SPEC §2 `/session/:token`). */
const SESSION_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /session/:sessionId, and /session/:token (a guest link: features/session-invitations joins it as a
 * guest; a guest then sees the session like the client, without the call). A signed-in party sees the
 * session (features/sessions); a visitor is asked to sign in first. The route composes the room's main
 * column: for audio and video sessions the call (features/session-room) while the session is on, "Invite
 * someone" for the parties, and the chat (features/chat), which stays as a readable transcript once the
 * session is over.
 */
export function SessionPage() {
  const { sessionId = '' } = useParams();
  const auth = useAuth();
  const me = useMe();
  const { pathname } = useLocation();
  if (!SESSION_ID_PATTERN.test(sessionId)) return <GuestJoinScreen key={sessionId} token={sessionId} />;
  if (auth.status !== 'signed_in' || !auth.user)
    return (
      <div className="mx-auto flex min-h-[60dvh] w-full max-w-md flex-col items-center justify-center px-4 py-12 text-center">
        <IconBadge icon={LogIn} />
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
      chat={(session, over) => <RoomMain session={session} viewerId={viewerId} over={over} />}
      // More time: the client asks (money held), the coach answers (features/session-extensions).
      timeExtra={(session) => <SessionExtensions session={session} viewerId={viewerId} />}
    />
  );
}

function RoomMain({ session, viewerId, over }: { session: ChatSession; viewerId: string; over: boolean }) {
  const ended = over || session.status === 'completed';
  const isCoach = viewerId === session.coach_id;
  // A guest (guest link) takes part in the chat only; the coach and the client may invite one.
  const isGuest = session.viewer === 'guest';
  return (
    <div className="flex flex-col gap-4">
      {isGuest && !ended ? (
        <GuestNote
          coachName={session.coach_name}
          clientName={session.client_name}
          withCall={session.format !== 'text'}
        />
      ) : null}
      {session.format !== 'text' && !ended && !isGuest ? <Call session={session} isCoach={isCoach} /> : null}
      {!isGuest && !ended ? (
        <div className="flex justify-end">
          <InviteSomeone sessionId={session.id} />
        </div>
      ) : null}
      <ChatPanel
        sessionId={session.id}
        viewerId={viewerId}
        mySide={isGuest ? 'guest' : isCoach ? 'coach' : 'client'}
        names={{ coach: session.coach_name, client: session.client_name }}
        ended={ended}
      />
    </div>
  );
}

/** The call of a live audio or video session: the coach offers, the client answers. */
function Call({ session, isCoach }: { session: ChatSession; isCoach: boolean }) {
  const withVideo = session.format === 'video';
  const call = useCall({
    sessionId: session.id,
    role: isCoach ? 'offerer' : 'answerer',
    withVideo,
    enabled: true,
  });
  return (
    <CallPanel
      call={call}
      withVideo={withVideo}
      otherName={isCoach ? session.client_name : session.coach_name}
      otherAvatarUrl={isCoach ? null : session.coach_avatar_url}
      otherPresent={isCoach ? session.client_present : session.coach_present}
    />
  );
}
