import fs from 'node:fs';
import path from 'node:path';

/**
 * Reads a V8 CPU profile (`node --cpu-prof`, the format Chrome DevTools opens) and says where the
 * time went: self time per function and per area (a package under node_modules, node's own
 * internals, or a folder of ours), as shares of the time the process was busy. Used by
 * `npm run bench -- --profile` (scripts/bench/run.ts) for docs/performance.md.
 */

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
export type CpuProfile = {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
};

export type Share = { name: string; ms: number; share: number };
export type ProfileSummary = {
  busyMs: number;
  idleMs: number;
  /** The profiler restarting itself at a window's start (its inspector call), left out of the shares. */
  profilerMs: number;
  functions: Share[];
  areas: Share[];
};

/** Not work: the process waiting for I/O. */
const idleNames = new Set(['(idle)']);

/** Where a frame's code lives, in words a reader knows: `fastify`, `node:internal`, `server/http`… */
export function areaOf(frame: CallFrame, root: string): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return url.startsWith('node:internal') ? 'node:internal' : url;
  const file = url.startsWith('file://') ? decodeURIComponent(new URL(url).pathname) : url;
  const modules = file.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const [first, second] = file.slice(modules + '/node_modules/'.length).split('/');
    return first?.startsWith('@') ? `${first}/${second}` : (first ?? file);
  }
  const relative = path.relative(root, file);
  if (relative.startsWith('..')) return file;
  const parts = relative.split(path.sep);
  return parts.length > 2 ? parts.slice(0, 2).join('/') : relative;
}

function frameName(frame: CallFrame, root: string): string {
  const name = frame.functionName || '(anonymous)';
  if (!frame.url) return name;
  const file = frame.url.startsWith('file://') ? decodeURIComponent(new URL(frame.url).pathname) : frame.url;
  const modules = file.lastIndexOf('/node_modules/');
  const where = modules >= 0 ? file.slice(modules + '/node_modules/'.length) : path.relative(root, file);
  return `${name} ${where}:${frame.lineNumber + 1}`;
}

const top = (totals: Map<string, number>, busyMs: number, count: number): Share[] =>
  [...totals]
    .sort((left, right) => right[1] - left[1])
    .slice(0, count)
    .map(([name, ms]) => ({ name, ms: Math.round(ms), share: busyMs > 0 ? ms / busyMs : 0 }));

/** A frame of the bench's own profiler (lib/child-profiler.ts): what it costs is not the app's. */
const isProfilerFrame = (frame: CallFrame) => frame.url.endsWith('/scripts/bench/lib/child-profiler.ts');

/**
 * Self time per function and per area, the idle time and the profiler's own restart (a native
 * `dispatch` under child-profiler.ts, once ~10 % of a ring window) left out of the shares.
 */
export function summarizeProfile(profile: CpuProfile, root: string, count = 15): ProfileSummary {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const underProfiler = (nodeId: number): boolean => {
    for (let id: number | undefined = nodeId; id !== undefined; id = parentOf.get(id)) {
      const frame = nodes.get(id)?.callFrame;
      if (frame && isProfilerFrame(frame)) return true;
    }
    return false;
  };
  const selfUs = new Map<number, number>();
  profile.samples.forEach((nodeId, index) => {
    selfUs.set(nodeId, (selfUs.get(nodeId) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  const functions = new Map<string, number>();
  const areas = new Map<string, number>();
  let busyUs = 0;
  let idleUs = 0;
  let profilerUs = 0;
  for (const [nodeId, us] of selfUs) {
    const frame = nodes.get(nodeId)?.callFrame;
    if (!frame) continue;
    if (idleNames.has(frame.functionName)) {
      idleUs += us;
      continue;
    }
    if (underProfiler(nodeId)) {
      profilerUs += us;
      continue;
    }
    busyUs += us;
    const name = frameName(frame, root);
    functions.set(name, (functions.get(name) ?? 0) + us / 1000);
    const area = areaOf(frame, root);
    areas.set(area, (areas.get(area) ?? 0) + us / 1000);
  }
  const busyMs = busyUs / 1000;
  return {
    busyMs: Math.round(busyMs),
    idleMs: Math.round(idleUs / 1000),
    profilerMs: Math.round(profilerUs / 1000),
    functions: top(functions, busyMs, count),
    areas: top(areas, busyMs, count),
  };
}

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;

/** Two short tables in Markdown, ready to paste into docs/performance.md. */
export function renderProfileSummary(title: string, summary: ProfileSummary): string {
  const rows = (shares: Share[]) =>
    shares.map((share) => `| ${share.name} | ${percent(share.share)} |`).join('\n');
  return [
    `### ${title}`,
    '',
    `Busy ${summary.busyMs} ms, idle ${summary.idleMs} ms (the profiler restarting: ${summary.profilerMs} ms, left out); ` +
      `shares of the busy time (self time).`,
    '',
    '| area | self |',
    '|---|---|',
    rows(summary.areas),
    '',
    '| function | self |',
    '|---|---|',
    rows(summary.functions),
    '',
  ].join('\n');
}

/**
 * Summarises each server child's profile in `dir` (<child>.cpuprofile, lib/child-profiler.ts) into
 * `dir`/summary.md and returns that file's path.
 */
export function summarizeProfileDir(dir: string, root: string): string {
  const files = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.cpuprofile'))
    .sort();
  const sections = files.map((file) => {
    const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
    return renderProfileSummary(file.replace(/\.cpuprofile$/, ''), summarizeProfile(profile, root));
  });
  const summary = path.join(dir, 'summary.md');
  fs.writeFileSync(
    summary,
    sections.length > 0
      ? sections.join('\n')
      : 'No profile was written (did a server child exit abnormally?).\n',
  );
  return path.relative(root, summary);
}
