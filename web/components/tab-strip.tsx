import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';

/** A tab of a TabStrip: shares the row, the chosen one lifted on the surface colour. */
export const TAB_TRIGGER_CLASSES =
  'inline-flex min-h-11 flex-1 items-center justify-center rounded-[6px] px-3 text-sm font-semibold text-text-muted hover:text-text data-[state=active]:bg-surface data-[state=active]:text-text data-[state=active]:shadow-soft';

/**
 * The tab list of a Tabs.Root as a segmented strip: one tab per value, named by `labels`, with an
 * optional `badge` after the name (e.g. a count). `className` lays the strip out (width, margins).
 */
export function TabStrip<T extends string>({
  label,
  values,
  labels,
  badge,
  className,
  triggerClassName = TAB_TRIGGER_CLASSES,
}: {
  label: string;
  values: readonly T[];
  labels: Record<T, string>;
  badge?: (value: T) => ReactNode;
  className: string;
  triggerClassName?: string;
}) {
  return (
    <Tabs.List
      aria-label={label}
      className={`gap-1 rounded-[var(--radius-control)] bg-surface-sunken p-1 ${className}`}
    >
      {values.map((value) => (
        <Tabs.Trigger key={value} value={value} className={triggerClassName}>
          {labels[value]}
          {badge?.(value)}
        </Tabs.Trigger>
      ))}
    </Tabs.List>
  );
}

/** The "Period" strip (e.g. 30 days / 12 months): the full row on phones. */
export function PeriodTabsList<T extends string>({
  ranges,
  labels,
}: {
  ranges: readonly T[];
  labels: Record<T, string>;
}) {
  return <TabStrip label="Period" values={ranges} labels={labels} className="flex w-full sm:w-72" />;
}
