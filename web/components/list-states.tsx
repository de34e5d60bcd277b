import { Plus, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';
import { FormError } from './form-error';
import { IconBadge } from './icon-badge';

/**
 * The states a list passes through before it has items: placeholders while it loads, the error with
 * Try again, and the dashed "nothing here yet" card. One look for every list the coach or client manages.
 */

/** Pulsing placeholder rows; `label` names it for assistive tech (aria-busy), without one it is hidden. */
export function SkeletonList({
  label,
  count = 2,
  className = 'grid gap-3',
  itemClassName,
  testId,
}: {
  label?: string;
  count?: number;
  className?: string;
  /** Size and surface of one row, e.g. `h-20 rounded-[var(--radius-control)] bg-surface-sunken`. */
  itemClassName: string;
  testId?: string;
}) {
  const a11y = label ? { 'aria-label': label, 'aria-busy': true } : { 'aria-hidden': true };
  return (
    <ul {...a11y} data-testid={testId} className={className}>
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className={`animate-pulse ${itemClassName}`} />
      ))}
    </ul>
  );
}

/** The look of a placeholder card row: the card's radius and hairline on the surface colour. */
export const skeletonCardClasses = 'rounded-[var(--radius-card)] border border-border bg-surface';

/** What failed (the server's words) with Try again (or the screen's `label`) under it. */
export function RetryError({
  error,
  onRetry,
  label = 'Try again',
  className = '',
}: {
  error: unknown;
  onRetry: () => void;
  label?: string;
  className?: string;
}) {
  return (
    <div className={`flex flex-col items-start gap-3 ${className}`.trim()}>
      <FormError error={error} />
      <Button variant="secondary" onClick={onRetry}>
        {label}
      </Button>
    </div>
  );
}

/** The dashed card of an empty list: an optional icon, a heading, a line of help and what to do. */
export function EmptyState({
  icon,
  title,
  children,
  action,
  as: Heading = 'h3',
}: {
  icon?: LucideIcon;
  title: string;
  children: ReactNode;
  action?: ReactNode;
  as?: 'h2' | 'h3';
}) {
  return (
    <div className="flex flex-col items-center rounded-[var(--radius-card)] border border-dashed border-border bg-surface px-6 py-10 text-center">
      {icon ? <IconBadge icon={icon} className="mb-3 size-11" iconClassName="size-5" /> : null}
      <Heading className={Heading === 'h2' ? 'text-lg font-semibold' : 'font-semibold'}>{title}</Heading>
      <p className="mx-auto mt-1 max-w-md text-sm text-text-muted">{children}</p>
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}

/** The heading row of a managed list: title and one line of description, with the main action beside. */
export function ListHeader({
  id,
  title,
  description,
  action,
}: {
  id: string;
  title: string;
  description: ReactNode;
  action: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h2 id={id} className="text-xl font-semibold">
          {title}
        </h2>
        <p className="mt-1 text-sm text-text-muted">{description}</p>
      </div>
      {action}
    </div>
  );
}

/** The "New …" / "Create your first …" button of a managed list. */
export function AddButton({
  onClick,
  disabled,
  children,
}: {
  onClick: () => void;
  disabled?: boolean;
  children: string;
}) {
  return (
    <Button onClick={onClick} disabled={disabled}>
      <Plus aria-hidden="true" className="size-4" />
      {children}
    </Button>
  );
}

/** What a managed list needs of its query (a TanStack Query result fits). */
export type ListQuery<Data> = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: Data | undefined;
  refetch: () => unknown;
};

/**
 * A list the person manages, in its states: card placeholders while loading (named `loadingLabel`),
 * the error with Try again, `empty` when there is nothing, otherwise one `<li>` per item.
 */
export function QueryList<Data, Item extends { id: string }>({
  query,
  items,
  loadingLabel,
  skeletonClassName,
  skeletonCount,
  empty,
  children: renderItem,
}: {
  query: ListQuery<Data>;
  items: (data: Data) => readonly Item[];
  loadingLabel: string;
  /** The placeholder row's height, e.g. `h-20`. */
  skeletonClassName: string;
  skeletonCount?: number;
  empty: ReactNode;
  children: (item: Item) => ReactNode;
}) {
  if (query.isPending)
    return (
      <SkeletonList
        label={loadingLabel}
        count={skeletonCount}
        itemClassName={`${skeletonClassName} ${skeletonCardClasses}`}
      />
    );
  if (query.isError) return <RetryError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data === undefined) return null;
  const list = items(query.data);
  if (list.length === 0) return <>{empty}</>;
  return (
    <ul className="grid gap-3">
      {list.map((item) => (
        <li key={item.id}>{renderItem(item)}</li>
      ))}
    </ul>
  );
}

/**
 * The foot of a keyset list (useInfiniteQuery): "Load more" while there is a next page, busy while it
 * loads, or what failed with Try again.
 */
export function LoadMore({
  query,
  className = '',
}: {
  query: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    isFetchNextPageError: boolean;
    error: unknown;
    fetchNextPage: () => Promise<unknown>;
  };
  className?: string;
}) {
  if (query.isFetchNextPageError)
    return (
      <RetryError error={query.error} onRetry={() => void query.fetchNextPage()} className={className} />
    );
  if (!query.hasNextPage) return null;
  return (
    <div className={`flex justify-center ${className}`.trim()}>
      <Button variant="secondary" busy={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
        Load more
      </Button>
    </div>
  );
}
