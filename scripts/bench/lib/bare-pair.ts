import { randomUUID } from 'node:crypto';
import type pg from 'pg';

/**
 * The wallet scenario's floor (wallet-server.ts, GET /bare): the rows one hold+capture pair leaves,
 * written with plain INSERTs into the bench_* copies of money_holds, ledger_transactions and
 * ledger_entries, nothing read and nothing locked.
 */

/** A client, their coach and the ledger accounts a pair moves money between. */
export type BareParty = {
  clientId: string;
  coachId: string;
  accounts: { wallet: string; held: string; pending: string };
};

/** A session's price: its format, minutes and amount (integer cents). */
export type BarePrice = { format: string; minutes: number; amount: number };

/**
 * One pair on `connection`: a hold-shaped transaction (money_holds + ledger_transactions + 2 entries)
 * and a capture-shaped one (ledger_transactions + 3 entries, coach floor(95 %), platform the rest).
 * `timed` gets how long each committed transaction took (ms). On an error the caller rolls back.
 */
export async function writeBarePair(
  connection: pg.PoolClient,
  party: BareParty,
  price: BarePrice,
  platformRevenueId: string,
  timed: (ms: number) => void,
): Promise<void> {
  const now = new Date();
  const referenceId = randomUUID();
  const holdId = randomUUID();
  const coach = Math.floor((price.amount * 95) / 100);
  let at = performance.now();
  const holdTx = randomUUID();
  await connection.query('begin');
  await connection.query(
    `insert into bench_money_holds (id, client_id, coach_id, reference_type, reference_id, format,
         duration_minutes, amount, status, created_at, updated_at)
       values ($1, $2, $3, 'session_request', $4, $5, $6, $7, 'held', $8, $8)`,
    [holdId, party.clientId, party.coachId, referenceId, price.format, price.minutes, price.amount, now],
  );
  await connection.query(
    `insert into bench_ledger_transactions (id, kind, reference_type, reference_id, metadata, created_at)
       values ($1, 'hold', 'session_request', $2, $3, $4)`,
    [holdTx, referenceId, JSON.stringify({ holdId, coachId: party.coachId }), now],
  );
  await connection.query(
    `insert into bench_ledger_entries (transaction_id, account_id, amount, created_at)
       values ($1, $2, $3, $5), ($1, $4, $6, $5)`,
    [holdTx, party.accounts.wallet, -price.amount, party.accounts.held, now, price.amount],
  );
  await connection.query('commit');
  timed(performance.now() - at);

  at = performance.now();
  const captureTx = randomUUID();
  await connection.query('begin');
  await connection.query(
    `insert into bench_ledger_transactions (id, kind, reference_type, reference_id, metadata, created_at)
       values ($1, 'capture', 'session_request', $2, $3, $4)`,
    [captureTx, referenceId, JSON.stringify({ holdId, coach, platform: price.amount - coach }), now],
  );
  await connection.query(
    `insert into bench_ledger_entries (transaction_id, account_id, amount, created_at)
       values ($1, $2, $3, $8), ($1, $4, $5, $8), ($1, $6, $7, $8)`,
    [
      captureTx,
      party.accounts.held,
      -price.amount,
      party.accounts.pending,
      coach,
      platformRevenueId,
      price.amount - coach,
      now,
    ],
  );
  await connection.query('commit');
  timed(performance.now() - at);
}
