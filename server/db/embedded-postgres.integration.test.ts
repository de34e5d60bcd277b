import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded-postgres';

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function query(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

describe('startEmbeddedPostgres', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wellspring-embedded-'));
  fs.chmodSync(dataDir, 0o755);
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('keeps data across restarts and takes over from a server whose owner was killed with SIGKILL', async () => {
    const first = await startEmbeddedPostgres({ dataDir });
    await query(first.url, 'create table kept (value text); insert into kept values ($$still here$$)');
    await first.stop();

    // A separate process starts the cluster and is then killed without a chance to clean up.
    const owner = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import('./server/db/embedded-postgres.ts').then(async (m) => { await m.startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)} }); console.log('ready'); setInterval(() => {}, 1000); })`,
      ],
      { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve, reject) => {
      owner.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
      owner.on('exit', (code) => reject(new Error(`owner exited early with ${code}`)));
    });
    const stalePid = Number.parseInt(
      fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8'),
      10,
    );
    owner.kill('SIGKILL');
    await new Promise((resolve) => owner.once('exit', resolve));
    expect(isAlive(stalePid)).toBe(true); // the orphaned server still holds the data directory

    const second = await startEmbeddedPostgres({ dataDir });
    expect(isAlive(stalePid)).toBe(false);
    expect(await query(second.url, 'select value from kept')).toEqual([{ value: 'still here' }]);
    await second.stop();
  }, 60_000);
});
