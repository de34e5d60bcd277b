import type { GoalResult } from './types';

/**
 * A goal's verdict from its bounds (issue #16's table): `atMost` / `atLeast` name a bound that a figure
 * misses (or a figure that was not measured: NaN never passes), `verdict` passes the goal when nothing
 * is named, the bounds missed first, then the failures (errors, lost messages...).
 */

export function atMost(what: string, value: number, bound: number, unit = ''): string[] {
  if (!Number.isFinite(value)) return [`${what}: not measured`];
  return value <= bound ? [] : [`${what} ${value}${unit} > ${bound}${unit}`];
}

export function atLeast(what: string, value: number, bound: number, unit = ''): string[] {
  if (!Number.isFinite(value)) return [`${what}: not measured`];
  return value >= bound ? [] : [`${what} ${value}${unit} < ${bound}${unit}`];
}

export function verdict(
  missed: readonly string[],
  failures: readonly string[] = [],
): Pick<GoalResult, 'pass' | 'problems'> {
  const problems = [...missed, ...failures];
  return { pass: problems.length === 0, ...(problems.length > 0 ? { problems } : {}) };
}
