import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';

export type BarChartDatum = { label: string; value: number };

export type BarChartProps = {
  data: BarChartDatum[];
  /** How a value reads on the axis, in the hover/focus label and for screen readers ("$12.00"). */
  formatValue: (value: number) => string;
  /** Names the chart for assistive technology and shows above it. */
  title: string;
  /** Height of the plot in CSS pixels (axis labels included). */
  height?: number;
  /** Shown instead of the bars when every value is 0 (or there is no data). */
  emptyMessage?: string;
};

/** Width used before the container has been measured (and in environments without layout). */
const FALLBACK_WIDTH = 640;
const AXIS_FONT_PX = 12;
/** A rough advance width of one character of the 12 px axis font, used to avoid overlapping labels. */
const CHAR_PX = 7;
const X_AXIS_HEIGHT = 24;
const TOP_PADDING = 8;

/**
 * A small, dependency-free SVG bar chart. Bars use the accent colour of the design tokens (so the dark
 * theme follows), every bar can be focused (Tab reaches the chart, the arrow keys, Home and End move
 * between bars) and carries an aria-label "label: formatted value"; hovering or focusing a bar shows its
 * value. Axis labels are thinned so they never overlap on narrow screens. When every value is 0 the chart
 * says so instead of drawing an empty plot.
 */
export function BarChart({ data, formatValue, title, height = 220, emptyMessage }: BarChartProps) {
  const titleId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const barRefs = useRef<(SVGGElement | null)[]>([]);
  const [hovered, setActive] = useState<number | null>(null);
  const [tabStop, setFocusIndex] = useState(0);
  // Kept inside the data when the data shrinks (another range was picked).
  const active = hovered !== null && hovered < data.length ? hovered : null;
  const focusIndex = Math.min(tabStop, Math.max(0, data.length - 1));

  const isEmpty = data.length === 0 || data.every((datum) => datum.value === 0);
  const width = useContainerWidth(containerRef, isEmpty);

  if (isEmpty) {
    return (
      <figure className="m-0">
        <figcaption id={titleId} className="text-sm font-medium text-text">
          {title}
        </figcaption>
        <div
          ref={containerRef}
          className="mt-3 flex items-center justify-center rounded-[var(--radius-card)] border border-dashed border-border bg-surface-sunken/50 px-4 text-center text-sm text-text-muted"
          style={{ height }}
        >
          {emptyMessage ?? 'Nothing to show for this period yet.'}
        </div>
      </figure>
    );
  }

  const max = niceMax(Math.max(...data.map((datum) => datum.value), 0));
  const ticks = [0, max / 2, max];
  const tickLabels = ticks.map((tick) => formatValue(tick));
  const yAxisWidth = Math.max(...tickLabels.map((label) => label.length)) * CHAR_PX + 12;
  const plotLeft = yAxisWidth;
  const plotWidth = Math.max(1, width - plotLeft - 4);
  const plotTop = TOP_PADDING;
  const plotHeight = Math.max(1, height - X_AXIS_HEIGHT - plotTop);
  const slot = plotWidth / data.length;
  const barWidth = Math.max(2, Math.min(48, slot * 0.7));
  const longestLabel = Math.max(...data.map((datum) => datum.label.length));
  const labelStep = Math.max(1, Math.ceil((longestLabel * CHAR_PX + 8) / slot));
  const yOf = (value: number) => plotTop + plotHeight - (Math.max(0, value) / max) * plotHeight;

  const moveFocus = (index: number) => {
    const next = Math.max(0, Math.min(data.length - 1, index));
    setFocusIndex(next);
    setActive(next);
    barRefs.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<SVGGElement>, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: data.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    moveFocus(target);
  };

  const activeDatum = active === null ? null : data[active];
  const tooltipX = active === null ? 0 : plotLeft + slot * active + slot / 2;
  const tooltipY = activeDatum ? yOf(activeDatum.value) : 0;

  return (
    <figure className="m-0">
      <figcaption id={titleId} className="text-sm font-medium text-text">
        {title}
      </figcaption>
      <div ref={containerRef} className="relative mt-3 w-full" style={{ height }}>
        <svg
          role="group"
          aria-labelledby={titleId}
          width={width}
          height={height}
          className="block overflow-visible"
          onMouseLeave={() => setActive(null)}
        >
          {ticks.map((tick, index) => (
            <g key={index} aria-hidden="true">
              <line
                x1={plotLeft}
                x2={plotLeft + plotWidth}
                y1={yOf(tick)}
                y2={yOf(tick)}
                className={index === 0 ? 'stroke-text-muted/60' : 'stroke-border'}
                strokeDasharray={index === 0 ? undefined : '3 4'}
              />
              <text
                x={plotLeft - 8}
                y={yOf(tick)}
                dy="0.32em"
                textAnchor="end"
                className="fill-text-muted tabular-nums"
                style={{ fontSize: AXIS_FONT_PX }}
              >
                {tickLabels[index]}
              </text>
            </g>
          ))}
          {data.map((datum, index) => {
            const x = plotLeft + slot * index + (slot - barWidth) / 2;
            const y = yOf(datum.value);
            const barHeight = Math.max(datum.value > 0 ? 2 : 0, plotTop + plotHeight - y);
            const showLabel = index % labelStep === 0;
            return (
              <g
                key={`${datum.label}-${index}`}
                ref={(element) => {
                  barRefs.current[index] = element;
                }}
                role="img"
                aria-label={`${datum.label}: ${formatValue(datum.value)}`}
                tabIndex={index === focusIndex ? 0 : -1}
                className="group cursor-default outline-none"
                onMouseEnter={() => setActive(index)}
                onFocus={() => {
                  setFocusIndex(index);
                  setActive(index);
                }}
                onBlur={() => setActive((current) => (current === index ? null : current))}
                onKeyDown={(event) => onKeyDown(event, index)}
              >
                {/* The whole column reacts to the pointer, not just the (possibly tiny) bar. */}
                <rect
                  x={plotLeft + slot * index}
                  y={plotTop}
                  width={slot}
                  height={plotHeight}
                  className={`${active === index ? 'fill-accent/10' : 'fill-transparent'} group-focus-visible:stroke-ring group-focus-visible:[stroke-width:2px]`}
                />
                <rect
                  x={x}
                  y={plotTop + plotHeight - barHeight}
                  width={barWidth}
                  height={barHeight}
                  rx={Math.min(4, barWidth / 3)}
                  className={`fill-accent transition-opacity ${active !== null && active !== index ? 'opacity-60' : ''}`}
                />
                {showLabel ? (
                  <text
                    x={plotLeft + slot * index + slot / 2}
                    y={plotTop + plotHeight + 16}
                    textAnchor="middle"
                    aria-hidden="true"
                    className="fill-text-muted"
                    style={{ fontSize: AXIS_FONT_PX }}
                  >
                    {datum.label}
                  </text>
                ) : null}
              </g>
            );
          })}
        </svg>
        {activeDatum ? (
          <div
            aria-hidden="true"
            data-testid="bar-chart-tooltip"
            className="pointer-events-none absolute z-10 -translate-x-1/2 -translate-y-full rounded-[var(--radius-control)] border border-border bg-surface-raised px-2 py-1 text-xs whitespace-nowrap text-text shadow-soft"
            style={{
              left: Math.max(40, Math.min(width - 40, tooltipX)),
              top: Math.max(32, tooltipY - 6),
            }}
          >
            <span className="text-text-muted">{activeDatum.label}</span>{' '}
            <span className="font-semibold tabular-nums">{formatValue(activeDatum.value)}</span>
          </div>
        ) : null}
      </div>
    </figure>
  );
}

/** A round upper bound for the axis: 1, 2, 2.5, 5 or 10 times a power of ten, at least the largest value. */
export function niceMax(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (step * power >= value) return step * power;
  }
  return 10 * power;
}

/** The rendered width of the element (re-measured on resize and when `remountKey` swaps the element). */
function useContainerWidth(ref: RefObject<HTMLDivElement | null>, remountKey: unknown): number {
  const [width, setWidth] = useState(FALLBACK_WIDTH);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const measured = element.getBoundingClientRect().width;
      if (measured > 0) setWidth(Math.round(measured));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, remountKey]);
  return width;
}
