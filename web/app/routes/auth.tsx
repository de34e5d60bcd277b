import { Info } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '../../components/button';

const ROLE_LABEL = { client: 'someone looking for coaching', coach: 'a coach' } as const;

/**
 * SPEC §2 `/auth`: sign-in, with the optional `as={role}`, `signup`/`new_user` and `timeout=true`
 * parameters. This is the page shell; the sign-in and sign-up forms arrive with the accounts capability.
 */
export function AuthPage() {
  const [params] = useSearchParams();
  const as = params.get('as');
  const role = as === 'client' || as === 'coach' ? as : null;
  const isSignup = params.get('signup') === 'true' || params.get('new_user') === 'true';
  const timedOut = params.get('timeout') === 'true';
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-20">
      {timedOut ? (
        <p
          role="status"
          className="mb-6 rounded-[var(--radius-card)] bg-warning-soft px-4 py-3 text-sm text-warning"
        >
          You were signed out after 30 minutes without activity. Please sign in again.
        </p>
      ) : null}
      <div className="rounded-[var(--radius-sheet)] border border-border bg-surface p-6 shadow-soft sm:p-8">
        <h1 className="text-2xl font-semibold">
          {isSignup ? 'Create your account' : 'Sign in to Wellspring'}
        </h1>
        {role ? (
          <p className="mt-2 text-text-muted" data-testid="auth-role">
            You are joining as {ROLE_LABEL[role]}.
          </p>
        ) : null}
        <p className="mt-6 flex gap-3 rounded-[var(--radius-card)] bg-primary-soft p-4 text-sm text-text">
          <Info aria-hidden="true" className="size-5 shrink-0 text-primary" />
          <span>
            Accounts are not open yet in this version of Wellspring. Sign-in and sign-up will appear here.
          </span>
        </p>
        <Link to="/" className={buttonClasses('secondary', 'mt-6 w-full')}>
          Back to the home page
        </Link>
      </div>
    </div>
  );
}
