import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../domain/errors/app-error';
import type { PaymentEvent } from '../../adapters/payments/payment-provider';
import { createBareUser, topUpThroughEvent } from '../../../test/support/money';
import { useTestApp } from '../../../test/support/test-app';
import type { HoldReference } from './settlement.service';

/**
 * Model-based property test (issue #5): random sequences of top-ups (through wallet.applyPaymentEvent),
 * holds, releases, captures, refunds and replays (of a provider event, of a hold's reference) run
 * against the real service on PostgreSQL and against a tiny in-memory model. After EVERY step the
 * ledger sums to zero, every transaction of the run balances with >= 2 entries, no person's account is
 * negative, every derived balance equals the model to the cent, and coach + platform = captured.
 * One database; each run makes fresh users (ledger tables are append-only, so nothing is truncated).
 */
const t = useTestApp({ RATE_LIMIT_MAX: '100000' });

const RUNS = 200;
const MAX_OPS = 100;

type Person = 0 | 1;

type Op =
  | { kind: 'topUp'; client: Person; amount: number }
  | { kind: 'hold'; client: Person; coach: Person; amount: number }
  | { kind: 'release'; pick: number }
  | { kind: 'capture'; pick: number }
  | { kind: 'refund'; pick: number; amount: number; rest: boolean }
  | { kind: 'replayEvent'; pick: number }
  | { kind: 'replayHold'; pick: number };

const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('topUp' as const),
      client: fc.constantFrom<Person>(0, 1),
      amount: fc.integer({ min: 1, max: 5_000 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('hold' as const),
      client: fc.constantFrom<Person>(0, 1),
      coach: fc.constantFrom<Person>(0, 1),
      amount: fc.integer({ min: 1, max: 4_000 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('release' as const), pick: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('capture' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      pick: fc.nat(),
      amount: fc.integer({ min: 1, max: 3_000 }),
      rest: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('replayEvent' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('replayHold' as const), pick: fc.nat() }) },
);

type ModelHold = {
  reference: HoldReference;
  client: Person;
  coach: Person;
  amount: number;
  status: 'held' | 'released' | 'captured';
  coachShare: number;
  platformShare: number;
  refunded: number;
};

type Model = {
  wallet: [number, number];
  held: [number, number];
  pending: [number, number];
  platform: number;
  clearing: number;
  holds: ModelHold[];
  events: PaymentEvent[];
};

type Outcome = 'ok' | string;

const coachShareOf = (refunded: number, coach: number, amount: number) =>
  Math.floor((refunded * coach) / amount);

async function attempt(run: () => Promise<unknown>): Promise<Outcome> {
  try {
    await run();
    return 'ok';
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

type Snapshot = {
  total: string;
  unbalanced: number;
  platform: string;
  clearing: string;
  balances: { kind: string; owner: string; total: string }[];
  captured: { amount: string; split: string } | null;
};

async function snapshot(users: string[]): Promise<Snapshot> {
  const result = await t.pool.query<{ snapshot: Snapshot }>(
    `with run_accounts as (select id, kind, owner_user_id from ledger_accounts where owner_user_id = any($1::uuid[])),
     run_transactions as (
       select distinct e.transaction_id from ledger_entries e join run_accounts a on a.id = e.account_id
     ),
     bad as (
       select e.transaction_id from ledger_entries e
        where e.transaction_id in (select transaction_id from run_transactions)
        group by e.transaction_id having sum(e.amount) <> 0 or count(*) < 2
     ),
     balances as (
       select a.kind, a.owner_user_id::text as owner, coalesce(sum(e.amount), 0)::text as total
         from run_accounts a left join ledger_entries e on e.account_id = a.id group by a.kind, a.owner_user_id
     )
     select json_build_object(
       'total', (select coalesce(sum(amount), 0)::text from ledger_entries),
       'unbalanced', (select count(*) from bad),
       'platform', (select coalesce(sum(e.amount), 0)::text from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.kind = 'platform_revenue'),
       'clearing', (select coalesce(sum(e.amount), 0)::text from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.kind = 'provider_clearing'),
       'balances', (select coalesce(json_agg(balances), '[]'::json) from balances),
       'captured', (select json_build_object('amount', coalesce(sum(amount), 0)::text,
                     'split', coalesce(sum(captured_coach_amount + captured_platform_amount), 0)::text)
                      from money_holds where status = 'captured' and client_id = any($1::uuid[]))
     ) as snapshot`,
    [users],
  );
  const row = result.rows[0];
  if (!row) throw new Error('no snapshot');
  return row.snapshot;
}

describe('settlement model-based property', () => {
  it(`${RUNS} runs of up to ${MAX_OPS} random operations match the model after every step`, async () => {
    const settlement = t.app.settlement;
    let steps = 0;
    const started = performance.now();
    await fc.assert(
      fc.asyncProperty(
        fc.array(opArbitrary, { minLength: 1, maxLength: MAX_OPS, size: 'max' }),
        async (ops) => {
          const clients = [await createBareUser(t.pool), await createBareUser(t.pool)] as const;
          const coaches = [await createBareUser(t.pool), await createBareUser(t.pool)] as const;
          const users = [...clients, ...coaches];
          const baseline = await snapshot(users);
          const model: Model = {
            wallet: [0, 0],
            held: [0, 0],
            pending: [0, 0],
            platform: Number(baseline.platform),
            clearing: Number(baseline.clearing),
            holds: [],
            events: [],
          };
          const pickHold = (pick: number) => model.holds[pick % Math.max(1, model.holds.length)];

          for (const op of ops) {
            steps += 1;
            let expected: Outcome = 'ok';
            let actual: Outcome = 'ok';
            switch (op.kind) {
              case 'topUp': {
                const { event, result } = await topUpThroughEvent(
                  t.app,
                  t.pool,
                  clients[op.client],
                  op.amount,
                );
                expect(result.outcome).toBe('applied');
                model.events.push(event);
                model.wallet[op.client] += op.amount;
                model.clearing -= op.amount;
                break;
              }
              case 'replayEvent': {
                const event = model.events[op.pick % Math.max(1, model.events.length)];
                if (!event) continue;
                expect((await t.app.wallet.applyPaymentEvent(event)).outcome).toBe('duplicate');
                break;
              }
              case 'hold': {
                const reference = { type: 'session_request', id: randomUUID() };
                expected = model.wallet[op.client] >= op.amount ? 'ok' : 'INSUFFICIENT_FUNDS';
                actual = await attempt(() =>
                  settlement.own.hold({
                    clientId: clients[op.client],
                    coachId: coaches[op.coach],
                    reference,
                    amount: op.amount,
                  }),
                );
                if (expected === 'ok') {
                  model.wallet[op.client] -= op.amount;
                  model.held[op.client] += op.amount;
                  model.holds.push({
                    reference,
                    client: op.client,
                    coach: op.coach,
                    amount: op.amount,
                    status: 'held',
                    coachShare: 0,
                    platformShare: 0,
                    refunded: 0,
                  });
                }
                break;
              }
              case 'replayHold': {
                const hold = pickHold(op.pick);
                if (!hold) continue;
                expected = 'HOLD_ALREADY_EXISTS';
                actual = await attempt(() =>
                  settlement.own.hold({
                    clientId: clients[hold.client],
                    coachId: coaches[hold.coach],
                    reference: hold.reference,
                    amount: hold.amount,
                  }),
                );
                break;
              }
              case 'release': {
                const hold = pickHold(op.pick);
                if (!hold) continue;
                expected = hold.status === 'held' ? 'ok' : 'HOLD_ALREADY_SETTLED';
                actual = await attempt(() => settlement.own.release(hold.reference));
                if (expected === 'ok') {
                  hold.status = 'released';
                  model.held[hold.client] -= hold.amount;
                  model.wallet[hold.client] += hold.amount;
                }
                break;
              }
              case 'capture': {
                const hold = pickHold(op.pick);
                if (!hold) continue;
                expected = hold.status === 'held' ? 'ok' : 'HOLD_ALREADY_SETTLED';
                actual = await attempt(() => settlement.own.capture(hold.reference));
                if (expected === 'ok') {
                  hold.status = 'captured';
                  hold.coachShare = Math.floor((hold.amount * 95) / 100);
                  hold.platformShare = hold.amount - hold.coachShare;
                  model.held[hold.client] -= hold.amount;
                  model.pending[hold.coach] += hold.coachShare;
                  model.platform += hold.platformShare;
                }
                break;
              }
              case 'refund': {
                const hold = pickHold(op.pick);
                if (!hold) continue;
                const amount =
                  op.rest && hold.amount > hold.refunded ? hold.amount - hold.refunded : op.amount;
                expected =
                  hold.status !== 'captured'
                    ? 'HOLD_NOT_CAPTURED'
                    : hold.refunded + amount > hold.amount
                      ? 'REFUND_EXCEEDS_CAPTURED'
                      : 'ok';
                actual = await attempt(() =>
                  settlement.own.refund({ reference: hold.reference, amount, reason: 'model' }),
                );
                if (expected === 'ok') {
                  const fromCoach =
                    coachShareOf(hold.refunded + amount, hold.coachShare, hold.amount) -
                    coachShareOf(hold.refunded, hold.coachShare, hold.amount);
                  hold.refunded += amount;
                  model.pending[hold.coach] -= fromCoach;
                  model.platform -= amount - fromCoach;
                  model.wallet[hold.client] += amount;
                }
                break;
              }
            }
            expect(actual, `${op.kind} outcome`).toBe(expected);

            // The invariants and the model, after every step.
            const now = await snapshot(users);
            expect(now.total).toBe('0');
            expect(now.unbalanced).toBe(0);
            const balance = (kind: string, owner: string) =>
              Number(now.balances.find((row) => row.kind === kind && row.owner === owner)?.total ?? '0');
            for (const row of now.balances) expect(Number(row.total)).toBeGreaterThanOrEqual(0);
            for (const i of [0, 1] as const) {
              expect(balance('client_wallet', clients[i])).toBe(model.wallet[i]);
              expect(balance('client_held', clients[i])).toBe(model.held[i]);
              expect(balance('coach_pending', coaches[i])).toBe(model.pending[i]);
              expect(model.wallet[i]).toBeGreaterThanOrEqual(0);
            }
            expect(Number(now.platform)).toBe(model.platform);
            expect(Number(now.clearing)).toBe(model.clearing);
            const captured = model.holds.filter((hold) => hold.status === 'captured');
            const capturedTotal = captured.reduce((sum, hold) => sum + hold.amount, 0);
            expect(now.captured?.amount).toBe(String(capturedTotal));
            expect(now.captured?.split).toBe(String(capturedTotal));
            // Coach + platform = captured, net of refunds: what the captures paid out minus what went back.
            const refundedTotal = captured.reduce((sum, hold) => sum + hold.refunded, 0);
            expect(model.pending[0] + model.pending[1] + (model.platform - Number(baseline.platform))).toBe(
              capturedTotal - refundedTotal,
            );
          }
          // And the full-table invariant check once per run.
          expect((await t.app.ledger.service.checkInvariants(t.db)).ok).toBe(true);
        },
      ),
      { numRuns: RUNS },
    );
    // Visible in the run's output: how long the property took, for the time budget.
    console.info(
      `settlement model: ${RUNS} runs, ${steps} steps in ${Math.round(performance.now() - started)} ms`,
    );
  }, 600_000);
});
