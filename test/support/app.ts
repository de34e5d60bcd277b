import { Writable } from 'node:stream';
import { createManualClock } from '#domain/clock';
import { buildApp } from '#server/app';
import { loadConfig } from '#server/config/env';
import type { Database } from '#server/db/client';

/** Collects the app's log lines so tests can assert on what was (and was not) logged. */
export function createLogCapture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });
  return { lines, stream, text: () => lines.join('\n') };
}

/** The real app on a test database, with a manual clock and captured logs. */
export async function createTestApp(db: Database, env: Record<string, string> = {}) {
  const clock = createManualClock('2026-11-21T09:00:00Z');
  const logs = createLogCapture();
  const config = loadConfig({ WEB_DIST_DIR: 'test/fixtures/no-web-build', ...env });
  const app = await buildApp({ config, db, clock, version: 'test', logStream: logs.stream });
  return { app, clock, logs, config };
}
