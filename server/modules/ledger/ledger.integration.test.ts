import { describe, expect, it } from 'vitest';
import { AppError } from '#domain/errors/app-error';
import { cents, negateCents, type Cents } from '#domain/money/cents';
import { healthResponseSchema } from '#contracts/health';
import { createLedgerInvariantsJob } from '#server/jobs/ledger-invariants.job';
import { recordStatements } from '#test/support/statements';
import { useTestApp } from '#test/support/test-app';
import { LedgerIntegrityError, type LedgerService } from './ledger.service';

type Handle = ReturnType<typeof useTestApp>;

async function newUser(t: Handle): Promise<string> {
  const result = await t.pool.query<{ id: string }>('insert into users default values returning id');
  const id = result.rows[0]?.id;
  if (!id) throw new Error('no user');
  return id;
}

async function wallet(t: Handle, ledger: LedgerService, topUp: number) {
  const owner = await newUser(t);
  const clearing = await ledger.ensureAccount(t.db, 'provider_clearing', null);
  const account = await ledger.ensureAccount(t.db, 'client_wallet', owner);
  const held = await ledger.ensureAccount(t.db, 'client_held', owner);
  if (topUp > 0)
    await ledger.post(t.db, {
      kind: 'top_up',
      reference: { type: 'payment', id: `pay_${owner}` },
      entries: [
        { account: 'provider_clearing', owner: null, amount: cents(-topUp) },
        { account: 'client_wallet', owner, amount: cents(topUp) },
      ],
    });
  return { owner, clearing, wallet: account, held };
}

/** A hold's posting: `amount` from the owner's wallet to their held funds. */
const hold = (owner: string, amount: Cents, id = 'request-1') => ({
  kind: 'hold' as const,
  reference: { type: 'session_request', id },
  entries: [
    { account: 'client_wallet' as const, owner, amount: negateCents(amount) },
    { account: 'client_held' as const, owner, amount },
  ],
});

async function count(t: Handle, table: string): Promise<number> {
  const result = await t.pool.query<{ n: number }>(`select count(*)::int as n from ${table}`);
  return result.rows[0]?.n ?? -1;
}

/** Runs statements in one raw SQL transaction; resolves with the COMMIT error, if any. */
async function rawTransaction(t: Handle, statements: string[]): Promise<Error | undefined> {
  const client = await t.pool.connect();
  try {
    await client.query('begin');
    for (const statement of statements) await client.query(statement);
    await client.query('commit');
    return undefined;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    return error as Error;
  } finally {
    client.release();
  }
}

describe('ledger', () => {
  const t = useTestApp();
  const ledger = () => t.app.ledger.service;

  it('posts balanced transactions and derives balances from the entries', async () => {
    const { owner, clearing, wallet: account, held } = await wallet(t, ledger(), 10_000);
    const before = Number(await ledger().balanceOf(t.db, clearing.id));
    // One statement, outside a transaction too (the statement is its own transaction).
    const { statements } = await recordStatements(() => ledger().post(t.db, hold(owner, cents(6000))));
    expect(statements).toHaveLength(1);
    expect(await ledger().balanceOf(t.db, account.id)).toBe(4000);
    expect(await ledger().balanceOf(t.db, held.id)).toBe(6000);
    expect(before).toBeLessThanOrEqual(-10_000);
    // ensureAccount is idempotent: the same (kind, owner) is one account.
    expect((await ledger().ensureAccount(t.db, 'client_wallet', account.ownerUserId)).id).toBe(account.id);
    expect((await ledger().ensureAccount(t.db, 'provider_clearing', null)).id).toBe(clearing.id);
    const report = await ledger().checkInvariants(t.db);
    expect(report).toMatchObject({ ok: true, total: '0', unbalancedTransactions: [], negativeAccounts: [] });
  });

  it('makes an account on first use, once, when twenty postings race to make it', async () => {
    const owner = await newUser(t);
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        ledger().post(t.db, {
          kind: 'top_up',
          reference: { type: 'payment', id: `first-use-${owner}-${index}` },
          entries: [
            { account: 'provider_clearing', owner: null, amount: cents(-100) },
            { account: 'client_wallet', owner, amount: cents(100) },
          ],
        }),
      ),
    );
    const accounts = await t.pool.query<{ id: string }>(
      "select id from ledger_accounts where kind = 'client_wallet' and owner_user_id = $1",
      [owner],
    );
    expect(accounts.rows).toHaveLength(1);
    expect(await ledger().balanceOf(t.db, accounts.rows[0]?.id ?? '')).toBe(2000);
  });

  it('refuses an unbalanced, one-entry, zero-amount or wrongly owned posting before touching the database', async () => {
    const { owner } = await wallet(t, ledger(), 1000);
    const transactions = await count(t, 'ledger_transactions');
    const bad = [
      {
        ...hold(owner, cents(100)),
        entries: [{ account: 'client_held' as const, owner, amount: cents(100) }],
      },
      {
        ...hold(owner, cents(100)),
        entries: [
          { account: 'client_wallet' as const, owner, amount: cents(-100) },
          { account: 'client_held' as const, owner, amount: cents(99) },
        ],
      },
      {
        ...hold(owner, cents(100)),
        entries: [
          { account: 'client_wallet' as const, owner, amount: cents(0) },
          { account: 'client_held' as const, owner, amount: cents(0) },
        ],
      },
      // A person's account needs its owner; the platform's has none.
      {
        ...hold(owner, cents(100)),
        entries: [
          { account: 'client_wallet' as const, owner: null, amount: cents(-100) },
          { account: 'client_held' as const, owner, amount: cents(100) },
        ],
      },
      {
        ...hold(owner, cents(100)),
        entries: [
          { account: 'client_wallet' as const, owner, amount: cents(-100) },
          { account: 'platform_revenue' as const, owner, amount: cents(100) },
        ],
      },
    ];
    for (const posting of bad)
      await expect(ledger().post(t.db, posting)).rejects.toThrow(LedgerIntegrityError);
    expect(await count(t, 'ledger_transactions')).toBe(transactions);
  });

  it('refuses at COMMIT an unbalanced or single-entry transaction inserted by raw SQL', async () => {
    const { wallet: account, clearing } = await wallet(t, ledger(), 0);
    const transactions = await count(t, 'ledger_transactions');
    const tx = '00000000-0000-4000-8000-000000000001';
    const insertTx = `insert into ledger_transactions (id, kind, reference_type, reference_id) values ('${tx}', 'correction', 'test', 'raw')`;
    const entry = (accountId: string, amount: number) =>
      `insert into ledger_entries (transaction_id, account_id, amount) values ('${tx}', '${accountId}', ${amount})`;

    const unbalanced = await rawTransaction(t, [insertTx, entry(clearing.id, -500), entry(account.id, 400)]);
    expect(unbalanced?.message).toMatch(/does not balance/);
    const single = await rawTransaction(t, [insertTx, entry(clearing.id, 1)]);
    expect(single?.message).toMatch(/does not balance/);
    const empty = await rawTransaction(t, [insertTx]);
    expect(empty?.message).toMatch(/does not balance: 0 entries/);
    // An entry added later to an existing, balanced transaction is checked too.
    expect(
      await rawTransaction(t, [insertTx, entry(clearing.id, -500), entry(account.id, 500)]),
    ).toBeUndefined();
    expect((await rawTransaction(t, [entry(clearing.id, -1)]))?.message).toMatch(/does not balance/);
    // The database also refuses a wallet overdraft that bypasses the service.
    const overdraft = await rawTransaction(t, [
      `insert into ledger_transactions (id, kind, reference_type, reference_id) values ('00000000-0000-4000-8000-000000000002', 'correction', 'test', 'raw')`,
      `insert into ledger_entries (transaction_id, account_id, amount) values ('00000000-0000-4000-8000-000000000002', '${account.id}', -501), ('00000000-0000-4000-8000-000000000002', '${clearing.id}', 501)`,
    ]);
    expect(overdraft?.message).toMatch(/would be negative/);
    expect(await count(t, 'ledger_transactions')).toBe(transactions + 1);
  });

  it('keeps history: UPDATE, DELETE and TRUNCATE are refused on every ledger table', async () => {
    await wallet(t, ledger(), 700);
    for (const statement of [
      'update ledger_entries set amount = amount * 2',
      'delete from ledger_entries',
      'truncate ledger_entries cascade',
      "update ledger_transactions set kind = 'gift'",
      'delete from ledger_transactions',
      "update ledger_accounts set kind = 'payouts' where owner_user_id is null",
      'delete from ledger_accounts',
    ])
      expect((await rawTransaction(t, [statement]))?.message, statement).toMatch(/append-only/);
  });

  it('refuses an overdraft with INSUFFICIENT_FUNDS and leaves the balances alone', async () => {
    const { owner, wallet: account, held } = await wallet(t, ledger(), 2500);
    const error = await ledger()
      .post(t.db, hold(owner, cents(2501)))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('INSUFFICIENT_FUNDS');
    expect(await ledger().balanceOf(t.db, account.id)).toBe(2500);
    expect(await ledger().balanceOf(t.db, held.id)).toBe(0);
    // Inside a caller's transaction, a refused posting has written nothing: the caller goes on. It runs
    // in that transaction as it is (no savepoint round trips).
    const { statements } = await recordStatements(() =>
      t.db.transaction(async (tx) => {
        await expect(ledger().post(tx, hold(owner, cents(9999)))).rejects.toThrow(AppError);
        await ledger().post(tx, hold(owner, cents(2500)));
      }),
    );
    expect(statements.filter((text) => /savepoint/i.test(text))).toEqual([]);
    expect(await ledger().balanceOf(t.db, account.id)).toBe(0);
    expect(await ledger().balanceOf(t.db, held.id)).toBe(2500);
  });

  it('a wallet that affords exactly one hold receives 20 simultaneous holds: exactly one succeeds, 200 times', async () => {
    const TRIALS = 200;
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const { owner, wallet: account, held } = await wallet(t, ledger(), 5000);
      const outcomes = await Promise.allSettled(
        Array.from({ length: 20 }, (_, index) =>
          ledger().post(t.db, hold(owner, cents(5000), `trial-${trial}-${index}`)),
        ),
      );
      const succeeded = outcomes.filter((outcome) => outcome.status === 'fulfilled');
      const refused = outcomes.filter(
        (outcome) =>
          outcome.status === 'rejected' &&
          outcome.reason instanceof AppError &&
          outcome.reason.code === 'INSUFFICIENT_FUNDS',
      );
      expect([succeeded.length, refused.length], `trial ${trial}`).toEqual([1, 19]);
      expect(await ledger().balanceOf(t.db, account.id)).toBe(0);
      expect(await ledger().balanceOf(t.db, held.id)).toBe(5000);
    }
    expect((await ledger().checkInvariants(t.db)).ok).toBe(true);
  }, 60_000);
});

describe('ledger invariant job', () => {
  const t = useTestApp();

  const health = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    return { statusCode: response.statusCode, body: healthResponseSchema.parse(response.json()) };
  };

  it('keeps health green while the ledger holds, and turns it red (logged at fatal) when it breaks', async () => {
    const job = createLedgerInvariantsJob({
      db: t.db,
      ledger: t.app.ledger.service,
      status: t.app.ledger.invariants,
      logger: t.app.log.child({ job: 'ledger-invariants' }),
    });
    expect(await health()).toMatchObject({ statusCode: 200, body: { checks: { ledger: 'unchecked' } } });

    const { owner, wallet: account } = await wallet(t, t.app.ledger.service, 1000);
    await t.app.ledger.service.post(t.db, hold(owner, cents(400)));
    expect(await job.runOnce()).toMatchObject({ ok: true });
    expect(await health()).toMatchObject({
      statusCode: 200,
      body: { status: 'ok', checks: { ledger: 'ok' } },
    });

    // Break the ledger the only way possible: with its guarantees switched off (a superuser, a bad restore).
    const tx = '00000000-0000-4000-8000-0000000000bb';
    const broken = await rawTransaction(t, [
      'alter table ledger_entries disable trigger user',
      'alter table ledger_transactions disable trigger user',
      `insert into ledger_transactions (id, kind, reference_type, reference_id) values ('${tx}', 'correction', 'test', 'broken')`,
      `insert into ledger_entries (transaction_id, account_id, amount) values ('${tx}', '${account.id}', -900)`,
      'alter table ledger_entries enable trigger user',
      'alter table ledger_transactions enable trigger user',
    ]);
    expect(broken).toBeUndefined();

    const report = await job.runOnce();
    expect(report).toMatchObject({
      ok: false,
      total: '-900',
      unbalancedTransactions: [{ transactionId: tx, entryCount: 1, sum: '-900' }],
      negativeAccounts: [{ accountId: account.id, kind: 'client_wallet', balance: '-300' }],
    });
    expect(await health()).toMatchObject({
      statusCode: 503,
      body: { status: 'degraded', checks: { database: 'ok', migrations: 'current', ledger: 'broken' } },
    });
    const alert = t.logs.lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.alert === 'LEDGER_INVARIANT_BROKEN');
    expect(alert).toMatchObject({ level: 60, job: 'ledger-invariants', total: '-900' });
    await job.stop();
  });
});
