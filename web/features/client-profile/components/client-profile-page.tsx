import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '#web/components/button';
import { LoadError } from '#web/components/load-error';
import { ApiError } from '#web/lib/api-client';
import { ClientProfileCard, type ClientProfileView } from './client-profile-card';

/**
 * The body of a page showing one client's profile (the public page, the coach's view) in its states:
 * a placeholder while it loads, `unavailable` when the server answers one of `unavailableStatuses`
 * (this person may not see it), the load error with Try again, else the card, with `children` of the
 * loaded data under its header.
 */
export function ClientProfilePage<Data extends ClientProfileView>({
  query,
  loadingLabel,
  placeholderClassName,
  unavailableStatuses,
  unavailable,
  emptyText,
  children,
}: {
  query: UseQueryResult<Data>;
  loadingLabel: string;
  /** The placeholder's height, e.g. `h-64`. */
  placeholderClassName: string;
  unavailableStatuses: readonly number[];
  unavailable: ReactNode;
  emptyText: string;
  children?: (data: Data) => ReactNode;
}) {
  if (query.isPending)
    return (
      <div
        aria-busy="true"
        aria-label={loadingLabel}
        className={`${placeholderClassName} animate-pulse rounded-[var(--radius-card)] bg-surface-sunken`}
      />
    );
  if (query.isError)
    return query.error instanceof ApiError && unavailableStatuses.includes(query.error.status) ? (
      unavailable
    ) : (
      <LoadError
        as="h1"
        title="We could not load this profile"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  return (
    <ClientProfileCard profile={query.data} headingLevel="h1" emptyText={emptyText}>
      {children?.(query.data)}
    </ClientProfileCard>
  );
}

/** Why a client profile cannot be shown to this person, with the way on (`to`, `action`). */
export function ProfileUnavailable({
  icon: Icon,
  title,
  to,
  action,
  children,
}: {
  icon: LucideIcon;
  title: string;
  to: string;
  action: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-[var(--radius-card)] border border-border bg-surface px-6 py-12 text-center shadow-soft">
      <Icon aria-hidden="true" className="size-10 text-text-muted" />
      <h1 className="mt-4 text-xl font-semibold">{title}</h1>
      <p className="mt-2 max-w-md text-sm text-text-muted">{children}</p>
      <Link to={to} className={buttonClasses('secondary', 'mt-6')}>
        {action}
      </Link>
    </div>
  );
}
