import { randomBytes, randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { systemClock } from '#domain/clock';
import { AppError } from '#domain/errors/app-error';
import { onDemandPrice, type SessionFormat } from '#domain/money/pricing';
import {
  createDemoPaymentProvider,
  demoPaymentEvent,
  demoProviderPaymentId,
} from '#server/adapters/payments/demo-provider';
import { connectDatabase, type DatabaseHandle } from '#server/db/client';
import { runMigrations } from '#server/db/migrate';
import { createLedgerRepository } from '#server/modules/ledger/ledger.repository';
import { createLedgerService, type LedgerService } from '#server/modules/ledger/ledger.service';
import { createSettlementRepository } from '#server/modules/settlement/settlement.repository';
import {
  createSettlementService,
  type SettlementService,
} from '#server/modules/settlement/settlement.service';
import { createWalletRepository } from '#server/modules/wallet/wallet.repository';
import { createWalletService, type WalletService } from '#server/modules/wallet/wallet.service';
import { writeBarePair, type BareParty } from './lib/bare-pair';
import { openBenchChild, startControlServer, type ControlServer } from './lib/bench-child';
import { openBenchDatabase, type BenchDatabase } from './lib/bench-database';
import { percentile } from './lib/stats';

/**
 * Bench child for the `wallet` scenario. On a throwaway PostgreSQL (embedded, or a
 * fresh database on the server of TEST_DATABASE_URL) it builds the REAL ledger, settlement and wallet
 * services with a Drizzle pool of `--clients` connections, signs up that many clients (plus a few coaches)
 * and funds every wallet through the real top-up path (wallet.createTopUp + applyPaymentEvent, demo
 * provider). Then, on request from the parent over a loopback control server:
 *
 *   GET /app?durationMs=   every client, in its own async worker, repeatedly holds the price of a session
 *                          (settlement.hold) and captures it (settlement.capture), each in its own
 *                          transaction, for durationMs; answers the pairs done and per-operation latencies.
 *   GET /bare?pairs=       the same rows (per pair: 1 money_holds, 2 ledger_transactions, 5 ledger_entries)
 *                          written by the same number of workers, each on its own connection, with plain
 *                          INSERTs in two transactions per pair and no checks: into bench_* copies of the
 *                          three tables (same columns, defaults, CHECKs and indexes; no triggers, no
 *                          foreign keys), so the real ledger stays the app's.
 *   GET /check             ledger.checkInvariants plus settlement-level sums (every hold captured, held
 *                          funds back to zero, coach + platform = captured, wallets = top-ups - captured,
 *                          row counts = what the rounds reported).
 *
 * Protocol: as app-server.ts (IPC `owns`, then `ready` with the control port as `port`).
 */

const { values: args } = parseArgs({
  args: process.argv.slice(2),
  options: { clients: { type: 'string', default: '50' }, coaches: { type: 'string', default: '10' } },
});
const CLIENTS = Number(args.clients);
const COACHES = Number(args.coaches);
/** Each wallet is topped up to at least this much before a round (cents): never the bottleneck. */
const WALLET_FLOOR = 50_000_000;
const TOP_UP = 100_000_000;
/** Session prices the clients pay, SPEC §9 default rates: 15-60 minutes of text, audio or video. */
const PRICES = (['text', 'audio', 'video'] as SessionFormat[]).flatMap((format) =>
  [15, 30, 45, 60].map((minutes) => ({ format, minutes, amount: onDemandPrice(format, minutes) })),
);

const { send, dataDir, stopping, serve } = openBenchChild('wallet-server.ts', 'wallet');

let benchDatabase: BenchDatabase | undefined;
/** With TEST_DATABASE_URL: the throwaway database made on that server, dropped on the way out. */
let database: DatabaseHandle | undefined;
let rawPool: pg.Pool | undefined;
let control: ControlServer | undefined;

type Services = { ledger: LedgerService; settlement: SettlementService; wallet: WalletService };
let services: Services | undefined;
let parties: BareParty[] = [];
let platformRevenueId = '';
/** What the rounds and the funding did, to compare with the tables at the end. */
const totals = { pairs: 0, amount: 0, topUps: 0, toppedUp: 0, barePairs: 0 };

function latencyStats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return { count: sorted.length, p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99) };
}

async function topUp(wallet: WalletService, db: DatabaseHandle['db'], userId: string, amount: number) {
  const payment = await db.transaction((tx) => wallet.createTopUp(tx, { userId, amount, email: null }));
  const result = await wallet.applyPaymentEvent(
    demoPaymentEvent({
      providerPaymentId: demoProviderPaymentId(payment.payment_id),
      amount,
      currency: payment.currency,
      outcome: { ok: true },
    }),
  );
  if (result.outcome !== 'applied') throw new Error(`top-up not applied: ${result.outcome}`);
  totals.topUps += 1;
  totals.toppedUp += amount;
}

/** Keeps every wallet above WALLET_FLOOR, through the real top-up path. */
async function fundWallets() {
  const { wallet, ledger } = services!;
  const db = database!.db;
  await Promise.all(
    parties.map(async (party) => {
      if ((await ledger.balanceOf(db, party.accounts.wallet)) < WALLET_FLOOR)
        await topUp(wallet, db, party.clientId, TOP_UP);
    }),
  );
}

async function createUsers(pool: pg.Pool, label: string, count: number): Promise<string[]> {
  const result = await pool.query<{ id: string }>(
    `insert into users (email) select $1 || '-' || g || '-' || $2 || '@bench.test' from generate_series(1, $3) g returning id`,
    [label, randomBytes(3).toString('hex'), count],
  );
  return result.rows.map((row) => row.id);
}

async function setUp(url: string) {
  await runMigrations(url);
  if (stopping()) return;
  database = connectDatabase(url, { poolSize: CLIENTS });
  rawPool = new pg.Pool({ connectionString: url, max: CLIENTS, application_name: 'wellspring-bench-bare' });
  // An idle connection closed under it (the database stopping first) must not crash the runner.
  rawPool.on('error', () => undefined);
  const db = database.db;
  const ledger = createLedgerService({ repository: createLedgerRepository(), clock: systemClock });
  const quiet = { error: () => undefined, warn: () => undefined };
  services = {
    ledger,
    settlement: createSettlementService({
      db,
      repository: createSettlementRepository(),
      ledger,
      clock: systemClock,
    }),
    wallet: createWalletService({
      db,
      repository: createWalletRepository(),
      ledger,
      provider: createDemoPaymentProvider(),
      clock: systemClock,
      log: quiet,
    }),
  };

  const clientIds = await createUsers(database.pool, 'client', CLIENTS);
  const coachIds = await createUsers(database.pool, 'coach', COACHES);
  parties = await Promise.all(
    clientIds.map(async (clientId, index) => {
      const coachId = coachIds[index % coachIds.length]!;
      const wallet = await ledger.ensureAccount(db, 'client_wallet', clientId);
      const held = await ledger.ensureAccount(db, 'client_held', clientId);
      const pending = await ledger.ensureAccount(db, 'coach_pending', coachId);
      return { clientId, coachId, accounts: { wallet: wallet.id, held: held.id, pending: pending.id } };
    }),
  );
  platformRevenueId = (await ledger.ensureAccount(db, 'platform_revenue', null)).id;
  await fundWallets();

  // The bare baseline's tables: the same shape as the real ones, without triggers or foreign keys.
  for (const table of ['money_holds', 'ledger_transactions', 'ledger_entries'])
    await database.pool.query(`create table bench_${table} (like ${table} including all)`);
}

/** 50 workers (one per client), each: hold a session's price, then capture it; until the deadline. */
async function appRound(durationMs: number) {
  const { settlement } = services!;
  const db = database!.db;
  await fundWallets();
  const holds: number[] = [];
  const captures: number[] = [];
  const errors: Record<string, number> = {};
  let pairs = 0;
  let amount = 0;
  const fail = (error: unknown) => {
    const code = error instanceof AppError ? error.code : error instanceof Error ? error.message : 'unknown';
    errors[code] = (errors[code] ?? 0) + 1;
  };
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(
    parties.map(async (party, worker) => {
      let next = worker;
      while (performance.now() < deadline) {
        const price = PRICES[next % PRICES.length]!;
        next += 1;
        const reference = { type: 'session_request', id: randomUUID() };
        let at = performance.now();
        try {
          await settlement.hold(db, {
            clientId: party.clientId,
            coachId: party.coachId,
            reference,
            amount: price.amount,
            format: price.format,
            durationMinutes: price.minutes,
          });
        } catch (error) {
          fail(error);
          continue;
        }
        holds.push(performance.now() - at);
        at = performance.now();
        try {
          await settlement.capture(db, reference);
        } catch (error) {
          fail(error);
          continue;
        }
        captures.push(performance.now() - at);
        pairs += 1;
        amount += price.amount;
      }
    }),
  );
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  totals.pairs += pairs;
  totals.amount += amount;
  return {
    pairs,
    wallMs,
    errors,
    errorCount: Object.values(errors).reduce((sum, count) => sum + count, 0),
    hold: latencyStats(holds),
    capture: latencyStats(captures),
    cpuMicros: cpu.user + cpu.system,
  };
}

/**
 * The same rows as `pairs` hold+capture pairs, by the same number of workers each on its own
 * connection: per pair a hold-shaped transaction (money_holds + ledger_transactions + 2 entries) and a
 * capture-shaped one (ledger_transactions + 3 entries), plain INSERTs, nothing read, nothing locked.
 */
async function bareRound(pairs: number) {
  const pool = rawPool!;
  const transactions: number[] = [];
  let taken = 0;
  let errors = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    parties.map(async (party, worker) => {
      const connection = await pool.connect();
      try {
        let next = worker;
        while (taken < pairs) {
          taken += 1;
          const price = PRICES[next % PRICES.length]!;
          next += 1;
          try {
            await writeBarePair(connection, party, price, platformRevenueId, (ms) => transactions.push(ms));
          } catch {
            errors += 1;
            await connection.query('rollback').catch(() => undefined);
          }
        }
      } finally {
        connection.release();
      }
    }),
  );
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const done = transactions.length / 2;
  totals.barePairs += Math.floor(done);
  return {
    pairs: done,
    wallMs,
    errors,
    transaction: latencyStats(transactions),
    cpuMicros: cpu.user + cpu.system,
  };
}

/** The ledger's own invariants, plus what hold+capture pairs must leave behind. */
async function check() {
  const { ledger } = services!;
  const pool = database!.pool;
  const report = await ledger.checkInvariants(database!.db);
  const scalar = async (text: string, values: unknown[] = []) =>
    Number((await pool.query<{ value: string | null }>(text, values)).rows[0]?.value ?? 0);
  const balanceOfKind = (kind: string) =>
    scalar(
      `select coalesce(sum(e.amount), 0)::text as value from ledger_entries e
         join ledger_accounts a on a.id = e.account_id where a.kind = $1`,
      [kind],
    );
  const counts = {
    moneyHolds: await scalar(`select count(*)::text as value from money_holds`),
    notCaptured: await scalar(`select count(*)::text as value from money_holds where status <> 'captured'`),
    ledgerTransactions: await scalar(`select count(*)::text as value from ledger_transactions`),
    ledgerEntries: await scalar(`select count(*)::text as value from ledger_entries`),
    bareMoneyHolds: await scalar(`select count(*)::text as value from bench_money_holds`),
    bareLedgerTransactions: await scalar(`select count(*)::text as value from bench_ledger_transactions`),
    bareLedgerEntries: await scalar(`select count(*)::text as value from bench_ledger_entries`),
  };
  const balances = {
    clientWallet: await balanceOfKind('client_wallet'),
    clientHeld: await balanceOfKind('client_held'),
    coachPending: await balanceOfKind('coach_pending'),
    platformRevenue: await balanceOfKind('platform_revenue'),
    providerClearing: await balanceOfKind('provider_clearing'),
    heldAmount: await scalar(`select coalesce(sum(amount), 0)::text as value from money_holds`),
  };
  const problems: string[] = [];
  if (!report.ok)
    problems.push(
      `ledger invariants broken: total ${report.total}, ${report.unbalancedTransactions.length} unbalanced ` +
        `transactions, ${report.negativeAccounts.length} negative accounts`,
    );
  if (counts.notCaptured !== 0) problems.push(`${counts.notCaptured} holds were left uncaptured`);
  if (counts.moneyHolds !== totals.pairs)
    problems.push(`money_holds has ${counts.moneyHolds} rows, the rounds reported ${totals.pairs} pairs`);
  // Per pair: 2 transactions (hold, capture) with 2 + 3 entries; per top-up: 1 transaction with 2 entries.
  if (counts.ledgerTransactions !== totals.pairs * 2 + totals.topUps)
    problems.push(
      `ledger_transactions has ${counts.ledgerTransactions} rows, expected ${totals.pairs * 2 + totals.topUps}`,
    );
  if (counts.ledgerEntries !== totals.pairs * 5 + totals.topUps * 2)
    problems.push(
      `ledger_entries has ${counts.ledgerEntries} rows, expected ${totals.pairs * 5 + totals.topUps * 2}`,
    );
  if (
    counts.bareMoneyHolds !== totals.barePairs ||
    counts.bareLedgerTransactions !== totals.barePairs * 2 ||
    counts.bareLedgerEntries !== totals.barePairs * 5
  )
    problems.push(`the bare tables do not hold ${totals.barePairs} pairs' rows: ${JSON.stringify(counts)}`);
  if (balances.clientHeld !== 0)
    problems.push(`client_held accounts hold ${balances.clientHeld} cents after capture`);
  if (balances.heldAmount !== totals.amount)
    problems.push(`money_holds amount ${balances.heldAmount} != captured by the rounds ${totals.amount}`);
  if (balances.coachPending + balances.platformRevenue !== totals.amount)
    problems.push(
      `coach ${balances.coachPending} + platform ${balances.platformRevenue} != captured ${totals.amount}`,
    );
  if (balances.clientWallet !== totals.toppedUp - totals.amount)
    problems.push(`wallets hold ${balances.clientWallet}, expected ${totals.toppedUp - totals.amount}`);
  return { ok: problems.length === 0, problems, invariants: report, counts, balances, totals };
}

async function start() {
  benchDatabase = await openBenchDatabase('wallet', dataDir);
  const { url, dbPid } = benchDatabase;
  if (stopping()) return;
  const setUpStarted = performance.now();
  await setUp(url);
  if (stopping()) return;
  control = await startControlServer({
    '/app': async (query) => appRound(Number(query.get('durationMs') ?? 10_000)),
    '/bare': async (query) => bareRound(Number(query.get('pairs') ?? 0)),
    '/check': async () => check(),
  });
  await benchDatabase.countFromHere();
  send({
    type: 'ready',
    port: control.port,
    info: {
      dbPid,
      database: benchDatabase.label,
      clients: CLIENTS,
      coaches: COACHES,
      poolSize: CLIENTS,
      prices: [...new Set(PRICES.map((price) => price.amount))].sort((a, b) => a - b),
      setUpMs: Math.round(performance.now() - setUpStarted),
    },
  });
}

serve(start, async (report) => {
  await control?.close();
  await rawPool?.end().catch(report('bare pool'));
  await database?.close().catch(report('pool'));
  await benchDatabase?.close(report);
});
