import { ArrowLeft, Check, Inbox, ShieldAlert, X } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  APPLICATION_STATUSES,
  DEFAULT_INTENDED_RATES_CENTS,
  type AdminApplication,
  type ApplicationStatus,
} from '../../../../contracts/applications';
import { categoryLabel } from '../../../../domain/coaching/categories';
import { Button } from '../../../components/button';
import { FormError } from '../../../components/form-error';
import { formatCents } from '../../../lib/money';
import { useApplication, useApplicationList, useDecideApplication } from '../api/admin-applications';
import { ApplicantAvatar } from './applicant-avatar';
import { ApproveDialog, RejectDialog } from './decision-dialogs';
import { formatDateInViewerLocale, localTimeZone } from '../../../lib/dates';
import { cardClasses } from '../../../components/card';

const TAB_LABELS: Record<ApplicationStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};
const EMPTY_TEXT: Record<ApplicationStatus, { title: string; body: string }> = {
  pending: {
    title: 'No applications waiting',
    body: 'New applications appear here as people apply on the Become a coach page.',
  },
  approved: { title: 'No approved applications yet', body: 'Applications you approve are listed here.' },
  rejected: {
    title: 'No rejected applications',
    body: 'Applications you reject are listed here with the reason you gave.',
  },
};
const TAB_CLASSES =
  'inline-flex min-h-11 flex-1 items-center justify-center gap-1.5 rounded-[6px] px-2 text-sm sm:gap-2 sm:px-3 font-semibold text-text-muted hover:text-text data-[state=active]:bg-surface data-[state=active]:text-text data-[state=active]:shadow-soft';

const isStatus = (value: string | null): value is ApplicationStatus =>
  (APPLICATION_STATUSES as readonly string[]).includes(value ?? '');

const nameOf = (application: AdminApplication) =>
  application.applicant.full_name ?? application.applicant.email ?? 'Unnamed applicant';

function CategoryBadges({ categories }: { categories: readonly string[] }) {
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

function ListSkeleton() {
  return (
    <div>
      <p role="status" className="sr-only">
        Loading applications...
      </p>
      <ul aria-hidden="true" className="flex flex-col divide-y divide-border">
        {[0, 1, 2].map((row) => (
          <li key={row} className="flex animate-pulse items-center gap-3 p-4">
            <span className="size-10 rounded-full bg-surface-sunken" />
            <span className="flex flex-1 flex-col gap-2">
              <span className="h-4 w-1/2 rounded bg-surface-sunken" />
              <span className="h-3 w-1/3 rounded bg-surface-sunken" />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function EmptyState({ status }: { status: ApplicationStatus }) {
  const text = EMPTY_TEXT[status];
  return (
    <div className="flex flex-col items-center px-6 py-12 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
        <Inbox aria-hidden="true" className="size-6" />
      </span>
      <h2 className="mt-4 text-lg font-semibold">{text.title}</h2>
      <p className="mt-1 max-w-sm text-sm text-text-muted">{text.body}</p>
    </div>
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

function ApplicationDetail({
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

/** An admin without manage_applications (e.g. financial_admin): said plainly, nothing is fetched. */
function NoPermission() {
  return (
    <section className={`${cardClasses} flex flex-col items-start gap-3 p-6`}>
      <span className="inline-flex size-11 items-center justify-center rounded-full bg-warning-soft text-warning">
        <ShieldAlert aria-hidden="true" className="size-6" />
      </span>
      <h2 className="text-lg font-semibold">Reviewing applications is not part of your admin role</h2>
      <p className="text-text-muted">
        Coach managers and super admins review coach applications. Ask a super admin if you need to.
      </p>
      <Link to="/admin" className="text-sm font-semibold text-primary underline-offset-4 hover:underline">
        Back to administration
      </Link>
    </section>
  );
}

/**
 * /admin/applications: Pending / Approved / Rejected tabs, the list (applicant, date, categories)
 * and the opened application with every field; Approve (confirmed) and Reject (with a reason).
 * The tab and the opened application live in the URL, so Back and reloads keep them.
 */
export function AdminApplicationsScreen({ canManage }: { canManage: boolean }) {
  const [params, setParams] = useSearchParams();
  const status: ApplicationStatus = isStatus(params.get('status'))
    ? (params.get('status') as ApplicationStatus)
    : 'pending';
  const openId = params.get('id');
  const list = useApplicationList(status, canManage);
  const listed = list.data?.applications.find((entry) => entry.id === openId);
  const single = useApplication(openId, canManage && list.isSuccess && !listed);
  const opened = listed ?? single.data ?? null;
  const decide = useDecideApplication();
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  // Focus goes back to the list once the detail has closed (the list is hidden on phones before).
  const [focusList, setFocusList] = useState(0);
  useEffect(() => {
    if (focusList > 0) listHeading.current?.focus();
  }, [focusList]);

  if (!canManage) return <NoPermission />;

  const hrefFor = (next: { status?: ApplicationStatus; id?: string | null }) => {
    const search = new URLSearchParams();
    search.set('status', next.status ?? status);
    const id = next.id === undefined ? openId : next.id;
    if (id) search.set('id', id);
    return `?${search.toString()}`;
  };

  const closeDetail = () => {
    setParams(new URLSearchParams({ status }));
    setFocusList((token) => token + 1);
  };

  function act(kind: 'approve' | 'reject', reason?: string) {
    if (!opened) return;
    setDialog(null);
    decide.mutate(
      kind === 'approve'
        ? { kind, application: opened }
        : { kind, application: opened, reason: reason ?? '' },
    );
    // The decided application leaves the pending list at once; the list comes back into view.
    closeDetail();
  }

  const counts = list.data?.counts;

  let listBody: ReactNode;
  if (list.isPending) listBody = <ListSkeleton />;
  else if (list.isError)
    listBody = (
      <div className="flex flex-col items-start gap-3 p-4">
        <FormError error={list.error} />
        <Button variant="secondary" onClick={() => void list.refetch()}>
          Try Again
        </Button>
      </div>
    );
  else if (list.data.applications.length === 0) listBody = <EmptyState status={status} />;
  else
    listBody = (
      <ul className="flex flex-col divide-y divide-border">
        {list.data.applications.map((application) => {
          const current = application.id === openId;
          return (
            <li key={application.id}>
              <Link
                to={hrefFor({ id: application.id })}
                aria-current={current ? 'true' : undefined}
                className={`flex items-start gap-3 p-4 transition-colors hover:bg-surface-sunken focus-visible:relative ${
                  current ? 'bg-primary-soft/60' : ''
                }`}
              >
                <ApplicantAvatar applicant={application.applicant} />
                <span className="flex min-w-0 flex-1 flex-col gap-1.5">
                  <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <span className="font-semibold wrap-anywhere">{nameOf(application)}</span>
                    <time dateTime={application.created_at} className="text-xs text-text-muted tabular-nums">
                      {formatDateInViewerLocale(application.created_at, localTimeZone(), { date: 'medium' })}
                    </time>
                  </span>
                  {application.applicant.email && application.applicant.full_name ? (
                    <span className="truncate text-sm text-text-muted">{application.applicant.email}</span>
                  ) : null}
                  <CategoryBadges categories={application.categories} />
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    );

  let detail: ReactNode;
  if (opened)
    detail = (
      <ApplicationDetail
        application={opened}
        onBack={closeDetail}
        onApprove={() => setDialog('approve')}
        onReject={() => setDialog('reject')}
        busy={decide.isPending}
      />
    );
  else if (openId && single.isError)
    detail = (
      <div className={`${cardClasses} flex flex-col items-start gap-3 p-5`}>
        <FormError error={single.error} />
        <Button variant="secondary" onClick={closeDetail}>
          Back to applications
        </Button>
      </div>
    );
  else if (openId && (single.isPending || list.isPending))
    detail = (
      <div className={`${cardClasses} p-6`} role="status">
        Loading application...
      </div>
    );
  else
    detail = (
      <div
        className={`${cardClasses} hidden min-h-48 items-center justify-center p-6 text-center text-sm text-text-muted lg:flex`}
      >
        Select an application to read it in full.
      </div>
    );

  return (
    <Tabs.Root
      value={status}
      onValueChange={(value) => {
        if (isStatus(value)) setParams(new URLSearchParams({ status: value }));
      }}
    >
      <Tabs.List
        aria-label="Applications by status"
        className="mb-6 flex max-w-lg gap-1 rounded-[var(--radius-control)] bg-surface-sunken p-1"
      >
        {APPLICATION_STATUSES.map((entry) => (
          <Tabs.Trigger key={entry} value={entry} className={TAB_CLASSES}>
            {TAB_LABELS[entry]}
            {counts ? (
              <span className="rounded-full bg-background px-1.5 py-0.5 text-xs tabular-nums sm:px-2">
                <span className="sr-only">(</span>
                {counts[entry]}
                <span className="sr-only">)</span>
              </span>
            ) : null}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value={status} className="outline-none">
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <section
            aria-labelledby="applications-list-heading"
            className={`${cardClasses} overflow-hidden ${openId ? 'hidden lg:block' : ''}`}
          >
            <h2
              id="applications-list-heading"
              ref={listHeading}
              tabIndex={-1}
              className="border-b border-border px-4 py-3 text-sm font-semibold text-text-muted outline-none"
            >
              {TAB_LABELS[status]} applications
            </h2>
            {listBody}
          </section>
          <div className={`lg:sticky lg:top-6 ${openId ? '' : 'hidden lg:block'}`}>{detail}</div>
        </div>
      </Tabs.Content>
      {opened ? (
        <>
          <ApproveDialog
            open={dialog === 'approve'}
            name={nameOf(opened)}
            onOpenChange={(next) => setDialog(next ? 'approve' : null)}
            onConfirm={() => act('approve')}
          />
          <RejectDialog
            open={dialog === 'reject'}
            name={nameOf(opened)}
            onOpenChange={(next) => setDialog(next ? 'reject' : null)}
            onConfirm={(reason) => act('reject', reason)}
          />
        </>
      ) : null}
    </Tabs.Root>
  );
}
