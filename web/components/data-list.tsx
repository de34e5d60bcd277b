import type { ReactNode } from 'react';

export type DataListItem = {
  label: ReactNode;
  value: ReactNode;
  /** For lists built from data whose labels repeat or are not text. */
  key?: string;
};

/** Label/value rows (a `<dl>`): `columns` lays them side by side from sm up; `stacked` puts each label over its value. */
export function DataList({
  items,
  className = '',
  layout = 'rows',
}: {
  items: readonly (DataListItem | null | false | undefined)[];
  className?: string;
  /** rows: label left, value right (the default); stacked: label above value, rows in a grid. */
  layout?: 'rows' | 'stacked';
}) {
  const shown = items.filter((item): item is DataListItem => Boolean(item));
  return (
    <dl
      className={`${layout === 'rows' ? 'flex flex-col gap-2' : 'grid grid-cols-2 gap-3 sm:grid-cols-3'} text-sm ${className}`}
    >
      {shown.map((item, index) => (
        <div
          key={item.key ?? (typeof item.label === 'string' ? item.label : index)}
          className={
            layout === 'rows' ? 'flex items-baseline justify-between gap-3' : 'flex flex-col gap-0.5'
          }
        >
          <dt className="text-text-muted">{item.label}</dt>
          <dd
            className={layout === 'rows' ? 'text-right font-medium tabular-nums' : 'font-medium tabular-nums'}
          >
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
