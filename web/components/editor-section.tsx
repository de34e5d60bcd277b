import type { ReactNode } from 'react';

/**
 * One card of a profile editor, named by its heading and reachable by its id (/profile/edit#photos from
 * the coach home checklist). `bodyClassName`: the layout of what it holds.
 */
export function EditorSection({
  id,
  title,
  description,
  bodyClassName = 'mt-5 flex flex-col gap-5',
  children,
}: {
  id: string;
  title: string;
  description?: string;
  bodyClassName?: string;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      tabIndex={-1}
      className="scroll-mt-24 rounded-[var(--radius-card)] border border-border bg-surface p-5 shadow-soft outline-none sm:p-6"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-text-muted">{description}</p> : null}
      <div className={bodyClassName}>{children}</div>
    </section>
  );
}
