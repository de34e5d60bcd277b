/**
 * `npm run bench:compare`: the change of every figure of a goal between two entries of
 * bench-results/history.jsonl (the newest and the one before it, for the same scenario and goal).
 * Pure functions here; the command is scripts/bench/compare.ts.
 */

export type HistoryEntry = {
  at: string;
  scenario: string;
  sha: string;
  dirty?: boolean;
  goal: string;
  [key: string]: unknown;
};

/** Which way is better for a figure, from its name; undefined when the name does not say. */
export type Direction = 'higher' | 'lower';

export type FigureChange = {
  name: string;
  before: number;
  after: number;
  /** (after - before) / before, undefined when before is 0. */
  change: number | undefined;
  better: Direction | undefined;
  /** True when the figure moved the bad way by more than the threshold. */
  worse: boolean;
};

export type GoalComparison = {
  scenario: string;
  goal: string;
  before: HistoryEntry;
  after: HistoryEntry;
  figures: FigureChange[];
};

/** Not figures: the run's identity, its parameters and the goal's bounds. */
const skippedKeys = new Set([
  'at',
  'scenario',
  'sha',
  'dirty',
  'cpus',
  'params',
  'goal',
  'bound',
  'pass',
  'explain',
]);

/** Parses history.jsonl; a line that is not a goal entry is skipped (the file is append-only and hand-editable). */
export function parseHistory(text: string): HistoryEntry[] {
  const entries: HistoryEntry[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const value: unknown = JSON.parse(line);
      if (isEntry(value)) entries.push(value);
    } catch {
      // A torn last line (a bench killed while appending) is not an entry.
    }
  }
  return entries;
}

function isEntry(value: unknown): value is HistoryEntry {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.scenario === 'string' &&
    typeof record.goal === 'string' &&
    typeof record.sha === 'string' &&
    typeof record.at === 'string'
  );
}

/** Every finite number below an entry, by dotted path (`app.cpuUsPerReq`), in the entry's order. */
export function figuresOf(entry: HistoryEntry): Map<string, number> {
  const figures = new Map<string, number>();
  const walk = (value: unknown, prefix: string) => {
    if (typeof value === 'number') {
      if (Number.isFinite(value)) figures.set(prefix, value);
      return;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
    for (const [key, child] of Object.entries(value)) walk(child, prefix ? `${prefix}.${key}` : key);
  };
  for (const [key, value] of Object.entries(entry)) if (!skippedKeys.has(key)) walk(value, key);
  return figures;
}

/**
 * What `ratio` means per scenario: app throughput over bare throughput (higher is better), or a
 * latency multiple of the bare socket round trip (lower is better).
 */
const ratioDirection: Record<string, Direction> = {
  http: 'higher',
  discovery: 'higher',
  wallet: 'higher',
  ring: 'lower',
  chat: 'lower',
};

/** Which way is better for a figure, from its name: throughput up; times, CPU and memory down. */
export function directionOf(scenario: string, name: string): Direction | undefined {
  const last = name.split('.').at(-1) ?? name;
  if (last === 'ratio') return ratioDirection[scenario];
  if (last === 'cpuRatio') return 'lower';
  if (/PerSec$/.test(last)) return 'higher';
  if (/(Ms|^cpuUs\w*|CpuUs\w*|Bytes|Kb|KbPer\w+)$/.test(last)) return 'lower';
  return undefined;
}

/** The newest entry of each scenario+goal against the one before it (or the newest of `againstSha`). */
export function compareHistory(
  entries: HistoryEntry[],
  options: { scenarios?: string[]; againstSha?: string; threshold?: number } = {},
): GoalComparison[] {
  const threshold = options.threshold ?? 0.1;
  const byGoal = new Map<string, HistoryEntry[]>();
  for (const entry of entries) {
    if (options.scenarios?.length && !options.scenarios.includes(entry.scenario)) continue;
    const key = `${entry.scenario}\u0000${entry.goal}`;
    const list = byGoal.get(key) ?? [];
    list.push(entry);
    byGoal.set(key, list);
  }
  const comparisons: GoalComparison[] = [];
  for (const list of byGoal.values()) {
    const after = list.at(-1);
    if (!after) continue;
    const earlier = list.slice(0, -1);
    const before = options.againstSha
      ? earlier.filter((entry) => entry.sha.startsWith(options.againstSha ?? '')).at(-1)
      : earlier.at(-1);
    if (!before) continue;
    comparisons.push({
      scenario: after.scenario,
      goal: after.goal,
      before,
      after,
      figures: compareFigures(after.scenario, figuresOf(before), figuresOf(after), threshold),
    });
  }
  return comparisons;
}

function compareFigures(
  scenario: string,
  before: Map<string, number>,
  after: Map<string, number>,
  threshold: number,
): FigureChange[] {
  const figures: FigureChange[] = [];
  for (const [name, afterValue] of after) {
    const beforeValue = before.get(name);
    if (beforeValue === undefined) continue;
    const change = beforeValue === 0 ? undefined : (afterValue - beforeValue) / Math.abs(beforeValue);
    const better = directionOf(scenario, name);
    const worse =
      change !== undefined &&
      better !== undefined &&
      (better === 'higher' ? change < -threshold : change > threshold);
    figures.push({ name, before: beforeValue, after: afterValue, change, better, worse });
  }
  return figures;
}

const percent = (change: number | undefined) =>
  change === undefined ? '-' : `${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)} %`;

/** The readable report: one block per goal, one line per figure, `WORSE` where it moved the bad way. */
export function renderComparison(comparisons: GoalComparison[], threshold = 0.1): string {
  if (comparisons.length === 0)
    return 'bench:compare: no goal has two entries in bench-results/history.jsonl yet (run `npm run bench` twice).';
  const blocks = comparisons.map((comparison) => {
    const { before, after } = comparison;
    const header = `${comparison.scenario} · ${comparison.goal}: ${label(before)} -> ${label(after)}`;
    const width = Math.max(...comparison.figures.map((figure) => figure.name.length), 6);
    const lines = comparison.figures.map((figure) => {
      const arrow = figure.better === undefined ? ' ' : figure.better === 'higher' ? '↑' : '↓';
      const flag = figure.worse ? '  WORSE' : '';
      return `  ${figure.name.padEnd(width)} ${arrow} ${String(figure.before).padStart(10)} -> ${String(figure.after).padStart(10)}  ${percent(figure.change).padStart(9)}${flag}`;
    });
    return [header, ...lines].join('\n');
  });
  const worse = comparisons.flatMap((comparison) => comparison.figures.filter((figure) => figure.worse));
  const summary = worse.length
    ? `${worse.length} figure(s) moved the bad way by more than ${threshold * 100} % (↑ higher is better, ↓ lower is better). One run is noise on a shared machine: re-run both before believing it.`
    : `No figure moved the bad way by more than ${threshold * 100} % (↑ higher is better, ↓ lower is better).`;
  return `${blocks.join('\n\n')}\n\n${summary}`;
}

const label = (entry: HistoryEntry) =>
  `${entry.sha}${entry.dirty ? '+dirty' : ''} (${entry.at.slice(0, 16)})`;
