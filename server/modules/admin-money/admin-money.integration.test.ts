import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PlatformRevenue, RefundResult, SessionPaymentsPage } from '#contracts/admin-money';
import type { AuthSession } from '#contracts/auth';
import type { SessionFormat } from '#domain/money/pricing';
import { insertAdmin } from '#test/factories/admin';
import { bearer, errorOf, signUp, signUpWithRole } from '#test/support/auth';
import { balanceOf, topUpThroughEvent } from '#test/factories/money';
import { useTestApp } from '#test/support/test-app';

const t = useTestApp({ RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' });

const DAY = 86_400_000;

let finance: { session: AuthSession; userId: string };
let superAdmin: { session: AuthSession; userId: string };

beforeAll(async () => {
  finance = await insertAdmin(t.app, t.db, t.clock.now(), 'financial_admin');
  superAdmin = await insertAdmin(t.app, t.db, t.clock.now(), 'super_admin');
});

const refundUrl = (holdId: string) => `/api/admin/session-payments/${holdId}/refunds`;

const postRefund = (
  session: AuthSession | null,
  holdId: string,
  payload: object,
  key: string | null = randomUUID(),
) =>
  t.app.inject({
    method: 'POST',
    url: refundUrl(holdId),
    headers: { ...(session ? bearer(session) : {}), ...(key === null ? {} : { 'idempotency-key': key }) },
    payload,
  });

const get = (session: AuthSession | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: session ? bearer(session) : {} });

async function person(label: string) {
  const email = `${label.toLowerCase().replace(/\W+/g, '.')}.${randomUUID().slice(0, 8)}@example.test`;
  const { session } = await signUp(t.app, { email, data: { full_name: label } });
  return { id: session.user.id, email, name: label };
}

/** A session payment as sessions will make it: top-up, hold, capture (through the settlement service). */
async function capturedPayment(
  input: {
    amount?: number;
    client?: { id: string };
    coach?: { id: string };
    /** null: a payment that is not a session (by format: 'other'). */
    format?: SessionFormat | null;
    minutes?: number;
  } = {},
) {
  const amount = input.amount ?? 4_000;
  const client = input.client ?? (await person('Paying Client'));
  const coach = input.coach ?? (await person('Earning Coach'));
  const { result } = await topUpThroughEvent(t.app, t.pool, client.id, amount);
  expect(result.outcome).toBe('applied');
  const reference = { type: 'session_request', id: randomUUID() };
  const hold = await t.app.settlement.own.hold({
    clientId: client.id,
    coachId: coach.id,
    reference,
    amount,
    format: input.format === undefined ? 'video' : input.format,
    durationMinutes: input.minutes ?? 30,
  });
  const captured = await t.app.settlement.own.capture(reference);
  return { hold, captured, client, coach, reference, amount };
}

async function count(query: string, params: unknown[]): Promise<number> {
  const result = await t.pool.query<{ n: string }>(query, params);
  return Number(result.rows[0]?.n ?? '0');
}

const refundRows = (holdId: string) =>
  t.pool.query<{ amount: string; reason: string; refunded_by: string }>(
    'select amount::text, reason, refunded_by from session_refunds where hold_id = $1 order by created_at',
    [holdId],
  );

async function expectLedgerConsistent() {
  const report = await t.app.ledger.service.checkInvariants(t.db);
  expect(report).toMatchObject({ ok: true, unbalancedTransactions: [], negativeAccounts: [] });
}

describe('GET /api/admin/session-payments', () => {
  it('lists captured payments newest first with names, format, split and what is left to refund', async () => {
    const client = await person('Nadia Client');
    const coach = await person('Oscar Coach');
    const { hold } = await capturedPayment({ client, coach, amount: 3_333, format: 'audio', minutes: 45 });
    const response = await get(finance.session, '/api/admin/session-payments');
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<SessionPaymentsPage>();
    expect(page.payments[0]).toEqual({
      id: hold.id,
      reference: hold.reference,
      client: { user_id: client.id, name: 'Nadia Client', email: client.email },
      coach: { user_id: coach.id, name: 'Oscar Coach', email: coach.email },
      format: 'audio',
      duration_minutes: 45,
      amount: 3_333,
      coach_amount: 3_166,
      platform_amount: 167,
      refunded_amount: 0,
      refundable_amount: 3_333,
      settled_at: t.clock.now().toISOString(),
      refunds: [],
    });
  });

  it('does not list holds that were not captured', async () => {
    const client = await person('Held Only Client');
    await topUpThroughEvent(t.app, t.pool, client.id, 1_000);
    const coach = await person('Held Only Coach');
    await t.app.settlement.own.hold({
      clientId: client.id,
      coachId: coach.id,
      reference: { type: 'session_request', id: randomUUID() },
      amount: 1_000,
    });
    const page = (
      await get(finance.session, '/api/admin/session-payments?q=Held%20Only')
    ).json<SessionPaymentsPage>();
    expect(page.payments).toEqual([]);
  });

  it('searches client and coach names and emails, any case, with % and _ taken literally', async () => {
    const client = await person('Quentin Searchable');
    const coach = await person('Rosalind Findme');
    const { hold } = await capturedPayment({ client, coach });
    const ids = async (q: string) =>
      (await get(finance.session, `/api/admin/session-payments?q=${encodeURIComponent(q)}`))
        .json<SessionPaymentsPage>()
        .payments.map((payment) => payment.id);
    expect(await ids('quentin search')).toEqual([hold.id]);
    expect(await ids('ROSALIND')).toEqual([hold.id]);
    expect(await ids(coach.email.slice(0, 20))).toEqual([hold.id]);
    expect(await ids('%')).not.toContain(hold.id);
    expect(await ids('Nobody By This Name')).toEqual([]);
  });

  it('pages 20 at a time by keyset: every payment exactly once, even with equal settlement times', async () => {
    const client = await person('Pager Client');
    const coach = await person('Pager Coach');
    const made: string[] = [];
    // All settled at the same clock instant: the id breaks the tie.
    for (let index = 0; index < 23; index += 1)
      made.push((await capturedPayment({ client, coach, amount: 500 + index })).hold.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url = `/api/admin/session-payments?q=Pager${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const response = await get(finance.session, url);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<SessionPaymentsPage>();
      expect(page.payments.length).toBeLessThanOrEqual(20);
      seen.push(...page.payments.map((payment) => payment.id));
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(2);
    expect(seen).toHaveLength(23);
    expect(new Set(seen)).toEqual(new Set(made));
  });

  it('answers a malformed cursor with a sentence to act on', async () => {
    const response = await get(finance.session, '/api/admin/session-payments?cursor=not-a-cursor');
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringMatching(/Reload the list/),
    });
  });
});

describe('POST /api/admin/session-payments/:holdId/refunds', () => {
  it('refunds part of a payment to the client wallet, split like the capture, with a refund row and an audit row', async () => {
    const { hold, client, coach } = await capturedPayment({ amount: 4_000 });
    // Capture: coach 3,800, platform 200.
    expect(await balanceOf(t.pool, 'client_wallet', client.id)).toBe(0);
    const platformBefore = await balanceOf(t.pool, 'platform_revenue', null);
    const response = await postRefund(finance.session, hold.id, {
      amount: 1_000,
      reason: '  The video dropped for ten minutes.  ',
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<RefundResult>();
    expect(body).toMatchObject({
      from_coach: 950,
      from_platform: 50,
      refund: {
        amount: 1_000,
        reason: 'The video dropped for ten minutes.',
        refunded_by: { user_id: finance.userId, name: 'Admin financial_admin' },
      },
      payment: { id: hold.id, refunded_amount: 1_000, refundable_amount: 3_000 },
    });
    expect(body.payment.refunds).toEqual([body.refund]);
    expect(await balanceOf(t.pool, 'client_wallet', client.id)).toBe(1_000);
    expect(await balanceOf(t.pool, 'coach_pending', coach.id)).toBe(3_800 - 950);
    expect(await balanceOf(t.pool, 'platform_revenue', null)).toBe(platformBefore - 50);
    expect((await refundRows(hold.id)).rows).toEqual([
      { amount: '1000', reason: 'The video dropped for ten minutes.', refunded_by: finance.userId },
    ]);
    const audit = await t.pool.query<{
      actor_user_id: string;
      admin_role: string;
      details: Record<string, unknown>;
    }>(
      `select actor_user_id, admin_role, details from admin_audit_log
        where action_type = 'session_refund' and target_type = 'money_hold' and target_id = $1`,
      [hold.id],
    );
    expect(audit.rows).toEqual([
      {
        actor_user_id: finance.userId,
        admin_role: 'financial_admin',
        details: expect.objectContaining({
          amount: 1_000,
          reason: 'The video dropped for ten minutes.',
          fromCoach: 950,
          fromPlatform: 50,
        }),
      },
    ]);
    await expectLedgerConsistent();
  });

  it('refunds the rest in full; the refunds never add up to more than the payment', async () => {
    const { hold, client, coach } = await capturedPayment({ amount: 3_001 });
    // Capture: coach floor(2850.95) = 2,850, platform 151.
    expect(
      (await postRefund(finance.session, hold.id, { amount: 1_001, reason: 'Session ended early.' }))
        .statusCode,
    ).toBe(201);
    const tooMuch = await postRefund(finance.session, hold.id, {
      amount: 2_001,
      reason: 'Asking for too much.',
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(errorOf(tooMuch)).toMatchObject({
      code: 'REFUND_EXCEEDS_CAPTURED',
      message: 'At most $20.00 is left to refund for this session.',
    });
    t.clock.advance(60_000);
    const rest = await postRefund(superAdmin.session, hold.id, { amount: 2_000, reason: 'Refund the rest.' });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json<RefundResult>().payment).toMatchObject({ refunded_amount: 3_001, refundable_amount: 0 });
    expect(rest.json<RefundResult>().payment.refunds.map((refund) => refund.amount)).toEqual([1_001, 2_000]);
    const again = await postRefund(finance.session, hold.id, { amount: 1, reason: 'One more cent.' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(
      'This session was already refunded in full: nothing is left to refund.',
    );

    expect(await balanceOf(t.pool, 'client_wallet', client.id)).toBe(3_001);
    // Cumulative split: the coach gives back exactly what the capture gave them.
    expect(await balanceOf(t.pool, 'coach_pending', coach.id)).toBe(0);
    const sums = await t.pool.query<{ refunds: string; refunded: string; amount: string }>(
      `select (select sum(amount) from session_refunds where hold_id = h.id)::text as refunds,
              h.refunded_amount::text as refunded, h.amount::text as amount
         from money_holds h where h.id = $1`,
      [hold.id],
    );
    expect(sums.rows[0]).toEqual({ refunds: '3001', refunded: '3001', amount: '3001' });
    await expectLedgerConsistent();
  });

  it('20 simultaneous refunds of the remaining amount refund it exactly once', async () => {
    const { hold, client } = await capturedPayment({ amount: 5_000 });
    expect(
      (await postRefund(finance.session, hold.id, { amount: 1_234, reason: 'First part.' })).statusCode,
    ).toBe(201);
    const remaining = 5_000 - 1_234;
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        postRefund(finance.session, hold.id, { amount: remaining, reason: `Concurrent refund ${index}.` }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    for (const response of responses.filter((entry) => entry.statusCode !== 201)) {
      expect(response.statusCode).toBe(409);
      expect(errorOf(response).code).toBe('REFUND_EXCEEDS_CAPTURED');
    }
    expect(await balanceOf(t.pool, 'client_wallet', client.id)).toBe(5_000);
    expect((await refundRows(hold.id)).rows.map((row) => Number(row.amount))).toEqual([1_234, remaining]);
    expect(
      await count(
        "select count(*) as n from admin_audit_log where action_type = 'session_refund' and target_id = $1",
        [hold.id],
      ),
    ).toBe(2);
    expect(
      await count(
        "select count(*) as n from ledger_transactions where kind = 'refund' and reference_type = $1 and reference_id = $2",
        [hold.reference.type, hold.reference.id],
      ),
    ).toBe(2);
    await expectLedgerConsistent();
  });

  it('replays the same Idempotency-Key without a second refund, and refuses a POST without one', async () => {
    const { hold, client } = await capturedPayment({ amount: 2_000 });
    const key = randomUUID();
    const payload = { amount: 500, reason: 'Audio was poor.' };
    const first = await postRefund(finance.session, hold.id, payload, key);
    const second = await postRefund(finance.session, hold.id, payload, key);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotency-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await balanceOf(t.pool, 'client_wallet', client.id)).toBe(500);
    const other = await postRefund(finance.session, hold.id, { ...payload, amount: 600 }, key);
    expect(other.statusCode).toBe(422);

    const missing = await postRefund(finance.session, hold.id, payload, null);
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect((await refundRows(hold.id)).rows).toHaveLength(1);
  });

  it('requires a reason of 5 to 500 characters and a whole, positive amount; nothing moves otherwise', async () => {
    const { hold, client } = await capturedPayment({ amount: 2_000 });
    const cases: [object, string][] = [
      [{ amount: 500 }, 'Give a reason for the refund: the client and the coach may ask why.'],
      [
        { amount: 500, reason: '    ' },
        'Give a reason for the refund: the client and the coach may ask why.',
      ],
      [{ amount: 500, reason: 'meh' }, 'Write at least 5 characters so the reason is clear later.'],
      [{ amount: 500, reason: 'x'.repeat(501) }, 'Keep the reason under 500 characters.'],
      [{ amount: 0, reason: 'Zero refund.' }, 'Enter the refund amount in whole cents, at least $0.01.'],
      [{ amount: 10.5, reason: 'Half a cent.' }, 'Enter the refund amount in whole cents, at least $0.01.'],
    ];
    for (const [payload, message] of cases) {
      const response = await postRefund(finance.session, hold.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const error = errorOf(response);
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.details?.map((detail) => detail.message)).toContain(message);
    }
    expect(await balanceOf(t.pool, 'client_wallet', client.id)).toBe(0);
    expect((await refundRows(hold.id)).rows).toHaveLength(0);
  });

  it('answers 404 for an unknown payment and 409 for a hold that was never captured', async () => {
    expect(
      (await postRefund(finance.session, randomUUID(), { amount: 100, reason: 'No such thing.' })).statusCode,
    ).toBe(404);
    const client = await person('Uncaptured Client');
    const coach = await person('Uncaptured Coach');
    await topUpThroughEvent(t.app, t.pool, client.id, 1_000);
    const hold = await t.app.settlement.own.hold({
      clientId: client.id,
      coachId: coach.id,
      reference: { type: 'session_request', id: randomUUID() },
      amount: 1_000,
    });
    const response = await postRefund(finance.session, hold.id, { amount: 100, reason: 'Not yet charged.' });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe('HOLD_NOT_CAPTURED');
  });

  it('only financial admins and super admins with a second factor may list or refund', async () => {
    const { hold, client } = await capturedPayment({ amount: 1_500 });
    const clientSession = await signUpWithRole(t.app, 'client');
    const coachSession = await signUpWithRole(t.app, 'coach');
    const manager = await insertAdmin(t.app, t.db, t.clock.now(), 'coach_manager');
    const moderator = await insertAdmin(t.app, t.db, t.clock.now(), 'community_moderator');
    const superAal1 = await insertAdmin(t.app, t.db, t.clock.now(), 'super_admin', { aal2: false });
    const payload = { amount: 100, reason: 'Probing access.' };
    for (const session of [clientSession, coachSession, manager.session, moderator.session]) {
      const refused = await postRefund(session, hold.id, payload);
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused).code).toBe('FORBIDDEN');
      expect((await get(session, '/api/admin/session-payments')).statusCode).toBe(403);
      expect((await get(session, '/api/admin/platform-revenue')).statusCode).toBe(403);
      expect((await get(session, '/api/admin/platform-revenue/export.csv')).statusCode).toBe(403);
    }
    const aal1 = await postRefund(superAal1.session, hold.id, payload);
    expect(aal1.statusCode).toBe(403);
    expect(errorOf(aal1).code).toBe('INSUFFICIENT_AAL');
    expect((await get(superAal1.session, '/api/admin/session-payments')).statusCode).toBe(403);
    expect((await postRefund(null, hold.id, payload)).statusCode).toBe(401);
    expect(await balanceOf(t.pool, 'client_wallet', client.id)).toBe(0);
    expect((await refundRows(hold.id)).rows).toHaveLength(0);
  });
});

describe('GET /api/admin/platform-revenue', () => {
  /** The platform_revenue entries straight from the ledger, in [from, to). */
  async function ledgerSums(from: string, to: string) {
    const result = await t.pool.query<{ earned: string; refunded: string; net: string; captures: string }>(
      `select coalesce(sum(e.amount) filter (where e.amount > 0), 0)::text as earned,
              coalesce(-sum(e.amount) filter (where e.amount < 0 and t.kind = 'refund'), 0)::text as refunded,
              coalesce(sum(e.amount), 0)::text as net,
              count(*) filter (where t.kind = 'capture')::text as captures
         from ledger_entries e
         join ledger_transactions t on t.id = e.transaction_id
         join ledger_accounts a on a.id = e.account_id
        where a.kind = 'platform_revenue' and t.created_at >= $1 and t.created_at < $2`,
      [from, to],
    );
    const row = result.rows[0]!;
    return {
      fees_earned: Number(row.earned),
      refunded: Number(row.refunded),
      net: Number(row.net),
      captures: Number(row.captures),
    };
  }

  const report = async (range: '30d' | '12m') => {
    const response = await get(finance.session, `/api/admin/platform-revenue?range=${range}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PlatformRevenue>();
  };

  it('equals the ledger: totals, balance, a zero-filled series per day or month, by format and recent captures', async () => {
    const now = t.clock.now();
    const [client, coach] = [await person('Paying Client'), await person('Earning Coach')];
    // One capture 40 days ago (in 12m, not in 30d), one 3 days ago, and a refund today.
    t.clock.set(new Date(now.getTime() - 40 * DAY));
    await capturedPayment({ amount: 10_000, format: 'text', client, coach });
    t.clock.set(new Date(now.getTime() - 3 * DAY));
    const recent = await capturedPayment({ amount: 2_000, format: null, client, coach });
    t.clock.set(now);
    expect(
      (await postRefund(finance.session, recent.hold.id, { amount: 2_000, reason: 'Coach no-show.' }))
        .statusCode,
    ).toBe(201);
    // The newest capture of all.
    t.clock.advance(60_000);
    const latest = await capturedPayment({ amount: 2_500, format: 'audio', minutes: 20, client, coach });

    const days = await report('30d');
    expect(days.series).toHaveLength(30);
    expect(days.series.at(-1)?.period).toBe(now.toISOString().slice(0, 10));
    expect(days.from).toBe(`${new Date(now.getTime() - 29 * DAY).toISOString().slice(0, 10)}T00:00:00.000Z`);
    const tomorrow = `${new Date(now.getTime() + DAY).toISOString().slice(0, 10)}T00:00:00.000Z`;
    expect(days.totals).toMatchObject(await ledgerSums(days.from, tomorrow));
    expect(days.totals.net).toBe(days.totals.fees_earned - days.totals.refunded - days.totals.other_debits);
    // The series adds up to the totals, and days without activity are zeros.
    expect(days.series.reduce((sum, point) => sum + point.net, 0)).toBe(days.totals.net);
    const threeDaysAgo = new Date(now.getTime() - 3 * DAY).toISOString().slice(0, 10);
    expect(days.series.find((point) => point.period === threeDaysAgo)?.fees_earned).toBeGreaterThanOrEqual(
      100,
    );
    expect(days.series[0]).toEqual({
      period: days.from.slice(0, 10),
      fees_earned: 0,
      refunded: 0,
      other_debits: 0,
      net: 0,
    });
    // The balance is the account's, all time.
    expect(days.balance).toBe(await balanceOf(t.pool, 'platform_revenue', null));

    const months = await report('12m');
    expect(months.series).toHaveLength(12);
    expect(months.series.at(-1)?.period).toBe(now.toISOString().slice(0, 7));
    expect(months.totals).toMatchObject(await ledgerSums(months.from, '2100-01-01T00:00:00Z'));
    // The 40-day-old capture's fee (500) is in 12 months, not in 30 days.
    expect(months.totals.fees_earned - days.totals.fees_earned).toBe(500);
    expect(months.by_format.find((row) => row.format === 'text')).toMatchObject({
      fees_earned: 500,
      captures: 1,
    });
    // The payment without a format was refunded in full: its platform fee (100) came back out.
    expect(days.by_format.find((row) => row.format === 'other')).toEqual({
      format: 'other',
      captures: 1,
      fees_earned: 100,
      refunded: 100,
      other_debits: 0,
      net: 0,
    });
    const formatNet = months.by_format.reduce((sum, row) => sum + row.net, 0);
    expect(formatNet).toBe(months.totals.net);

    expect(days.recent_captures.length).toBeLessThanOrEqual(20);
    expect(days.recent_captures[0]).toEqual({
      transaction_id: expect.any(String),
      hold_id: latest.hold.id,
      captured_at: t.clock.now().toISOString(),
      client_name: 'Paying Client',
      coach_name: 'Earning Coach',
      format: 'audio',
      duration_minutes: 20,
      amount: 2_500,
      platform_fee: 125,
    });
    const times = days.recent_captures.map((capture) => capture.captured_at);
    expect(times).toEqual([...times].sort().reverse());
    await expectLedgerConsistent();
  });

  it('exports the same numbers per day as CSV, safe to open in a spreadsheet, and audit-logs the export', async () => {
    const days = await report('30d');
    const response = await get(finance.session, '/api/admin/platform-revenue/export.csv?range=30d');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="platform-revenue-30d-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('date,fees_earned,refunded,other_debits,net,captures,currency');
    expect(lines).toHaveLength(31);
    const dollars = (cents: number) => (cents / 100).toFixed(2);
    lines.slice(1).forEach((line, index) => {
      const point = days.series[index]!;
      expect(line.split(',').slice(0, 5)).toEqual([
        point.period,
        dollars(point.fees_earned),
        dollars(point.refunded),
        dollars(point.other_debits),
        dollars(point.net),
      ]);
    });
    // No cell may start a formula.
    for (const cell of lines.flatMap((line) => line.split(',')))
      expect(cell).toMatch(/^(-?\d+(\.\d{2})?|\d{4}-\d{2}-\d{2}|[A-Za-z][\w-]*)$/);
    const year = await get(finance.session, '/api/admin/platform-revenue/export.csv?range=12m');
    expect(year.statusCode).toBe(200);
    expect(year.body.trimEnd().split('\r\n').length).toBeGreaterThan(300);
    expect(
      await count(
        "select count(*) as n from admin_audit_log where action_type = 'export_platform_revenue' and actor_user_id = $1",
        [finance.userId],
      ),
    ).toBe(2);
  });

  it('refuses an unknown range with a sentence', async () => {
    const response = await get(finance.session, '/api/admin/platform-revenue?range=7y');
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).details?.[0]?.message).toBe('Choose 30d (30 days) or 12m (12 months).');
  });
});
