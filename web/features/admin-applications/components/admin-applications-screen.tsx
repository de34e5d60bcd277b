import { Tabs } from 'radix-ui';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { APPLICATION_STATUSES, type ApplicationStatus } from '#contracts/applications';
import { Button } from '#web/components/button';
import { FormError } from '#web/components/form-error';
import { useApplication, useApplicationList, useDecideApplication } from '../api/admin-applications';
import { ApplicantAvatar } from './applicant-avatar';
import { ApproveDialog, RejectDialog } from './decision-dialogs';
import { formatDateInViewerLocale, localTimeZone } from '#web/lib/dates';
import { cardClasses } from '#web/components/card';
import { ApplicationDetail, CategoryBadges, nameOf } from './application-detail';
import { EmptyState, ListSkeleton, NoPermission } from './application-list-states';
import { RetryError } from '#web/components/list-states';
import { TabStrip } from '#web/components/tab-strip';

const TAB_LABELS: Record<ApplicationStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};
const TAB_CLASSES =
  'inline-flex min-h-11 flex-1 items-center justify-center gap-1.5 rounded-[6px] px-2 text-sm sm:gap-2 sm:px-3 font-semibold text-text-muted hover:text-text data-[state=active]:bg-surface data-[state=active]:text-text data-[state=active]:shadow-soft';

const isStatus = (value: string | null): value is ApplicationStatus =>
  (APPLICATION_STATUSES as readonly string[]).includes(value ?? '');

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
      <RetryError error={list.error} onRetry={() => void list.refetch()} className="p-4" label="Try Again" />
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
      <TabStrip
        label="Applications by status"
        values={APPLICATION_STATUSES}
        labels={TAB_LABELS}
        className="mb-6 flex max-w-lg"
        triggerClassName={TAB_CLASSES}
        badge={(entry) =>
          counts ? (
            <span className="rounded-full bg-background px-1.5 py-0.5 text-xs tabular-nums sm:px-2">
              <span className="sr-only">(</span>
              {counts[entry]}
              <span className="sr-only">)</span>
            </span>
          ) : null
        }
      />
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
