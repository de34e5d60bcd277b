import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earningsSchema, type Earnings } from '#contracts/earnings';
import type { AuthSession } from '#contracts/auth';
import { errorOf, signUpWithRole } from '#test/support/auth';
import { balanceOf, topUpThroughEvent } from '#test/factories/money';
import { useTestApp } from '#test/support/test-app';
import { connectDatabase, type DatabaseHandle } from '#server/db/client';
import {
  DEFAULT_MONEY_SETTINGS,
  type PlatformSettingsService,
} from '../platform-settings/platform-settings.service';
import { createEarningsRepository } from './earnings.repository';
import { createEarningsService, type EarningsService } from './earnings.service';
import type { HoldReference } from '../settlement/settlement.service';

const t = useTestApp({ RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' });

/** The seeded defaults (7 hold days), for the extra instances. */
const fixedSettings: PlatformSettingsService = { getMoneySettings: async () => DEFAULT_MONEY_SETTINGS };

// Separate pools standing in for separate server instances running the release job.
let pools: DatabaseHandle[] = [];
let others: EarningsService[] = [];
beforeAll(() => {
  pools = [1, 2, 3, 4].map(() => connectDatabase(t.database.url, { poolSize: 3 }));
  others = pools.map((pool) =>
    createEarningsService({
      db: pool.db,
      repository: createEarningsRepository(),
      ledger: t.app.ledger.service,
      settings: fixedSettings,
      clock: t.clock,
    }),
  );
});
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.close()));
});
const instances = () => others;

const DAY = 86_400_000;
const HOLD_DAYS = 7;

async function coach(fullName = 'Casey Coach'): Promise<{ session: AuthSession; id: string }> {
  const session = await signUpWithRole(t.app, 'coach', { fullName });
  return { session, id: session.user.id };
}

async function client(fullName = 'Robin Client', funds = 100_000): Promise<string> {
  const session = await signUpWithRole(t.app, 'client', { fullName });
  const { result } = await topUpThroughEvent(t.app, t.pool, session.user.id, funds);
  expect(result.outcome).toBe('applied');
  return session.user.id;
}

/** A held and captured session payment; `settled_at` is the app clock's now. */
async function paidSession(
  coachId: string,
  clientId: string,
  amount: number,
  format: 'text' | 'audio' | 'video' = 'video',
  minutes = 30,
): Promise<HoldReference> {
  const reference = { type: 'session_request', id: randomUUID() };
  await t.app.settlement.own.hold({ clientId, coachId, reference, amount, format, durationMinutes: minutes });
  await t.app.settlement.own.capture(reference);
  return reference;
}

async function holdOf(reference: HoldReference) {
  const result = await t.pool.query<{ id: string; earnings_available_at: Date | null; settled_at: Date }>(
    'select id, earnings_available_at, settled_at from money_holds where reference_type = $1 and reference_id = $2',
    [reference.type, reference.id],
  );
  const row = result.rows[0];
  if (!row) throw new Error('no hold');
  return row;
}

async function releasePostings(holdId: string) {
  const result = await t.pool.query<{ amount: string }>(
    `select e.amount::text as amount
       from ledger_transactions tr join ledger_entries e on e.transaction_id = tr.id
       join ledger_accounts a on a.id = e.account_id
      where tr.kind = 'earnings_available' and tr.reference_type = 'money_hold' and tr.reference_id = $1
        and a.kind = 'coach_available'`,
    [holdId],
  );
  return result.rows.map((row) => Number(row.amount));
}

async function expectLedgerConsistent() {
  const report = await t.app.ledger.service.checkInvariants(t.db);
  expect(report).toMatchObject({ ok: true, unbalancedTransactions: [], negativeAccounts: [] });
}

async function earningsOf(session: AuthSession, query = ''): Promise<Earnings> {
  const response = await t.call(session, 'GET', `/api/earnings${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return earningsSchema.parse(response.json());
}

const later = (days: number, ms = 0) => new Date(t.clock.now().getTime() + days * DAY + ms);

describe('earnings release job', () => {
  it('makes a capture available exactly earnings_hold_days after the session, once', async () => {
    const { id: coachId } = await coach();
    const clientId = await client();
    const reference = await paidSession(coachId, clientId, 1000);
    const hold = await holdOf(reference);
    expect(await balanceOf(t.pool, 'coach_pending', coachId)).toBe(950);

    // One millisecond early: nothing moves.
    await t.app.earnings.releaseDue(later(HOLD_DAYS, -1));
    expect((await holdOf(reference)).earnings_available_at).toBeNull();
    expect(await balanceOf(t.pool, 'coach_available', coachId)).toBe(0);

    const at = later(HOLD_DAYS);
    await t.app.earnings.releaseDue(at);
    expect((await holdOf(reference)).earnings_available_at?.toISOString()).toBe(at.toISOString());
    expect(await balanceOf(t.pool, 'coach_pending', coachId)).toBe(0);
    expect(await balanceOf(t.pool, 'coach_available', coachId)).toBe(950);
    expect(await releasePostings(hold.id)).toEqual([950]);

    // A later run finds nothing more to do for it.
    await t.app.earnings.releaseDue(later(HOLD_DAYS + 30));
    expect(await releasePostings(hold.id)).toEqual([950]);
    expect(await balanceOf(t.pool, 'coach_available', coachId)).toBe(950);
    await expectLedgerConsistent();
  });

  it('releases only what is left after a refund made while pending, and nothing when fully refunded', async () => {
    const { id: coachId } = await coach();
    const clientId = await client();
    const partly = await paidSession(coachId, clientId, 1000);
    const fully = await paidSession(coachId, clientId, 2000);
    // Refund 400 of 1000: the coach's part is floor(400 × 950 / 1000) = 380, from pending.
    await t.app.settlement.own.refund({ reference: partly, amount: 400, reason: 'Cut short' });
    await t.app.settlement.own.refund({ reference: fully, amount: 2000, reason: 'Coach no-show' });
    expect(await balanceOf(t.pool, 'coach_pending', coachId)).toBe(570);

    await t.app.earnings.releaseDue(later(HOLD_DAYS));
    expect(await releasePostings((await holdOf(partly)).id)).toEqual([570]);
    // Nothing to move: stamped, but no zero posting.
    expect((await holdOf(fully)).earnings_available_at).not.toBeNull();
    expect(await releasePostings((await holdOf(fully)).id)).toEqual([]);
    expect(await balanceOf(t.pool, 'coach_pending', coachId)).toBe(0);
    expect(await balanceOf(t.pool, 'coach_available', coachId)).toBe(570);
    await expectLedgerConsistent();
  });

  it('after release, a refund takes the coach part from available earnings', async () => {
    const { id: coachId, session } = await coach();
    const clientId = await client();
    const reference = await paidSession(coachId, clientId, 1000, 'audio', 45);
    await t.app.earnings.releaseDue(later(HOLD_DAYS));
    expect(await balanceOf(t.pool, 'coach_available', coachId)).toBe(950);

    const refund = await t.app.settlement.own.refund({ reference, amount: 200, reason: 'Audio problems' });
    expect(refund.fromCoach).toBe(190);
    expect(await balanceOf(t.pool, 'coach_available', coachId)).toBe(760);
    expect(await balanceOf(t.pool, 'coach_pending', coachId)).toBe(0);

    const earnings = await earningsOf(session);
    expect(earnings.sessions.items[0]).toMatchObject({
      price: 1000,
      earnings: 760,
      refunded: 200,
      status: 'available',
      format: 'audio',
      duration: 45,
    });
    await expectLedgerConsistent();
  });

  it('follows the hold days of the platform settings', async () => {
    const { id: coachId } = await coach();
    const clientId = await client();
    const reference = await paidSession(coachId, clientId, 3000);
    await t.pool.query(`update platform_settings set value = '2'::jsonb where key = 'earnings_hold_days'`);
    try {
      await t.app.earnings.releaseDue(later(2));
      expect((await holdOf(reference)).earnings_available_at).not.toBeNull();
      expect(await balanceOf(t.pool, 'coach_available', coachId)).toBe(2850);
    } finally {
      await t.pool.query(`update platform_settings set value = '7'::jsonb where key = 'earnings_hold_days'`);
    }
  });

  it('releases each hold once when several instances run at the same time', async () => {
    const coaches = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => coach(`Racing coach ${n}`)));
    const clientId = await client('Robin Racer', 500_000);
    const references: { coachId: string; reference: HoldReference; share: number }[] = [];
    for (const [index, { id: coachId }] of coaches.entries())
      for (let n = 0; n < 5; n += 1) {
        const amount = 1000 + index * 10 + n;
        references.push({
          coachId,
          reference: await paidSession(coachId, clientId, amount),
          share: Math.floor((amount * 95) / 100),
        });
      }
    const at = later(HOLD_DAYS);
    // Connected beforehand, so no instance starts late.
    await Promise.all(pools.map((pool) => pool.pool.query('select 1')));

    // Four instances, each with its own pool, in small batches, so they meet each other's locked rows.
    const released = await Promise.all(instances().map((earnings) => earnings.releaseDue(at, 3)));
    expect(released.reduce((sum, count) => sum + count, 0)).toBe(30);
    for (const { reference, share } of references)
      expect(await releasePostings((await holdOf(reference)).id)).toEqual([share]);
    for (const { id } of coaches) {
      const expected = references
        .filter((row) => row.coachId === id)
        .reduce((sum, row) => sum + row.share, 0);
      expect(await balanceOf(t.pool, 'coach_available', id)).toBe(expected);
      expect(await balanceOf(t.pool, 'coach_pending', id)).toBe(0);
    }
    await expectLedgerConsistent();
  });

  it('two runs at once: the second skips the batch the first has claimed, and each hold is released once', async () => {
    const { id: coachId } = await coach();
    const clientId = await client();
    const references: HoldReference[] = [];
    for (let n = 0; n < 8; n += 1) references.push(await paidSession(coachId, clientId, 1000));
    const at = later(HOLD_DAYS);

    // The first run stops right after claiming its batch, until the second run has finished.
    const base = createEarningsRepository();
    let claimed!: (count: number) => void;
    const hasClaimed = new Promise<number>((resolve) => (claimed = resolve));
    let resume!: () => void;
    const gate = new Promise<void>((resolve) => (resume = resolve));
    let paused = false;
    const first = createEarningsService({
      db: pools[0]!.db,
      repository: {
        ...base,
        lockDueHolds: async (executor, cutoff, limit) => {
          const rows = await base.lockDueHolds(executor, cutoff, limit);
          if (!paused) {
            paused = true;
            claimed(rows.length);
            await gate;
          }
          return rows;
        },
      },
      ledger: t.app.ledger.service,
      settings: fixedSettings,
      clock: t.clock,
    });
    const firstRun = first.releaseDue(at, 3);
    expect(await hasClaimed).toBe(3);
    // The second run does not wait for the claimed rows and does not take them.
    expect(await instances()[1]!.releaseDue(at, 3)).toBe(5);
    resume();
    expect(await firstRun).toBe(3);

    for (const reference of references)
      expect(await releasePostings((await holdOf(reference)).id)).toEqual([950]);
    expect(await balanceOf(t.pool, 'coach_available', coachId)).toBe(8 * 950);
    expect(await balanceOf(t.pool, 'coach_pending', coachId)).toBe(0);
    await expectLedgerConsistent();
  });

  it('skips a hold another transaction has locked (a refund in progress) and takes it next time', async () => {
    const { id: coachId } = await coach();
    const clientId = await client();
    const busy = await paidSession(coachId, clientId, 2000);
    const free = await paidSession(coachId, clientId, 1000);
    const busyHold = await holdOf(busy);
    const blocker = await t.pool.connect();
    try {
      await blocker.query('begin');
      await blocker.query('select id from money_holds where id = $1 for update', [busyHold.id]);
      // Does not wait for the lock: the free hold is released, the busy one left alone.
      expect(await t.app.earnings.releaseDue(later(HOLD_DAYS))).toBe(1);
      expect((await holdOf(busy)).earnings_available_at).toBeNull();
      expect((await holdOf(free)).earnings_available_at).not.toBeNull();
      await blocker.query('commit');
    } finally {
      blocker.release();
    }
    expect(await t.app.earnings.releaseDue(later(HOLD_DAYS))).toBe(1);
    expect(await releasePostings(busyHold.id)).toEqual([1900]);
    expect(await balanceOf(t.pool, 'coach_available', coachId)).toBe(1900 + 950);
  });
});

describe('GET /api/earnings', () => {
  it('reports balances from the ledger, the series, per format, sessions and transactions', async () => {
    const { id: coachId, session } = await coach('Morgan Mentor');
    const clientId = await client('Jamie Rivers');
    const older = await paidSession(coachId, clientId, 3000, 'audio', 30);
    t.clock.advance(1000);
    const video = await paidSession(coachId, clientId, 4000, 'video', 30);
    t.clock.advance(1000);
    await paidSession(coachId, clientId, 2000, 'text', 20);
    await t.app.settlement.own.refund({ reference: video, amount: 1000, reason: 'Partly refunded' });
    // The audio session's earnings become available; the others stay pending.
    await t.pool.query(
      `update money_holds set settled_at = settled_at - interval '8 days' where reference_id = $1`,
      [older.id],
    );
    await t.app.earnings.releaseDue(t.clock.now());

    const earnings = await earningsOf(session);
    const pending = await balanceOf(t.pool, 'coach_pending', coachId);
    const available = await balanceOf(t.pool, 'coach_available', coachId);
    // video 3800 - floor(1000 × 3800 / 4000) = 2850; text 1900; audio 2850 (available).
    expect({ pending, available }).toEqual({ pending: 2850 + 1900, available: 2850 });
    expect(earnings).toMatchObject({
      currency: 'usd',
      pending,
      available,
      in_payout: 0,
      paid_out: 0,
      lifetime: pending + available,
      withdrawal_minimum: 2000,
      earnings_hold_days: 7,
      range: '30d',
    });

    // 30 UTC days ending today; all captures and the refund are today (the app clock).
    expect(earnings.series).toHaveLength(30);
    expect(earnings.series.at(-1)).toEqual({ period: '2026-11-21', amount: 3800 + 1900 + 2850 - 950 });
    expect(earnings.series[0]?.period).toBe('2026-10-23');
    expect(earnings.series.slice(0, -1).every((point) => point.amount === 0)).toBe(true);

    expect(earnings.by_format).toEqual([
      { format: 'text', sessions: 1, amount: 1900 },
      { format: 'audio', sessions: 1, amount: 2850 },
      { format: 'video', sessions: 1, amount: 2850 },
    ]);

    expect(earnings.sessions.total).toBe(3);
    expect(earnings.sessions.items.map((item) => [item.format, item.status, item.client_name])).toEqual([
      ['text', 'pending', 'Jamie Rivers'],
      ['video', 'pending', 'Jamie Rivers'],
      ['audio', 'available', 'Jamie Rivers'],
    ]);
    const pendingText = earnings.sessions.items[0];
    expect(pendingText?.available_at).toBe(
      new Date(new Date(pendingText?.date ?? 0).getTime() + 7 * DAY).toISOString(),
    );

    // Transactions: three captures (credits) and the refund (debit); the release is not one.
    expect(
      earnings.transactions.map((row) => [row.source_type, row.transaction_type, row.amount]).sort(),
    ).toEqual(
      [
        ['session', 'credit', 3800],
        ['session', 'credit', 1900],
        ['session', 'credit', 2850],
        ['session', 'debit', 950],
      ].sort(),
    );
    const refundRow = earnings.transactions.find((row) => row.transaction_type === 'debit');
    expect(refundRow).toMatchObject({
      coach_id: coachId,
      source_id: video.id,
      client_name: 'Jamie Rivers',
      description: 'Refund: video session with Jamie Rivers (30 min)',
    });
    // Credits minus debits equal the coach's total.
    const net = earnings.transactions.reduce(
      (sum, row) => sum + (row.transaction_type === 'credit' ? row.amount : -row.amount),
      0,
    );
    expect(net).toBe(earnings.lifetime);

    // 12 months: one monthly bucket holds it all.
    const yearly = await earningsOf(session, '?range=12m');
    expect(yearly.series).toHaveLength(12);
    expect(yearly.series.at(-1)).toEqual({ period: '2026-11-01', amount: 3800 + 1900 + 2850 - 950 });
    expect(yearly.series[0]?.period).toBe('2025-12-01');
  });

  it('pages the sessions, newest first', async () => {
    const { id: coachId, session } = await coach();
    const clientId = await client();
    for (const amount of [1000, 2000, 3000]) {
      await paidSession(coachId, clientId, amount);
      t.clock.advance(1000);
    }
    const first = await earningsOf(session, '?page=1&page_size=2');
    expect(first.sessions).toMatchObject({ page: 1, page_size: 2, total: 3 });
    expect(first.sessions.items.map((item) => item.price)).toEqual([3000, 2000]);
    const second = await earningsOf(session, '?page=2&page_size=2');
    expect(second.sessions.items.map((item) => item.price)).toEqual([1000]);

    const tooMany = await t.call(session, 'GET', '/api/earnings?page_size=500');
    expect(tooMany.statusCode).toBe(400);
    expect(errorOf(tooMany).details?.[0]?.message).toBe('Ask for at most 50 sessions per page.');
  });

  it('is for coaches only, and a coach only ever sees their own', async () => {
    const a = await coach('Coach A');
    const b = await coach('Coach B');
    const clientId = await client();
    await paidSession(a.id, clientId, 5000);

    const ofB = await earningsOf(b.session);
    expect(ofB).toMatchObject({ pending: 0, available: 0, lifetime: 0, transactions: [] });
    expect(ofB.sessions.total).toBe(0);

    const clientSession = await signUpWithRole(t.app, 'client');
    const refused = await t.call(clientSession, 'GET', '/api/earnings');
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toMatch(/coach side of Wellspring/);
    expect((await t.call(clientSession, 'GET', '/api/earnings/export.csv')).statusCode).toBe(403);
    expect((await t.call(null, 'GET', '/api/earnings')).statusCode).toBe(401);
    expect((await t.call(null, 'GET', '/api/earnings/export.csv')).statusCode).toBe(401);
  });
});

describe('GET /api/earnings/export.csv', () => {
  it('is an attachment with one row per transaction, dollars, and spreadsheet formulas neutralised', async () => {
    const { id: coachId, session } = await coach();
    const formula = await client('=HYPERLINK("http://evil.example","Click")');
    const plus = await client('+1 555, "Quoted"');
    const sober = await client('Ada Lovelace');
    const first = await paidSession(coachId, formula, 1234, 'text', 15);
    await paidSession(coachId, plus, 10_000, 'video', 60);
    await paidSession(coachId, sober, 1, 'text', 1); // the coach's floor(95 %) of 1 cent is 0: no entry
    await t.app.settlement.own.refund({ reference: first, amount: 1234, reason: 'Refunded' });

    const response = await t.call(session, 'GET', '/api/earnings/export.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="wellspring-earnings-2026-11-21.csv"',
    );
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'id,created_at,source_type,source_id,transaction_type,amount,description,client_name',
    );
    // Capture 1234 (coach 1172), its refund (1172), capture 10000 (coach 9500).
    expect(lines).toHaveLength(4);
    const body = lines.slice(1).join('\n');
    expect(body).toContain(',credit,11.72,');
    expect(body).toContain(',debit,11.72,');
    expect(body).toContain(',credit,95.00,');
    // The client name cell: a leading apostrophe, quotes doubled.
    expect(body).toContain(`,"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(body).toContain(`,"'+1 555, ""Quoted"""`);
    for (const line of lines.slice(1)) {
      const cells = line.match(/("([^"]|"")*"|[^,]*)(,|$)/g)?.map((cell) => cell.replace(/,$/, '')) ?? [];
      for (const cell of cells) expect(cell.replace(/^"/, '')).not.toMatch(/^[=+\-@\t\r]/);
    }
  });
});
