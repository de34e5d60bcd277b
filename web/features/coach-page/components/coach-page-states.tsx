import { RefreshCw, Search, UserRoundX, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '#web/components/button';
import { errorText } from '#web/components/form-error';
import { IconBadge } from '#web/components/icon-badge';
import { LoadingSkeleton } from '#web/components/loading-skeleton';

/** The page's shape while it loads: the same boxes as the real page, so nothing jumps (G9 CLS). */
export function CoachPageSkeleton() {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 pt-4 pb-12 sm:px-6 sm:pt-6">
      <LoadingSkeleton label="Loading..." className="">
        <div className="aspect-[2/1] w-full rounded-[var(--radius-sheet)] bg-surface-sunken sm:aspect-[4/1]" />
        <div className="relative flex flex-col gap-3 px-1 sm:flex-row sm:items-start sm:gap-6 sm:px-4">
          <div className="-mt-12 size-[120px] rounded-full border-4 border-background bg-surface-sunken sm:-mt-16" />
          <div className="flex flex-1 flex-col gap-2 sm:pt-4">
            <div className="h-8 w-56 rounded bg-surface-sunken" />
            <div className="h-5 w-40 rounded bg-surface-sunken" />
          </div>
        </div>
        <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="h-64 rounded-[var(--radius-card)] bg-surface-sunken" />
          <div className="h-64 rounded-[var(--radius-card)] bg-surface-sunken" />
        </div>
      </LoadingSkeleton>
    </div>
  );
}

function StateCard({ icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-16 text-center sm:py-24">
      <IconBadge icon={icon} className="size-14" iconClassName="size-7" />
      <h1 className="mt-4 text-2xl font-semibold tracking-tight">{title}</h1>
      {children}
    </div>
  );
}

/** An unknown coach: a friendly not-found inside the page, with a way on. */
export function CoachNotFound({ children }: { children?: ReactNode }) {
  return (
    <StateCard icon={UserRoundX} title="We couldn't find this coach">
      <p className="mt-2 text-text-muted">
        The link may be mistyped, or the coach may have changed their username or left Wellspring.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {children ?? (
          <Link to="/discover" className={buttonClasses('primary')}>
            <Search aria-hidden="true" className="size-4" />
            Find a coach
          </Link>
        )}
      </div>
    </StateCard>
  );
}

export function CoachPageError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <StateCard icon={RefreshCw} title="This page didn't load">
      <p role="alert" className="mt-2 text-text-muted">
        {errorText(error)}
      </p>
      <div className="mt-6 flex justify-center">
        <Button onClick={onRetry}>Try again</Button>
      </div>
    </StateCard>
  );
}
