import { Inbox, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import type { ApplicationStatus } from '#contracts/applications';
import { cardClasses } from '#web/components/card';
import { IconBadge } from '#web/components/icon-badge';
import { SkeletonRows } from '#web/components/loading-skeleton';

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

export function ListSkeleton() {
  return <SkeletonRows label="Loading applications..." />;
}

export function EmptyState({ status }: { status: ApplicationStatus }) {
  const text = EMPTY_TEXT[status];
  return (
    <div className="flex flex-col items-center px-6 py-12 text-center">
      <IconBadge icon={Inbox} />
      <h2 className="mt-4 text-lg font-semibold">{text.title}</h2>
      <p className="mt-1 max-w-sm text-sm text-text-muted">{text.body}</p>
    </div>
  );
}

/** An admin without manage_applications (e.g. financial_admin): said plainly, nothing is fetched. */
export function NoPermission() {
  return (
    <section className={`${cardClasses} flex flex-col items-start gap-3 p-6`}>
      <IconBadge icon={ShieldAlert} tone="warning" className="size-11" />
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
