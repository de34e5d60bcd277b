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
