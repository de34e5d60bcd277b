import type { ReactNode } from 'react';
import { SectionCard } from '#web/components/section-card';

/* The settings screens' card; fields, codes and errors are shared components (web/components). */

export function SettingsCard({
  title,
  description,
  children,
  headingId,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  headingId: string;
}) {
  return (
    <SectionCard id={headingId} title={title}>
      {description ? <p className="mt-1 text-sm text-text-muted">{description}</p> : null}
      <div className="mt-5">{children}</div>
    </SectionCard>
  );
}
