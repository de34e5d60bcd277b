import { ClipboardCheck, Hourglass, RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '#web/components/button';
import { useMyApplicationStatus } from '../api/my-application';

/**
 * Where the coach stands with their application (GET /api/coach-applications/me): nothing when
 * approved or when the status cannot be read; otherwise the one next step.
 */
export function ApplicationStatusCard() {
  const application = useMyApplicationStatus();
  const status = application.data;
  if (!status || status.status === 'approved') return null;

  const card = 'rounded-[var(--radius-card)] border p-5 shadow-soft sm:p-6';
  if (status.status === 'pending')
    return (
      <section aria-labelledby="application-heading" className={`${card} border-border bg-surface`}>
        <div className="flex items-start gap-3">
          <Hourglass aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-info" />
          <div>
            <h2 id="application-heading" className="font-semibold">
              Your application is being reviewed
            </h2>
            <p className="mt-1 text-sm text-text-muted">
              We will let you know by email. Meanwhile, finish your profile so it is ready when you are
              listed.
            </p>
          </div>
        </div>
      </section>
    );

  if (status.status === 'rejected')
    return (
      <section aria-labelledby="application-heading" className={`${card} border-warning/40 bg-warning-soft`}>
        <div className="flex items-start gap-3">
          <RotateCcw aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warning" />
          <div className="min-w-0">
            <h2 id="application-heading" className="font-semibold">
              Your application was not approved
            </h2>
            {status.rejection_reason ? (
              <p className="mt-1 text-sm wrap-anywhere">
                <span className="font-medium">Reason: </span>
                {status.rejection_reason}
              </p>
            ) : null}
            <Link to="/coach-application" className={buttonClasses('primary', 'mt-4')}>
              Apply again
            </Link>
          </div>
        </div>
      </section>
    );

  return (
    <section aria-labelledby="application-heading" className={`${card} border-primary/30 bg-primary-soft`}>
      <div className="flex items-start gap-3">
        <ClipboardCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <div>
          <h2 id="application-heading" className="font-semibold">
            Apply to be listed
          </h2>
          <p className="mt-1 text-sm text-text-muted">
            Clients find coaches in discovery once an administrator approves their application.
          </p>
          <Link to="/coach-application" className={buttonClasses('primary', 'mt-4')}>
            Apply to be listed
          </Link>
        </div>
      </div>
    </section>
  );
}
