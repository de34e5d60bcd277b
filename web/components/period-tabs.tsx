import { Tabs } from 'radix-ui';

/** A tab of a segmented tab list: shares the row, the chosen one lifted on the surface colour. */
export const TAB_TRIGGER_CLASSES =
  'inline-flex min-h-11 flex-1 items-center justify-center rounded-[6px] px-3 text-sm font-semibold text-text-muted hover:text-text data-[state=active]:bg-surface data-[state=active]:text-text data-[state=active]:shadow-soft';

/** The "Period" tab list (e.g. 30 days / 12 months) inside a Tabs.Root: the full row on phones. */
export function PeriodTabsList<T extends string>({
  ranges,
  labels,
}: {
  ranges: readonly T[];
  labels: Record<T, string>;
}) {
  return (
    <Tabs.List
      aria-label="Period"
      className="flex w-full gap-1 rounded-[var(--radius-control)] bg-surface-sunken p-1 sm:w-72"
    >
      {ranges.map((entry) => (
        <Tabs.Trigger key={entry} value={entry} className={TAB_TRIGGER_CLASSES}>
          {labels[entry]}
        </Tabs.Trigger>
      ))}
    </Tabs.List>
  );
}
