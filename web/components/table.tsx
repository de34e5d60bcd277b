import type { ReactNode } from 'react';

export type TableColumn<Row> = {
  /** The column heading (a `<th scope="col">`). */
  header: string;
  /** What the row shows in this column. */
  cell: (row: Row) => ReactNode;
  align?: 'left' | 'right';
  /** The row's name: rendered as `<th scope="row">`, so each cell is read with it. */
  isRowHeader?: boolean;
  /** A cell's own classes (tabular numbers, emphasis). */
  className?: string;
};

/**
 * A data table with a caption for screen readers, column headings and one optional row-heading column.
 * Plain rows, hairline dividers; numbers right-aligned where the column says so.
 */
export function Table<Row>({
  caption,
  columns,
  rows,
  rowKey,
  footer,
  className = '',
}: {
  caption: ReactNode;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** A `<tfoot>` row (totals), already laid out as cells. */
  footer?: ReactNode;
  className?: string;
}) {
  const last = columns.length - 1;
  const cellClasses = (column: TableColumn<Row>, index: number) =>
    [index === last ? '' : 'pr-3', column.align === 'right' ? 'text-right' : 'text-left'].join(' ');
  return (
    <table className={`w-full text-sm ${className}`}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-border text-left text-text-muted">
          {columns.map((column, index) => (
            <th key={column.header} scope="col" className={`py-2 font-medium ${cellClasses(column, index)}`}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-border">
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((column, index) =>
              column.isRowHeader ? (
                <th
                  key={column.header}
                  scope="row"
                  className={`py-2.5 font-medium ${cellClasses(column, index)} ${column.className ?? ''}`}
                >
                  {column.cell(row)}
                </th>
              ) : (
                <td
                  key={column.header}
                  className={`py-2.5 ${cellClasses(column, index)} ${column.className ?? ''}`}
                >
                  {column.cell(row)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
      {footer ? <tfoot>{footer}</tfoot> : null}
    </table>
  );
}
