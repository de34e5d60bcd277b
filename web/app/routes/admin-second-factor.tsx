import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '#web/components/button';
import { SecondFactorStep } from '#web/features/auth/components/second-factor-step';

/**
 * Admin routes need aal2 (a verified authenticator code in this session). At aal1 this stands in
 * for the page: the code step, or — with no authenticator yet — where to set one up.
 */
export function AdminSecondFactor({ hasVerifiedFactor }: { hasVerifiedFactor: boolean }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 sm:py-16">
      <div className="rounded-[var(--radius-sheet)] border border-border bg-surface p-6 shadow-soft sm:p-8">
        {hasVerifiedFactor ? (
          <SecondFactorStep
            headingLevel={1}
            description="Administration needs your authenticator app: confirm it is you with the code it shows now."
          />
        ) : (
          <section aria-labelledby="admin-factor-heading" className="flex flex-col gap-4">
            <span className="inline-flex size-11 items-center justify-center rounded-full bg-warning-soft text-warning">
              <ShieldAlert aria-hidden="true" className="size-6" />
            </span>
            <h1 id="admin-factor-heading" className="text-xl font-semibold text-balance sm:text-2xl">
              Set up your authenticator app first
            </h1>
            <p className="text-text-muted">
              Administration needs a code from an authenticator app each time you sign in. Add one under
              two-factor authentication in Settings, then come back here.
            </p>
            <Link to="/settings" className={buttonClasses('primary', 'w-full')}>
              Open Settings
            </Link>
          </section>
        )}
      </div>
    </div>
  );
}
