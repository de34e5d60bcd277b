import { ArrowLeft, Check, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { DEFAULT_INTENDED_RATES_CENTS, type AdminApplication } from '#contracts/applications';
import { categoryLabel } from '#domain/coaching/categories';
import { Button } from '#web/components/button';
import { formatCents } from '#web/lib/money';
import { ApplicantAvatar } from './applicant-avatar';
import { formatDateInViewerLocale, localTimeZone } from '#web/lib/dates';
import { cardClasses } from '#web/components/card';

export const nameOf = (application: AdminApplication) =>
  application.applicant.full_name ?? application.applicant.email ?? 'Unnamed applicant';

export function CategoryBadges({ categories }: { categories: readonly string[] }) {
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Categories">
      {categories.map((slug) => (
        <li
          key={slug}
          className="rounded-full bg-primary-soft px-2.5 py-0.5 text-xs font-medium text-primary"
        >
          {categoryLabel(slug)}
        </li>
      ))}
    </ul>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-medium text-text-muted">{label}</dt>
      <dd className="mt-1 text-text">{children}</dd>
    </div>
  );
}

export function ApplicationDetail({
  application,
  onBack,
  onApprove,
  onReject,
  busy,
}: {
  application: AdminApplication;
  onBack: () => void;
  onApprove: () => void;
  onReject: () => void;
  busy: boolean;
}) {
  const rate = (cents: number | null, fallback: number) =>
    cents === null ? `${formatCents(fallback)} (default)` : formatCents(cents);
  const reviewer = application.reviewer?.full_name ?? 'an administrator';
  return (
    <article aria-labelledby="application-detail-heading" className={`${cardClasses} p-5 sm:p-6`}>
      <Button variant="ghost" className="-ml-2 mb-3 lg:hidden" onClick={onBack}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to applications
      </Button>
      <header className="flex items-start gap-4">
        <ApplicantAvatar applicant={application.applicant} className="size-14 text-lg" />
        <div className="min-w-0 flex-1">
          <h2 id="application-detail-heading" className="text-xl font-semibold wrap-anywhere">
            {nameOf(application)}
          </h2>
          {application.applicant.email ? (
            <p className="text-sm wrap-anywhere text-text-muted">{application.applicant.email}</p>
          ) : null}
          <p className="mt-1 text-sm text-text-muted">
            Applied{' '}
            <time dateTime={application.created_at}>
              {formatDateInViewerLocale(application.created_at, localTimeZone(), {
                date: 'long',
                time: 'short',
              })}
            </time>
          </p>
        </div>
      </header>

      {application.status !== 'pending' && application.reviewed_at ? (
        <div
          className={`mt-5 rounded-[var(--radius-control)] border px-4 py-3 text-sm ${
            application.status === 'approved'
              ? 'border-success/40 text-success'
              : 'border-warning/40 bg-warning-soft text-text'
          }`}
        >
          <p className="font-semibold">
            {application.status === 'approved' ? 'Approved' : 'Rejected'} by {reviewer} on{' '}
            <time dateTime={application.reviewed_at}>
              {formatDateInViewerLocale(application.reviewed_at, localTimeZone(), {
                date: 'long',
                time: 'short',
              })}
            </time>
          </p>
          {application.rejection_reason ? (
            <p className="mt-1 whitespace-pre-line">Reason: {application.rejection_reason}</p>
          ) : null}
        </div>
      ) : null}

      <dl className="mt-6 flex flex-col gap-5">
        <Field label="Categories">
          <CategoryBadges categories={application.categories} />
        </Field>
        <Field label="Experience">
          {application.years_experience !== null ? (
            <p className="mb-1 font-medium">
              {application.years_experience} {application.years_experience === 1 ? 'year' : 'years'}
            </p>
          ) : null}
          <p className="whitespace-pre-line">{application.experience}</p>
        </Field>
        <Field label="Credentials">
          {application.credentials ? (
            <p className="whitespace-pre-line">{application.credentials}</p>
          ) : (
            <p className="text-text-muted">None given</p>
          )}
        </Field>
        <Field label="Bio">
          <p className="whitespace-pre-line">{application.bio}</p>
        </Field>
        <Field label="Intended rates per 15 minutes">
          <ul className="grid gap-1 tabular-nums">
            <li>Text: {rate(application.intended_text_price, DEFAULT_INTENDED_RATES_CENTS.text)}</li>
            <li>Audio: {rate(application.intended_audio_price, DEFAULT_INTENDED_RATES_CENTS.audio)}</li>
            <li>Video: {rate(application.intended_video_price, DEFAULT_INTENDED_RATES_CENTS.video)}</li>
          </ul>
        </Field>
      </dl>

      {application.status === 'pending' ? (
        <div className="mt-8 flex flex-col-reverse gap-2 border-t border-border pt-5 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={busy} onClick={onReject}>
            <X aria-hidden="true" className="size-4" />
            Reject…
          </Button>
          <Button disabled={busy} onClick={onApprove}>
            <Check aria-hidden="true" className="size-4" />
            Approve…
          </Button>
        </div>
      ) : null}
    </article>
  );
}
