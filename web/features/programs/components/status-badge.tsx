import type { ReactNode } from 'react';
import type { ProgramSummary } from '#contracts/programs';

const STYLES: Record<ProgramSummary['status'], { label: string; className: string }> = {
  published: { label: 'Published', className: 'bg-success/10 text-success' },
  draft: { label: 'Draft', className: 'bg-surface-sunken text-text-muted' },
  archived: { label: 'Archived', className: 'bg-surface-sunken text-text-muted' },
};

export function StatusBadge({ status }: { status: ProgramSummary['status'] }) {
  const style = STYLES[status];
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${style.className}`}
    >
      {style.label}
    </span>
  );
}

/** A program's title with its status badge beside it, and one muted line under them. */
export function ProgramHeading({
  title,
  status,
  className,
  titleClassName,
  children,
}: {
  title: string;
  status: ProgramSummary['status'];
  className: string;
  /** The title's size: larger in the builder than in the list. */
  titleClassName: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className={`${titleClassName} wrap-anywhere`}>{title}</h3>
        <StatusBadge status={status} />
      </div>
      <p className="mt-1 text-sm text-text-muted">{children}</p>
    </div>
  );
}
