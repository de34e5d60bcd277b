import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BarChart, niceMax } from './bar-chart';

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

const week = [
  { label: 'Mon', value: 1200 },
  { label: 'Tue', value: 0 },
  { label: 'Wed', value: 4550 },
];

describe('BarChart', () => {
  it('names the chart and labels every bar with its formatted value', () => {
    render(<BarChart title="Earnings this week" data={week} formatValue={dollars} />);
    const chart = screen.getByRole('group', { name: 'Earnings this week' });
    const bars = screen.getAllByRole('img');
    expect(bars.map((bar) => bar.getAttribute('aria-label'))).toEqual([
      'Mon: $12.00',
      'Tue: $0.00',
      'Wed: $45.50',
    ]);
    expect(chart).toContainElement(bars[0]!);
    // One tab stop for the chart; the arrow keys move between bars.
    expect(bars.map((bar) => bar.getAttribute('tabindex'))).toEqual(['0', '-1', '-1']);
  });

  it('scales bars to a round maximum and draws a taller bar for a larger value', () => {
    const { container } = render(<BarChart title="Week" data={week} formatValue={dollars} />);
    const heights = [...container.querySelectorAll('rect.fill-accent')].map((rect) =>
      Number(rect.getAttribute('height')),
    );
    expect(heights).toHaveLength(3);
    expect(heights[2]!).toBeGreaterThan(heights[0]!);
    expect(heights[1]).toBe(0);
    // Axis: 0, half and the round maximum (4550 -> 5000).
    expect(container.textContent).toContain('$50.00');
    expect(container.textContent).toContain('$25.00');
  });

  it('shows the value on focus and moves with the arrow keys, Home and End', () => {
    render(<BarChart title="Week" data={week} formatValue={dollars} />);
    const bars = screen.getAllByRole('img');
    act(() => bars[0]!.focus());
    expect(screen.getByTestId('bar-chart-tooltip')).toHaveTextContent('Mon $12.00');

    fireEvent.keyDown(bars[0]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(bars[1]);
    expect(screen.getByTestId('bar-chart-tooltip')).toHaveTextContent('Tue $0.00');
    expect(bars[1]).toHaveAttribute('tabindex', '0');
    expect(bars[0]).toHaveAttribute('tabindex', '-1');

    fireEvent.keyDown(bars[1]!, { key: 'End' });
    expect(document.activeElement).toBe(bars[2]);
    fireEvent.keyDown(bars[2]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(bars[2]);
    fireEvent.keyDown(bars[2]!, { key: 'Home' });
    expect(document.activeElement).toBe(bars[0]);

    act(() => bars[0]!.blur());
    expect(screen.queryByTestId('bar-chart-tooltip')).toBeNull();
  });

  it('shows the value on hover', () => {
    render(<BarChart title="Week" data={week} formatValue={dollars} />);
    fireEvent.mouseEnter(screen.getByRole('img', { name: 'Wed: $45.50' }));
    expect(screen.getByTestId('bar-chart-tooltip')).toHaveTextContent('Wed $45.50');
  });

  it('thins the axis labels when there are more bars than room for their labels', () => {
    const days = Array.from({ length: 30 }, (_, index) => ({
      label: `Apr ${index + 1}`,
      value: (index + 1) * 100,
    }));
    const { container } = render(<BarChart title="30 days" data={days} formatValue={dollars} />);
    const axisLabels = [...container.querySelectorAll('g[role="img"] text')].map((text) => text.textContent);
    expect(axisLabels.length).toBeGreaterThan(1);
    expect(axisLabels.length).toBeLessThan(30);
    expect(axisLabels[0]).toBe('Apr 1');
    // Every bar stays reachable and labelled even when its axis label is hidden.
    expect(screen.getAllByRole('img')).toHaveLength(30);
  });

  it('says there is nothing to show when every value is 0', () => {
    const { rerender } = render(
      <BarChart title="Week" data={week.map((d) => ({ ...d, value: 0 }))} formatValue={dollars} />,
    );
    expect(screen.getByText('Nothing to show for this period yet.')).toBeInTheDocument();
    expect(screen.queryAllByRole('img')).toHaveLength(0);
    expect(screen.getByText('Week')).toBeInTheDocument();

    rerender(<BarChart title="Week" data={[]} formatValue={dollars} emptyMessage="No earnings yet." />);
    expect(screen.getByText('No earnings yet.')).toBeInTheDocument();
  });
});

describe('niceMax', () => {
  it.each([
    [0, 1],
    [1, 1],
    [7, 10],
    [4550, 5000],
    [1200, 2000],
    [2400, 2500],
    [100, 100],
  ])('%d -> %d', (value, expected) => {
    expect(niceMax(value)).toBe(expected);
  });
});
