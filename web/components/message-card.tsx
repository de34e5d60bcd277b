import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { IconBadge } from './icon-badge';

/**
 * A screen's message in a dashed card: an icon badge, a heading, a line of help and the ways on
 * (nothing followed yet, nothing matches, not found, not for your role, coming soon). It stands for
 * the whole screen; a list inside a screen uses the smaller EmptyState (list-states.tsx).
 * `titleId` names a `section` by its heading.
 */
export function MessageCard({
  icon,
  tone,
  title,
  titleId,
  as: Tag = 'div',
  children,
  action,
}: {
  icon: LucideIcon;
  tone?: 'primary' | 'muted';
  title: string;
  titleId?: string;
  as?: 'div' | 'section';
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Tag
      aria-labelledby={titleId}
      className="flex flex-col items-center rounded-[var(--radius-card)] border border-dashed border-border bg-surface px-6 py-12 text-center"
    >
      <IconBadge icon={icon} tone={tone} />
      <h2 id={titleId} className="mt-4 text-lg font-semibold">
        {title}
      </h2>
      <p className="mt-2 max-w-md text-sm text-text-muted">{children}</p>
      {action ? <div className="mt-6 flex flex-wrap justify-center gap-2">{action}</div> : null}
    </Tag>
  );
}
