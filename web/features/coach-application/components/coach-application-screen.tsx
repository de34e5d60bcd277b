import { BadgeCheck, CircleAlert, Hourglass, RotateCcw, UserPen } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Application, MyApplicationResponse } from '#contracts/applications';
import { categoryLabel } from '#domain/coaching/categories';
import { Button, buttonClasses } from '#web/components/button';
import { IconBadge } from '#web/components/icon-badge';
import { formatCents } from '#web/lib/money';
import { useMyApplication } from '../api/my-application';
import { EMPTY_APPLICATION_FORM, valuesFromApplication } from '../lib/application-form';
import { ApplicationForm } from './application-form';
import { formatDateInViewerLocale, localTimeZone } from '#web/lib/dates';
import { paddedCardClasses as cardClasses } from '#web/components/card';
import { RetryError } from '#web/components/list-states';

function Skeleton() {
  return (
    <div>
      <p role="status" className="sr-only">
        Loading your application...
      </p>
      <div aria-hidden="true" className={`${cardClasses} flex animate-pulse flex-col gap-4`}>
        <span className="h-5 w-1/3 rounded bg-surface-sunken" />
        <span className="h-24 rounded bg-surface-sunken" />
        <span className="h-5 w-1/2 rounded bg-surface-sunken" />
        <span className="h-16 rounded bg-surface-sunken" />
      </div>
    </div>
  );
}

/** What the person sent, for the pending view (collapsed by default). */
function Submitted({ application }: { application: Application }) {
  const rate = (cents: number | null) => (cents === null ? 'Default' : formatCents(cents));
  return (
    <details className="group mt-6 rounded-[var(--radius-control)] border border-border bg-background/50 px-4 py-3">
      <summary className="cursor-pointer text-sm font-semibold">What you sent</summary>
      <dl className="mt-3 grid gap-3 text-sm">
        <div>
          <dt className="font-medium text-text-muted">Categories</dt>
          <dd>{application.categories.map(categoryLabel).join(', ')}</dd>
        </div>
        <div>
          <dt className="font-medium text-text-muted">Experience</dt>
          <dd className="whitespace-pre-line">
            {application.years_experience !== null
              ? `${application.years_experience} ${application.years_experience === 1 ? 'year' : 'years'}. `
              : null}
            {application.experience}
          </dd>
        </div>
        {application.credentials ? (
          <div>
            <dt className="font-medium text-text-muted">Credentials</dt>
            <dd className="whitespace-pre-line">{application.credentials}</dd>
          </div>
        ) : null}
        <div>
          <dt className="font-medium text-text-muted">Bio</dt>
          <dd className="whitespace-pre-line">{application.bio}</dd>
        </div>
        <div>
          <dt className="font-medium text-text-muted">Intended rates per 15 minutes</dt>
          <dd className="tabular-nums">
            Text {rate(application.intended_text_price)} · Audio {rate(application.intended_audio_price)} ·
            Video {rate(application.intended_video_price)}
          </dd>
        </div>
      </dl>
    </details>
  );
}

function PendingView({ application }: { application: Application }) {
  return (
    <section aria-labelledby="application-pending-heading" className={cardClasses}>
      <IconBadge icon={Hourglass} className="size-11" />
      <h2 id="application-pending-heading" className="mt-4 text-xl font-semibold">
        We&apos;re reviewing your application
      </h2>
      <p className="mt-1 text-text-muted">
        Submitted on{' '}
        <time dateTime={application.created_at}>
          {formatDateInViewerLocale(application.created_at, localTimeZone(), { date: 'long' })}
        </time>
        .
      </p>
      <h3 className="mt-6 text-sm font-semibold">What happens next</h3>
      <ol className="mt-2 flex list-decimal flex-col gap-1.5 pl-5 text-sm text-text-muted">
        <li>A member of the Wellspring team reads your application.</li>
        <li>
          When you are approved, we email you a welcome and your coach tools open: your coach home, profile
          and services.
        </li>
        <li>If something is missing, you will see why on this page and can apply again.</li>
      </ol>
      <Submitted application={application} />
    </section>
  );
}

function ApprovedView() {
  return (
    <section aria-labelledby="application-approved-heading" className={cardClasses}>
      <IconBadge icon={BadgeCheck} className="size-11" />
      <h2 id="application-approved-heading" className="mt-4 text-xl font-semibold">
        You&apos;re approved
      </h2>
      <p className="mt-1 max-w-prose text-text-muted">
        Welcome to Wellspring as a coach. We filled your profile with your application where it was empty;
        check it, add a photo, and you are ready for your first clients.
      </p>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row">
        <Link to="/portal" className={buttonClasses('primary')}>
          Open your coach home
        </Link>
        <Link to="/profile/edit" className={buttonClasses('secondary')}>
          <UserPen aria-hidden="true" className="size-4" />
          Edit your profile
        </Link>
      </div>
    </section>
  );
}

function RejectedNotice({
  status,
  onApplyAgain,
}: {
  status: MyApplicationResponse;
  onApplyAgain: (() => void) | null;
}) {
  const reviewedAt = status.application?.reviewed_at;
  return (
    <section
      aria-labelledby="application-rejected-heading"
      className="rounded-[var(--radius-card)] border border-warning/40 bg-warning-soft p-5 sm:p-6"
    >
      <div className="flex gap-3">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warning" />
        <div className="min-w-0">
          <h2 id="application-rejected-heading" className="text-lg font-semibold">
            Your application was not approved
          </h2>
          {reviewedAt ? (
            <p className="text-sm text-text-muted">
              Reviewed on{' '}
              <time dateTime={reviewedAt}>
                {formatDateInViewerLocale(reviewedAt, localTimeZone(), { date: 'long' })}
              </time>
            </p>
          ) : null}
          <p className="mt-2 text-sm font-medium text-text">The reviewer wrote:</p>
          <blockquote className="mt-1 border-l-4 border-warning/60 pl-3 whitespace-pre-line text-text">
            {status.rejection_reason}
          </blockquote>
          <p className="mt-3 text-sm text-text-muted">
            You can change what they asked about and apply again. Your previous answers are filled in.
          </p>
          {onApplyAgain ? (
            <Button className="mt-4" onClick={onApplyAgain}>
              <RotateCcw aria-hidden="true" className="size-4" />
              Apply again
            </Button>
          ) : null}
        </div>
      </div>
    </section>
  );
}

/**
 * /coach-application: the form (never applied, or after a rejection with its reason and "Apply
 * again"), the calm pending view, or "You're approved". `onApproved` runs once the page sees an
 * approval (the route refreshes the person's roles so coach pages open).
 */
export function CoachApplicationScreen({ onApproved }: { onApproved?: () => void }) {
  const query = useMyApplication();
  const [applyingAgain, setApplyingAgain] = useState(false);
  const status = query.data?.status;
  // "Apply again" moves focus to the form it reveals.
  const focusOnMount = useCallback((element: HTMLElement | null) => element?.focus(), []);

  useEffect(() => {
    if (status === 'approved') onApproved?.();
  }, [status, onApproved]);

  if (query.isPending) return <Skeleton />;
  if (query.isError)
    return <RetryError error={query.error} onRetry={() => void query.refetch()} label="Try Again" />;

  const data = query.data;
  if (data.status === 'pending' && data.application) return <PendingView application={data.application} />;
  if (data.status === 'approved') return <ApprovedView />;

  if (data.status === 'rejected' && data.application)
    return (
      <div className="flex flex-col gap-6">
        <RejectedNotice status={data} onApplyAgain={applyingAgain ? null : () => setApplyingAgain(true)} />
        {applyingAgain ? (
          <section aria-labelledby="application-form-heading" className={cardClasses}>
            <h2
              id="application-form-heading"
              ref={focusOnMount}
              tabIndex={-1}
              className="mb-6 text-lg font-semibold outline-none"
            >
              Your new application
            </h2>
            <ApplicationForm
              initialValues={valuesFromApplication(data.application)}
              submitLabel="Submit new application"
            />
          </section>
        ) : null}
      </div>
    );

  return (
    <section aria-labelledby="application-form-heading" className={cardClasses}>
      <h2 id="application-form-heading" className="text-lg font-semibold">
        Tell us about your coaching
      </h2>
      <p className="mt-1 mb-6 text-sm text-text-muted">
        Once you are approved, clients can find you and you can go online for sessions.
      </p>
      <ApplicationForm initialValues={EMPTY_APPLICATION_FORM} />
    </section>
  );
}
