import {
  Clock3,
  Link2Off,
  LogOut,
  MessageCircle,
  UserRound,
  UsersRound,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { INVITATION_TOKEN_PATTERN, SESSION_INVITATION_MESSAGES } from '#contracts/session-invitations';
import { Button, buttonClasses } from '#web/components/button';
import { FormError } from '#web/components/form-error';
import { IconBadge } from '#web/components/icon-badge';
import { ApiError } from '#web/lib/api-client';
import { useAuth, useAuthClient } from '#web/lib/auth/use-auth';
import { redeemInvitation } from '../api/session-invitations';

type Refusal = 'used' | 'expired' | 'unknown';

/** A refusal the person cannot fix by trying again: what it means, in the server's words. */
function refusalOf(error: unknown): Refusal | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 404) return 'unknown';
  if (error.status === 410) return error.message === SESSION_INVITATION_MESSAGES.used ? 'used' : 'expired';
  return null;
}

const REFUSALS: Record<Refusal, { title: string; text: string; icon: LucideIcon }> = {
  used: {
    title: SESSION_INVITATION_MESSAGES.used,
    text: 'Each invitation link opens the session once. If you joined from another browser or device, carry on there. Otherwise ask the person who invited you to send a new invitation.',
    icon: Link2Off,
  },
  expired: {
    title: SESSION_INVITATION_MESSAGES.expired,
    text: 'Invitation links work until the session ends, and for 24 hours at most. If the session is still on, ask the person who invited you to send a new invitation.',
    icon: Clock3,
  },
  unknown: {
    title: 'This invitation link is not valid',
    text: 'The link may be incomplete: open it again from the invitation email, all of it. If it still does not work, ask the person who invited you to send a new invitation.',
    icon: Link2Off,
  },
};

/**
 * `/session/:token`: someone invited to a live session joins it as a guest. One
 * button redeems the link (it works once), signs this browser in as the guest and opens the session.
 * A person already signed in is told plainly that joining signs them out of their own account in this
 * browser (the guest is an account of its own), with a private window as the way to keep both.
 */
export function GuestJoinScreen({ token }: { token: string }) {
  const auth = useAuth();
  const client = useAuthClient();
  const navigate = useNavigate();
  const [joining, setJoining] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const wellFormed = INVITATION_TOKEN_PATTERN.test(token);

  useEffect(() => {
    document.title = 'Join a session · Wellspring';
    return () => {
      document.title = 'Wellspring';
    };
  }, []);

  const join = async () => {
    setJoining(true);
    setError(null);
    try {
      if (auth.status === 'signed_in') await client.signOut('local');
      const answer = await redeemInvitation(client, token);
      await navigate(`/session/${answer.session_id}`, { replace: true });
    } catch (caught) {
      setError(caught);
      setJoining(false);
    }
  };

  const refusal = wellFormed ? refusalOf(error) : 'unknown';
  if (refusal) {
    const { title, text, icon } = REFUSALS[refusal];
    return (
      <Card icon={icon} title={title}>
        <p className="mt-2 text-text-muted">{text}</p>
        <Link to="/" className={buttonClasses('secondary', 'mt-6 w-full sm:w-auto')}>
          Go to Wellspring
        </Link>
      </Card>
    );
  }

  if (auth.status === 'loading')
    return (
      <Card icon={UsersRound} title="Join the session">
        <p role="status" className="mt-2 text-text-muted">
          Getting things ready…
        </p>
      </Card>
    );

  const signedIn = auth.status === 'signed_in';
  const who = auth.user?.email ?? auth.user?.phone ?? null;
  return (
    <Card icon={UsersRound} title="Join the session">
      <p className="mt-2 text-text-muted">
        You were invited to take part in a Wellspring session as a guest. No account or password is needed.
      </p>
      <ul className="mt-5 space-y-3 text-left text-sm">
        <Point icon={<MessageCircle aria-hidden="true" className="size-4" />}>
          You can read the session chat and write in it; the coach and the client see your messages as a
          guest&apos;s.
        </Point>
        <Point icon={<UserRound aria-hidden="true" className="size-4" />}>
          An audio or video call stays between the coach and the client.
        </Point>
        <Point icon={<Clock3 aria-hidden="true" className="size-4" />}>
          The link works once, until the session ends.
        </Point>
      </ul>
      {signedIn ? (
        <div
          className="mt-5 rounded-[var(--radius-control)] bg-warning/10 px-3 py-2.5 text-left text-sm text-text"
          data-testid="guest-join-signed-in"
        >
          <p className="flex gap-2">
            <LogOut aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
            <span>
              You are signed in{who ? ` as ${who}` : ''}. A guest joins with an account of its own, so joining
              here signs you out of your account in this browser. To stay signed in, open the link in a
              private window instead.
            </span>
          </p>
        </div>
      ) : null}
      {error ? (
        <div className="mt-5 text-left">
          <FormError error={error} />
        </div>
      ) : null}
      <Button onClick={() => void join()} disabled={joining} className="mt-6 w-full sm:w-auto">
        {joining ? 'Joining…' : signedIn ? 'Sign out and join as a guest' : 'Join the session'}
      </Button>
    </Card>
  );
}

function Card({ icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex min-h-[60dvh] w-full max-w-lg flex-col justify-center px-4 py-12">
      <section className="rounded-[var(--radius-card)] border border-border bg-surface p-6 text-center shadow-soft sm:p-8">
        <IconBadge icon={icon} />
        <h1 className="mt-4 text-2xl font-semibold text-balance sm:text-3xl">{title}</h1>
        {children}
      </section>
    </div>
  );
}

function Point({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="mt-0.5 inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-surface-sunken text-primary">
        {icon}
      </span>
      <span className="pt-1 text-text">{children}</span>
    </li>
  );
}
