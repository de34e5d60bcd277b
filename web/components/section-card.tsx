import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { paddedCardClasses } from './card';

/**
 * A card section named by its h2 (`id` links them): the title, an optional `action` beside it (e.g. an
 * export button), then the content. `className` replaces the card look and padding.
 */
export function SectionCard({
  id,
  title,
  action,
  className = paddedCardClasses,
  children,
}: {
  id: string;
  title: ReactNode;
  action?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const heading = (
    <h2 id={id} className="text-lg font-semibold">
      {title}
    </h2>
  );
  return (
    <section aria-labelledby={id} className={className}>
      {action ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}

/** What a list in a SectionCard says while it is empty: a large muted icon over one sentence. */
export function EmptyNote({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <div className="mt-4 flex flex-col items-center gap-2 py-6 text-center text-text-muted">
      <Icon aria-hidden="true" className="size-8" />
      <p>{children}</p>
    </div>
  );
}
