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
