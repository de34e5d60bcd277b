/** Summary statistics across benchmark rounds. */

export type Spread = { median: number; min: number; max: number };

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  // Even count: mean of the two middle values, so 2 rounds do not silently pick the lower one.
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function spread(values: readonly number[]): Spread {
  if (values.length === 0) return { median: Number.NaN, min: Number.NaN, max: Number.NaN };
  return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
}

/** Rounds for printing/JSON: enough digits to compare runs, no float noise. */
export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export function roundSpread(value: Spread, digits = 2): Spread {
  return {
    median: round(value.median, digits),
    min: round(value.min, digits),
    max: round(value.max, digits),
  };
}

/** Nearest-rank percentile of ascending `sorted` values (NaN when empty). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export type LatencyStats = { count: number; p50Ms: number; p99Ms: number; maxMs: number };

/** Count, p50, p99 and max of latencies in ms, rounded to 0.01 ms. */
export function latencyStats(values: readonly number[]): LatencyStats {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50Ms: round(percentile(sorted, 50), 2),
    p99Ms: round(percentile(sorted, 99), 2),
    maxMs: round(sorted.at(-1) ?? Number.NaN, 2),
  };
}
