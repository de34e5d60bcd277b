import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  isAlive,
  killEverything,
  postgresPid,
  spawnServer,
  waitHealthy,
  type ServerProcess,
} from '#test/support/server-process';

/**
 * The outside probe's three rounds of kill -9 during money traffic, kept as a test. Workers
 * top up (create + demo-confirm), send credit gifts to each other and claim them, each request with its
 * own Idempotency-Key; the server, its embedded PostgreSQL or both are killed with SIGKILL mid-traffic;
 * after the restart every unanswered request is retried with its key and body. Then every acknowledged
 * operation has exactly one ledger transaction, none exists without one, and balances add up.
 */

type Op = {
  kind: 'create' | 'confirm' | 'gift' | 'claim';
  user: number;
  key: string;
  url: string;
  body: unknown;
  /** undefined: no answer (cut by a kill, or a 5xx): retried after the restart. */
  status?: number;
  response?: Record<string, unknown>;
};

const PASSWORD = 'Kill-nine money test, 2026!';
const CARD = { card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2040, cvc: '123' };

describe('kill -9 during money traffic', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wellspring-kill9-'));
  fs.chmodSync(dataDir, 0o755);
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await killEverything(server, dataDir);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged operation exactly once across three kills', async () => {
    let port = 0;
    const start = async () => {
      server = await spawnServer(dataDir, port ? { port } : {});
      port = server.port;
      await waitHealthy(server);
    };
    await start();
    const base = () => `http://127.0.0.1:${port}`;

    const call = async (method: string, url: string, token?: string, body?: unknown, key?: string) => {
      const response = await fetch(`${base()}${url}`, {
        method,
        headers: {
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(key ? { 'idempotency-key': key } : {}),
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(10_000),
      });
      const text = await response.text();
      return { status: response.status, json: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
    };

    // Three people with confirmed addresses (the code from the demo mailbox).
    const users: { email: string; token: string; id: string }[] = [];
    for (let index = 0; index < 3; index += 1) {
      const email = `kill9-${index}-${randomUUID().slice(0, 8)}@example.test`;
      const signup = await call('POST', '/auth/v1/signup', undefined, {
        email,
        password: PASSWORD,
        data: { full_name: `Kill Nine ${index}` },
      });
      expect(signup.status, JSON.stringify(signup.json)).toBe(200);
      const token = signup.json.access_token as string;
      const messages = (await call('GET', '/api/dev/mailbox')).json.messages as {
        recipient: string;
        body_text: string;
      }[];
      const code = /\b(\d{6})\b/.exec(messages.find((m) => m.recipient === email)?.body_text ?? '')?.[1];
      const verified = await call('POST', '/auth/v1/verify', token, { type: 'signup', token: code, email });
      expect(verified.status, JSON.stringify(verified.json)).toBe(200);
      users.push({ email, token, id: (signup.json.user as { id: string }).id });
    }

    const ops: Op[] = [];
    const send = async (op: Op) => {
      try {
        const { status, json } = await call('POST', op.url, users[op.user]?.token, op.body, op.key);
        if (status < 500) {
          op.status = status;
          op.response = json;
        }
      } catch {
        // Cut by the kill (reset, refused, timeout): no answer.
      }
      return op;
    };
    const record = (op: Op) => {
      ops.push(op);
      return send(op);
    };

    const topUp = async (user: number, amount: number) => {
      const created = await record({
        kind: 'create',
        user,
        key: randomUUID(),
        url: '/api/wallet/top-ups',
        body: { amount },
      });
      const paymentId = created.status === 201 ? (created.response?.payment_id as string) : undefined;
      if (!paymentId) return;
      await record({
        kind: 'confirm',
        user,
        key: randomUUID(),
        url: `/api/wallet/top-ups/${paymentId}/demo-confirm`,
        body: CARD,
      });
    };
    // $500 each to start with.
    for (let user = 0; user < 3; user += 1) await topUp(user, 50_000);
    expect(ops.every((op) => op.status !== undefined && op.status < 300)).toBe(true);

    let running = false;
    const worker = async (user: number, seed: number) => {
      for (let step = seed; running; step += 1) {
        const choice = step % 3;
        if (choice === 0) await topUp(user, 500 + (step % 7) * 100);
        else if (choice === 1) {
          const to = users[(user + 1 + (step % 2)) % 3]?.email;
          await record({
            kind: 'gift',
            user,
            key: randomUUID(),
            url: '/api/gifts',
            body: { kind: 'credit', amount: 500 + (step % 5) * 100, recipient_email: to, message: '' },
          });
        } else {
          const list = await call('GET', '/api/gifts', users[user]?.token).catch(() => undefined);
          const pending = (
            (list?.json.received as { id: string; status: string }[] | undefined) ?? []
          ).filter((gift) => gift.status === 'pending');
          const gift = pending[step % Math.max(pending.length, 1)];
          if (gift)
            await record({
              kind: 'claim',
              user,
              key: randomUUID(),
              url: `/api/gifts/${gift.id}/claim`,
              body: undefined,
            });
        }
      }
    };

    const rounds: { kill: 'app' | 'postgres' | 'both' }[] = [
      { kill: 'app' },
      { kill: 'postgres' },
      { kill: 'both' },
    ];
    for (const round of rounds) {
      running = true;
      const workers = [0, 1, 2].flatMap((user) => [worker(user, user), worker(user, user + 4)]);
      await new Promise((resolve) => setTimeout(resolve, 2500 + Math.floor(Math.random() * 1000)));
      const current = server;
      const database = postgresPid(dataDir);
      if (round.kill !== 'postgres') current?.child.kill('SIGKILL');
      if (round.kill !== 'app' && database) process.kill(database, 'SIGKILL');
      running = false;
      await current?.exited; // killed, or (postgres only) exits by itself
      await Promise.all(workers);
      if (round.kill === 'app' && database) {
        // The orphaned PostgreSQL is still running: the next start takes it over.
        expect(isAlive(database)).toBe(true);
      }
      await start();
      // Every unanswered request again, with its own key and body.
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const open = ops.filter((op) => op.status === undefined || op.status === 409);
        if (open.length === 0) break;
        for (const op of open) await send(op);
      }
    }

    // Claims may lose a race with the same person's other worker (409 already claimed, deterministic);
    // nothing else may stay unacknowledged.
    const unresolved = ops.filter(
      (op) => op.status === undefined || (op.status >= 300 && !(op.kind === 'claim' && op.status < 500)),
    );
    expect(unresolved.map((op) => `${op.kind} ${op.status} ${JSON.stringify(op.response)}`)).toEqual([]);
    const acked = ops.filter((op) => op.status !== undefined && op.status < 300);
    expect(acked.filter((op) => op.kind === 'confirm').length).toBeGreaterThan(10);
    expect(acked.filter((op) => op.kind === 'gift').length).toBeGreaterThan(5);

    // Exactly one ledger transaction per acknowledged confirm, gift and claim; none without one.
    const expected = new Map<string, number>(); // `${kind}:${reference}` -> 1
    const balances = [0, 0, 0];
    for (const op of acked) {
      if (op.kind === 'confirm') {
        const payment = op.response as { payment_id: string; status: string; amount: number };
        expect(payment.status).toBe('succeeded');
        expected.set(`top_up:${payment.payment_id}`, 1);
        balances[op.user] = (balances[op.user] ?? 0) + payment.amount;
      } else if (op.kind === 'gift') {
        const gift = (op.response as { gift: { id: string; amount: number } }).gift;
        expected.set(`gift:${gift.id}`, 1);
        balances[op.user] = (balances[op.user] ?? 0) - gift.amount;
      } else if (op.kind === 'claim') {
        const gift = (op.response as { gift: { id: string; amount: number } }).gift;
        expected.set(`gift_claim:${gift.id}`, 1);
        balances[op.user] = (balances[op.user] ?? 0) + gift.amount;
      }
    }
    const password = fs.readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
    // postmaster.pid: pid, data directory, start time, port, ...
    const portLine = fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3];
    const client = new pg.Client({
      connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${portLine?.trim()}/postgres`,
    });
    await client.connect();
    try {
      const { rows } = await client.query<{ kind: string; reference_id: string; count: string }>(
        `select t.kind, t.reference_id, count(distinct t.id)::text as count
           from ledger_transactions t
           join ledger_entries e on e.transaction_id = t.id
           join ledger_accounts a on a.id = e.account_id
          where a.owner_user_id = any($1::uuid[]) and t.kind in ('top_up', 'gift', 'gift_claim')
          group by t.kind, t.reference_id`,
        [users.map((user) => user.id)],
      );
      const actual = new Map(rows.map((row) => [`${row.kind}:${row.reference_id}`, Number(row.count)]));
      expect(Object.fromEntries(actual)).toEqual(Object.fromEntries(expected));
      const [sums] = (
        await client.query<{ total: string; unbalanced: string }>(
          `select coalesce(sum(amount), 0)::text as total,
                  (select count(*) from (select transaction_id from ledger_entries group by transaction_id
                                          having sum(amount) <> 0) u)::text as unbalanced
             from ledger_entries`,
        )
      ).rows;
      expect(sums).toEqual({ total: '0', unbalanced: '0' });
    } finally {
      await client.end();
    }
    for (const [index, user] of users.entries()) {
      const wallet = await call('GET', '/api/wallet', user.token);
      expect(wallet.json.balance, user.email).toBe(balances[index]);
    }
    const health = await call('GET', '/api/health');
    expect(health.status).toBe(200);

    server?.child.kill('SIGTERM');
    expect(await server?.exited).toEqual({ code: 0, signal: null });
  }, 180_000);
});
