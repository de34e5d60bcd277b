import { TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { buttonClasses } from '#web/components/button';
import { Spinner } from '#web/components/spinner';
import { useGoogleCallback } from '#web/features/google-sign-in/hooks/use-google-callback';

/**
 * SPEC §2 `/auth/callback` and `/auth/google/callback`: the sign-in return pages. A code from the
 * server is exchanged for a session, then the browser goes on to the (internal) target; an error in
 * the URL is shown from `error_description`, as plain text, with the way back to /auth.
 */
export function AuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const state = useGoogleCallback(params);

  const target = state.status === 'signed_in' ? state.redirectTo : null;
  useEffect(() => {
    // Replace: the spent code should not stay in the history.
    if (target !== null) void navigate(target, { replace: true });
  }, [navigate, target]);

  if (state.status === 'error') {
    return (
      <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-20">
        <div
          role="alert"
          className="rounded-[var(--radius-sheet)] border border-border bg-surface p-6 text-center shadow-soft sm:p-8"
        >
          <TriangleAlert aria-hidden="true" className="mx-auto size-10 text-accent" />
          <h1 className="mt-4 text-2xl font-semibold">We couldn&apos;t sign you in</h1>
          <p className="mt-2 break-words text-text-muted" data-testid="auth-callback-error">
            {state.message}
          </p>
          <Link to="/auth" className={buttonClasses('primary', 'mt-6 w-full')}>
            Back to sign-in
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="flex min-h-[60dvh] items-center justify-center px-4 py-12">
      <div role="status" aria-live="polite" className="flex flex-col items-center gap-4 text-center">
        <Spinner className="size-10" />
        <p className="text-text-muted">Signing you in...</p>
      </div>
    </div>
  );
}
