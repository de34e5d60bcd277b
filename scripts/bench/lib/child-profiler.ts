import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

/**
 * `npm run bench -- --profile` sets BENCH_CPU_PROFILE_DIR (scripts/bench/run.ts). A bench server
 * child then records a V8 CPU profile of its main thread from the moment it reports `ready` until it
 * is told to stop, so start-up (migrations, seeding, module loading) and shutdown stay out of it,
 * and writes it to <dir>/<who>.cpuprofile (lib/bench-child.ts and lib/server-lifecycle.ts call this).
 * A scenario that measures in windows restarts it at the start of each (restartChildProfiler), so the
 * profile is that of the last measured window: no connecting, seeding or warm-up in it.
 */
let session: Session | undefined;
let file: string | undefined;

export async function startChildProfiler(who: string): Promise<void> {
  const dir = process.env.BENCH_CPU_PROFILE_DIR;
  if (!dir || session) return;
  file = path.join(dir, `${who.replace(/\.ts$/, '')}.cpuprofile`);
  session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
}

export async function stopChildProfiler(): Promise<void> {
  if (!session || !file) return;
  const { profile } = await session.post('Profiler.stop');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(profile));
  session.disconnect();
  session = undefined;
}

/** Drops what has been recorded and starts again (the parent's `profile-restart`). */
export async function restartChildProfiler(): Promise<void> {
  if (!session) return;
  await session.post('Profiler.stop');
  await session.post('Profiler.start');
}
