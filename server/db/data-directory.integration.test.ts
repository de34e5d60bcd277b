import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  isAlive,
  killEverything,
  postgresPid,
  spawnServer,
  waitHealthy,
  type ServerProcess,
} from '#test/support/server-process';

/** one app per data directory, and an app whose database dies says so and exits. */
describe('one app per data directory', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wellspring-owner-'));
  fs.chmodSync(dataDir, 0o755);
  const started: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of started) await killEverything(server, dataDir);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a second start while the first runs, and exits when its PostgreSQL is killed', async () => {
    const first = await spawnServer(dataDir);
    started.push(first);
    await waitHealthy(first);
    const firstPostgres = postgresPid(dataDir);
    expect(firstPostgres).toBeDefined();

    const second = await spawnServer(dataDir);
    started.push(second);
    const refused = await second.exited;
    expect(refused.code).toBe(1);
    expect(second.output()).toContain(
      `Wellspring is already running on this data directory (pid ${first.pid}) — stop it or set DATA_DIR`,
    );
    // The first app and its database are untouched.
    expect(isAlive(firstPostgres ?? 0)).toBe(true);
    for (let i = 0; i < 3; i += 1) expect((await fetch(`${first.baseUrl}/api/health`)).status).toBe(200);

    // Its database killed under it, the app says so and exits instead of answering 503 forever.
    process.kill(firstPostgres ?? 0, 'SIGKILL');
    const lost = await Promise.race([
      first.exited,
      new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 10_000)),
    ]);
    expect(lost).toEqual({ code: 1, signal: null });
    expect(first.output()).toMatch(/The embedded PostgreSQL stopped unexpectedly \(killed by SIGKILL\)/);

    // The owner is gone: the next start takes the directory over and keeps the data.
    const third = await spawnServer(dataDir);
    started.push(third);
    await waitHealthy(third);
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'owner.json'), 'utf8'))).toMatchObject({
      pid: third.pid,
    });
    third.child.kill('SIGTERM');
    expect(await third.exited).toEqual({ code: 0, signal: null });
    expect(fs.existsSync(path.join(dataDir, 'owner.json'))).toBe(false);
  }, 90_000);

  it('takes over from an app killed with SIGKILL (its PostgreSQL left running)', async () => {
    const killed = await spawnServer(dataDir);
    started.push(killed);
    await waitHealthy(killed);
    const orphan = postgresPid(dataDir) ?? 0;
    killed.child.kill('SIGKILL');
    await killed.exited;
    expect(isAlive(orphan)).toBe(true);

    const next = await spawnServer(dataDir);
    started.push(next);
    await waitHealthy(next);
    expect(isAlive(orphan)).toBe(false);
    next.child.kill('SIGTERM');
    expect(await next.exited).toEqual({ code: 0, signal: null });
  }, 90_000);
});
