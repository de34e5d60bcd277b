import { MessageSquare, Mic, Video } from 'lucide-react';
import type { ReactNode } from 'react';
import type { SessionFormat } from '#domain/coaching/categories';
import { PreviewLabel } from './coach-avatar';

/** A list that is still loading (undefined), failed (null) or here. */
export type Loadable<T> = T[] | undefined | null;

export const FORMAT_ICONS: Record<SessionFormat, typeof MessageSquare> = {
  text: MessageSquare,
  audio: Mic,
  video: Video,
};

export function SectionHeading({
  id,
  children,
  label,
}: {
  id: string;
  children: ReactNode;
  label?: string | null;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <h2 id={id} className="text-lg font-semibold">
        {children}
      </h2>
      {label ? <PreviewLabel>{label}</PreviewLabel> : null}
    </div>
  );
}

export function ListSkeleton({ rows }: { rows: number }) {
  return (
    <ul aria-hidden="true" className="mt-4 flex flex-col gap-3">
      {Array.from({ length: rows }, (_, index) => (
        <li key={index} className="h-20 animate-pulse rounded-[var(--radius-control)] bg-surface-sunken" />
      ))}
    </ul>
  );
}

export function ListError({ what }: { what: string }) {
  return (
    <p role="status" className="mt-3 text-sm text-text-muted">
      {`We could not load the ${what} right now. Reload the page to try again.`}
    </p>
  );
}
