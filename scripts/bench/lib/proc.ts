import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readPostmasterPid as readPidFile } from '#server/db/processes';

/**
 * Linux /proc readers: CPU time of another process and the load average. The servers under test
 * run in child processes, so process.cpuUsage() (which only sees ourselves) cannot be used.
 */

let ticksPerSecond: number | undefined;

/** Clock ticks per second for /proc/<pid>/stat times (`getconf CLK_TCK`, practically always 100). */
export function clockTicksPerSecond(): number {
  if (ticksPerSecond === undefined) {
    try {
      const parsed = Number.parseInt(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim(), 10);
      ticksPerSecond = Number.isInteger(parsed) && parsed > 0 ? parsed : 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

type StatFields = { ppid: number; utime: number; stime: number; cutime: number; cstime: number };

/**
 * Parses /proc/<pid>/stat. Field 2 (comm) is in parentheses and may itself contain spaces or ')',
 * so we split after the *last* ')'. Fields after it start at field 3 (state).
 */
function readStat(pid: number): StatFields | undefined {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined; // exited, or no /proc
  }
  const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // rest[0] is field 3, so field N is rest[N - 3].
  const field = (n: number) => Number.parseInt(rest[n - 3] ?? '', 10);
  return { ppid: field(4), utime: field(14), stime: field(15), cutime: field(16), cstime: field(17) };
}

/** utime + stime (fields 14 and 15) of one process, all its threads, in microseconds. */
export function processCpuMicros(pid: number): number {
  const stat = readStat(pid);
  if (!stat) throw new Error(`Cannot read /proc/${pid}/stat: is the process running (and is this Linux)?`);
  return ((stat.utime + stat.stime) * 1_000_000) / clockTicksPerSecond();
}

/**
 * CPU time of a process and its direct children, in microseconds: used for the PostgreSQL
 * postmaster, whose per-connection backends do the database work. Children that already exited
 * are counted through the parent's cutime/cstime once it has reaped them.
 */
export function processTreeCpuMicros(rootPid: number): number {
  const root = readStat(rootPid);
  if (!root) throw new Error(`Cannot read /proc/${rootPid}/stat`);
  let ticks = root.utime + root.stime + root.cutime + root.cstime;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (stat?.ppid === rootPid) ticks += stat.utime + stat.stime;
  }
  return (ticks * 1_000_000) / clockTicksPerSecond();
}

export function cpuCount(): number {
  return os.availableParallelism();
}

/** The 1-minute load average from /proc/loadavg (os.loadavg() as a fallback off Linux). */
export function loadAverage1m(): number {
  try {
    return Number.parseFloat(fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0] ?? '');
  } catch {
    return os.loadavg()[0] ?? 0;
  }
}

export type LoadCheck = { loadBefore: number; loadAtStart: number; waitedMs: number; busy: boolean };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Before a round: when the 1-minute load is above nproc + 0.5 something else is using the CPUs (or
 * our previous round still weighs on the average), so wait up to `maxWaitMs` for it to drop.
 * The result is recorded with the round so a noisy round can be recognised afterwards.
 */
export async function waitForQuietLoad(maxWaitMs = 10_000): Promise<LoadCheck> {
  const limit = cpuCount() + 0.5;
  const loadBefore = loadAverage1m();
  const started = Date.now();
  let load = loadBefore;
  while (load > limit && Date.now() - started < maxWaitMs) {
    await sleep(Math.min(1000, maxWaitMs - (Date.now() - started)));
    load = loadAverage1m();
  }
  return { loadBefore, loadAtStart: load, waitedMs: Date.now() - started, busy: load > limit };
}

/**
 * The pid of the embedded PostgreSQL's postmaster under `dataDir` (from postmaster.pid), so the runner
 * can also report the database's CPU per request; undefined when it cannot be read.
 */
export function readPostmasterPid(dataDir: string): number | undefined {
  return readPidFile(path.join(dataDir, 'postgres', 'postmaster.pid'));
}

/** Resident set size of a process (VmRSS in /proc/<pid>/status), in KiB. */
export function processRssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  if (!match?.[1]) throw new Error(`No VmRSS in /proc/${pid}/status`);
  return Number(match[1]);
}
