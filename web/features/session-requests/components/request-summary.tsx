import { MessageSquare, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import type { SessionRequest } from '#contracts/sessions';
import { Avatar } from '#web/components/avatar';
import { buttonClasses } from '#web/components/button';
import { PageShell } from '#web/components/page-shell';
import { formatCents } from '#web/lib/money';
import { coachNameOf, coachPagePath, describeRequest, formatPreferred } from '../lib/display';
import { paddedCardClasses } from '#web/components/card';

export function RequestSummary({ request }: { request: SessionRequest }) {
  const coach = coachNameOf(request);
  const scheduled = request.preferred_date && request.preferred_time;
  return (
    <section aria-label="Your request" className={paddedCardClasses}>
      <div className="flex items-center gap-3">
        <Avatar name={coach} size={48} className="size-12 text-base" />
        <div className="min-w-0">
          <p className="font-semibold">
            {request.coach_username || request.coach_id ? (
              <Link
                to={coachPagePath({ username: request.coach_username, id: request.coach_id })}
                className="underline-offset-2 hover:underline"
              >
                {coach}
              </Link>
            ) : (
              coach
            )}
          </p>
          <p className="text-sm text-text-muted first-letter:uppercase">{describeRequest(request)}</p>
        </div>
      </div>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
        <div className="sm:col-span-2">
          <dt className="font-medium text-text-muted">Purpose</dt>
          <dd className="mt-0.5 break-words">{request.purpose}</dd>
        </div>
        {request.description ? (
          <div className="sm:col-span-2">
            <dt className="font-medium text-text-muted">Details</dt>
            <dd className="mt-0.5 break-words whitespace-pre-line">{request.description}</dd>
          </div>
        ) : null}
        {scheduled ? (
          <div>
            <dt className="font-medium text-text-muted">Requested time</dt>
            <dd className="mt-0.5">{formatPreferred(request.preferred_date!, request.preferred_time!)}</dd>
          </div>
        ) : null}
        <div>
          <dt className="font-medium text-text-muted">
            {request.status === 'pending' ? 'Held from your wallet' : 'Price'}
          </dt>
          <dd className="mt-0.5 font-semibold tabular-nums">
            {formatCents(request.price)}
            {request.discount_amount && request.coupon_code ? (
              <span className="ml-2 text-xs font-normal text-text-muted">
                {`${formatCents(request.discount_amount)} off with ${request.coupon_code}`}
              </span>
            ) : null}
          </dd>
        </div>
      </dl>
    </section>
  );
}

export function CoachMessage({ request }: { request: SessionRequest }) {
  if (!request.coach_message) return null;
  return (
    <section
      aria-label={`Message from ${coachNameOf(request)}`}
      className="rounded-[var(--radius-card)] border border-info/30 bg-info/5 p-4"
    >
      <p className="flex items-center gap-2 text-sm font-semibold">
        <MessageSquare aria-hidden="true" className="size-4 text-info" />
        {`Message from ${coachNameOf(request)}`}
      </p>
      <blockquote className="mt-2 break-words whitespace-pre-line">{request.coach_message}</blockquote>
    </section>
  );
}

/** Not found, or not theirs (the server answers 404 to anyone but the parties). */
export function RequestNotFound() {
  return (
    <PageShell title="Request not found">
      <div className={`${paddedCardClasses} flex flex-col items-start gap-4`}>
        <SearchX aria-hidden="true" className="size-8 text-text-muted" />
        <p>
          We couldn't find this session request. It may belong to another account, or the link may be
          incomplete.
        </p>
        <Link to="/discover" className={buttonClasses('primary')}>
          Find a coach
        </Link>
      </div>
    </PageShell>
  );
}
