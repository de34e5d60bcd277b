import { LogOut, UserPlus, UserRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '#web/components/button';
import { IconBadge } from '#web/components/icon-badge';

/**
 * "a guest stays a guest": someone signed in by a session's guest link who is
 * anywhere but the session room. Guest access covers only that session, so this says so and offers
 * the way back to it while it is still on, signing out, and making an account of their own.
 * `activeSessionId` is undefined while the guest's live session is being looked up.
 */
export function GuestOnlyScreen({
  activeSessionId,
  onSignOut,
  onCreateAccount,
}: {
  activeSessionId: string | null | undefined;
  onSignOut: () => Promise<void>;
  onCreateAccount: () => Promise<void>;
}) {
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    document.title = 'Guest access · Wellspring';
    return () => {
      document.title = 'Wellspring';
    };
  }, []);

  const leave = (how: () => Promise<void>) => {
    setLeaving(true);
    void how().finally(() => setLeaving(false));
  };

  return (
    <div className="mx-auto flex min-h-[60dvh] w-full max-w-lg flex-col justify-center px-4 py-12">
      <section
        aria-labelledby="guest-only-title"
        data-testid="guest-only"
        className="rounded-[var(--radius-card)] border border-border bg-surface p-6 text-center shadow-soft sm:p-8"
      >
        <IconBadge icon={UserRound} />
        <h1 id="guest-only-title" className="mt-4 text-2xl font-semibold text-balance sm:text-3xl">
          You joined as a guest
        </h1>
        <p className="mt-2 text-balance text-text-muted">
          Guest access covers only the session you were invited to.
        </p>
        {activeSessionId === undefined ? (
          <p role="status" className="mt-2 text-sm text-text-muted">
            Looking for your session…
          </p>
        ) : activeSessionId ? (
          <p className="mt-2 text-text-muted">Your session is still on: you can go back to it.</p>
        ) : (
          <p className="mt-2 text-text-muted">
            That session has ended. To book and take part in sessions of your own, create your own account.
          </p>
        )}
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:justify-center">
          {activeSessionId ? (
            <Link to={`/session/${activeSessionId}`} className={buttonClasses('primary', 'w-full sm:w-auto')}>
              Back to your session
            </Link>
          ) : null}
          <Button
            variant={activeSessionId ? 'secondary' : 'primary'}
            disabled={leaving}
            onClick={() => leave(onCreateAccount)}
            className="w-full sm:w-auto"
          >
            <UserPlus aria-hidden="true" className="size-4" />
            Create your own account
          </Button>
          <Button
            variant="ghost"
            disabled={leaving}
            onClick={() => leave(onSignOut)}
            className="w-full sm:w-auto"
          >
            <LogOut aria-hidden="true" className="size-4" />
            Sign out
          </Button>
        </div>
      </section>
    </div>
  );
}
