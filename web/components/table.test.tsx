import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Card } from './card';
import { DataList } from './data-list';
import { Table } from './table';

type Row = { id: string; name: string; amount: number };

describe('Table', () => {
  it('renders a captioned table with column headings, a row heading and right-aligned numbers', () => {
    render(
      <Table<Row>
        caption="Payments"
        rows={[
          { id: 'a', name: 'Text', amount: 3 },
          { id: 'b', name: 'Video', amount: 12 },
        ]}
        rowKey={(row) => row.id}
        columns={[
          { header: 'Format', isRowHeader: true, cell: (row) => row.name },
          { header: 'Count', align: 'right', className: 'tabular-nums', cell: (row) => row.amount },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Payments' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Format', 'Count']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Text', 'Video']);
    const video = within(table).getByRole('row', { name: /Video/ });
    const count = within(video).getByRole('cell');
    expect(count).toHaveTextContent('12');
    expect(count).toHaveClass('text-right', 'tabular-nums');
  });
});

describe('DataList', () => {
  it('pairs each label with its value and skips empty items', () => {
    render(
      <DataList items={[{ label: 'Held', value: '$10.00' }, null, { label: 'Charged', value: '$8.00' }]} />,
    );
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    const values = screen.getAllByRole('definition').map((value) => value.textContent);
    expect(terms).toEqual(['Held', 'Charged']);
    expect(values).toEqual(['$10.00', '$8.00']);
  });
});

describe('Card', () => {
  it('renders the chosen element with the card look, padded on request', () => {
    render(
      <Card as="article" padded aria-label="Coupon" className="flex">
        Body
      </Card>,
    );
    const card = screen.getByRole('article', { name: 'Coupon' });
    expect(card).toHaveClass('rounded-[var(--radius-card)]', 'border-border', 'p-5', 'sm:p-6', 'flex');
  });
});
