import { MessageSquareQuote } from 'lucide-react';
import type { ReactNode } from 'react';

/** The small number beside a reviews heading; nothing when there is none yet. */
export function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="rounded-full bg-surface-sunken px-2 py-0.5 text-xs font-semibold text-text-muted tabular-nums">
      {count}
    </span>
  );
}

/** An empty list of reviews: the quote icon and a line saying what will appear here. */
export function EmptyReviews({ className = '', children }: { className?: string; children: ReactNode }) {
  return (
    <div
      className={`flex flex-col items-center gap-2 rounded-[var(--radius-control)] bg-surface-sunken/60 px-4 py-8 text-center text-sm text-text-muted ${className}`.trim()}
    >
      <MessageSquareQuote aria-hidden="true" className="size-7 text-primary" />
      <p className="max-w-md">{children}</p>
    </div>
  );
}
