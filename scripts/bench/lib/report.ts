import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './children';
import { loadAverage1m } from './proc';
import type { Spread } from './stats';
import type { ScenarioResult } from './types';

/** Where results go, what they are tagged with, and how they are shown. */

export const resultsDir = path.join(repoRoot, 'bench-results');

export type GitState = { sha: string; dirty: boolean };

/** Short sha of HEAD, or 'nogit'; `dirty` because numbers from uncommitted code are not HEAD's. */
export function gitState(): GitState {
  const git = (args: string[]) =>
    execFileSync('git', args, {
      cwd: repoRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  try {
    const sha = git(['rev-parse', '--short', 'HEAD']);
    let dirty = false;
    try {
      dirty = git(['status', '--porcelain', '--untracked-files=no']) !== '';
    } catch {
      // unknown: leave false
    }
    return { sha, dirty };
  } catch {
    return { sha: 'nogit', dirty: false };
  }
}

export function machineInfo() {
  return {
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cpus: os.availableParallelism(),
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    loadAvg1mAtStart: loadAverage1m(),
  };
}

/** Writes bench-results/<scenario>-<sha>.json and appends one line per goal to history.jsonl. */
export function saveResult(
  result: ScenarioResult,
  meta: { git: GitState; startedAt: string; machine: ReturnType<typeof machineInfo> },
): string {
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${result.scenario}-${meta.git.sha}.json`);
  const record = {
    ...result,
    git: meta.git,
    startedAt: meta.startedAt,
    finishedAt: new Date().toISOString(),
    machine: meta.machine,
  };
  fs.writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  const history = result.goals
    .map((goal) =>
      JSON.stringify({
        at: record.finishedAt,
        scenario: result.scenario,
        sha: meta.git.sha,
        dirty: meta.git.dirty,
        cpus: meta.machine.cpus,
        params: result.params,
        ...goal,
      }),
    )
    .join('\n');
  if (history) fs.appendFileSync(path.join(resultsDir, 'history.jsonl'), `${history}\n`);
  return path.relative(repoRoot, file);
}

const fmt = (value: number) => (Number.isFinite(value) ? String(value) : '-');
const cell = (value: Spread) =>
  value.min === value.max ? fmt(value.median) : `${fmt(value.median)} (${fmt(value.min)}–${fmt(value.max)})`;

/** A plain-text table: one row per target, medians with the min–max across rounds. */
export function renderTable(result: ScenarioResult): string {
  const extraNames = [...new Set(result.targets.flatMap((target) => Object.keys(target.extraCpuUsPerReq)))];
  const header = [
    'target',
    'req/s',
    'p50 ms',
    'p99 ms',
    'CPU-µs/req',
    ...extraNames.map((name) => `${name} CPU-µs/req`),
    'server CPU%',
    'loadgen CPU%',
    'errors',
  ];
  const rows = result.targets.map((target) => [
    target.name,
    cell(target.reqPerSec),
    cell(target.p50Ms),
    cell(target.p99Ms),
    cell(target.cpuUsPerReq),
    ...extraNames.map((name) => {
      const value = target.extraCpuUsPerReq[name];
      return value ? cell(value) : '';
    }),
    fmt(target.serverCpuPct.median),
    fmt(target.loadgenCpuPct.median),
    String(target.errors + target.non2xx),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((text, column) => text.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  const out: string[] = [];
  // A scenario without load targets (web) has only its goals and notes.
  if (rows.length > 0) {
    out.push(`${result.scenario}: medians (min–max) over ${result.targets[0]?.rounds ?? 0} rounds`);
    out.push(line(header), line(widths.map((width) => '-'.repeat(width))));
    for (const row of rows) out.push(line(row));
  }
  for (const goal of result.goals) {
    const ratios = ['ratio', 'cpuRatio']
      .filter((key) => key in goal)
      .map((key) => `${key} ${String(goal[key])}`)
      .join(', ');
    out.push(
      `${goal.pass ? 'PASS' : 'FAIL'} ${goal.goal}${ratios ? `: ${ratios}` : ''}${goal.problems ? ` — ${goal.problems.join('; ')}` : ''}`,
    );
  }
  for (const note of result.notes) out.push(`note: ${note}`);
  return out.join('\n');
}
