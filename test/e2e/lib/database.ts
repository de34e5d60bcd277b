import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * The e2e server's throwaway embedded PostgreSQL (scripts/e2e-server.mjs writes where it lives), for
 * journeys that must let server time pass — e.g. a request's 180 s — without waiting for it. Use it
 * only to move a row's deadline; everything that follows (the lifecycle job, the events, the screens)
 * runs for real.
 */
export async function withE2eDatabase<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  // One file per e2e port (E2E_PORT), so runs side by side each find their own server.
  const file = path.join('test-results', `e2e-server-${process.env.E2E_PORT ?? '4310'}.json`);
  const { dataDir } = JSON.parse(fs.readFileSync(file, 'utf8')) as { dataDir: string };
  const password = fs.readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
  // postmaster.pid: line 4 is the port.
  const port = fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3];
  const client = new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
  });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
