import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthSession } from '#contracts/auth';
import { earningsSchema } from '#contracts/earnings';
import { NOTIFICATION_TEXTS } from '#contracts/notifications';
import {
  adminWithdrawalListSchema,
  adminWithdrawalSchema,
  payoutMethodListSchema,
  payoutMethodSchema,
  withdrawalListSchema,
  withdrawalSchema,
  type PayoutMethod,
} from '#contracts/payouts';
import { insertAdmin, elevateWithTotp } from '#test/factories/admin';
import { bearer, errorOf, signUpWithRole } from '#test/support/auth';
import { createTestApp } from '#test/support/app';
import { balanceOf, topUpThroughEvent } from '#test/factories/money';
import { useTestApp } from '#test/support/test-app';
import type { App } from '#server/app';
import { connectDatabase, type DatabaseHandle } from '#server/db/client';
import {
  notificationsOf as notificationsOfPerson,
  notificationCreatedEvents,
} from '#test/support/notifications';

const ENV = { RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' };
const t = useTestApp(ENV);

// A second app on a pool wide enough for 20 truly simultaneous requests (the test app's pool has 5).
let wide: DatabaseHandle | undefined;
let wideApp: App | undefined;
beforeAll(async () => {
  wide = connectDatabase(t.database.url, { poolSize: 22 });
  const parts = await createTestApp(wide.db, ENV);
  parts.clock.set(t.clock.now());
  wideApp = parts.app;
});
afterAll(async () => {
  await wideApp?.close();
  await wide?.close();
});
const wideCall = (
  session: AuthSession,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  key?: string,
) => {
  if (!wideApp) throw new Error('not ready');
  return wideApp.inject({
    method,
    url,
    headers: { ...bearer(session), ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload ? { payload } : {}),
  });
};

const DAY = 86_400_000;
const BANK = {
  kind: 'bank_account',
  holder_name: 'Casey Coach',
  bank_name: 'Chase',
  routing_number: '021000021',
  account_number: '000123456789',
} as const;
const PAYPAL = { kind: 'paypal', email: 'Casey.Coach@Example.com' } as const;

type Coach = { id: string; session: AuthSession };

async function coach(fullName = 'Casey Coach'): Promise<Coach> {
  const session = await signUpWithRole(t.app, 'coach', { fullName });
  return { id: session.user.id, session };
}

/** The coach with the second factor verified in this session (aal2). */
async function verified(who: Coach): Promise<Coach> {
  return { ...who, session: await elevateWithTotp(t.app, who.session, t.clock.now()) };
}

/** `amount` cents of session payments made available to the coach (its floor(95 %) share). */
async function earn(coachId: string, amount: number): Promise<number> {
  const clientSession = await signUpWithRole(t.app, 'client', { fullName: 'Paying Client' });
  await topUpThroughEvent(t.app, t.pool, clientSession.user.id, amount);
  const reference = { type: 'session_request', id: randomUUID() };
  await t.app.settlement.own.hold({
    clientId: clientSession.user.id,
    coachId,
    reference,
    amount,
    format: 'video',
    durationMinutes: 30,
  });
  await t.app.settlement.own.capture(reference);
  await t.app.earnings.releaseDue(new Date(t.clock.now().getTime() + 8 * DAY));
  return Math.floor((amount * 95) / 100);
}

async function addMethod(session: AuthSession, body: object = BANK): Promise<PayoutMethod> {
  const response = await t.call(session, 'POST', '/api/payout-methods', body);
  expect(response.statusCode, response.body).toBe(201);
  return payoutMethodSchema.parse(response.json());
}

function withdraw(session: AuthSession, body: object, key: string | null = randomUUID()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/withdrawals',
    headers: { ...bearer(session), ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });
}

function decide(
  session: AuthSession,
  id: string,
  action: 'approve' | 'reject' | 'mark-paid',
  body?: object,
  key: string = randomUUID(),
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/withdrawals/${id}/${action}`,
    headers: { ...bearer(session), 'idempotency-key': key },
    ...(body ? { payload: body } : {}),
  });
}

/** The person's notifications, newest first, and the notification.created events on their topic. */
const notificationsOf = (session: AuthSession) => notificationsOfPerson(t, session);
const createdEventsOf = (userId: string) => notificationCreatedEvents(t, userId);

async function expectLedgerConsistent() {
  const report = await t.app.ledger.service.checkInvariants(t.db);
  expect(report).toMatchObject({ ok: true, unbalancedTransactions: [], negativeAccounts: [] });
}

describe('payout methods', () => {
  it('adds masked methods, makes the first the default, switches and removes it', async () => {
    const { session } = await coach();
    const empty = await t.call(session, 'GET', '/api/payout-methods');
    expect(payoutMethodListSchema.parse(empty.json()).payout_methods).toEqual([]);

    const bank = await addMethod(session, {
      ...BANK,
      routing_number: '0210-00021',
      account_number: '0001 2345 6789',
    });
    expect(bank).toMatchObject({ kind: 'bank_account', label: 'Chase ••6789', is_default: true });
    const paypal = await addMethod(session, PAYPAL);
    expect(paypal).toMatchObject({ kind: 'paypal', label: 'PayPal ca••@example.com', is_default: false });

    const listed = await t.call(session, 'GET', '/api/payout-methods');
    // Coaches never get the full numbers or address back.
    expect(listed.body).not.toContain('123456789');
    expect(listed.body).not.toContain('021000021');
    expect(listed.body).not.toContain('casey.coach');
    expect(payoutMethodListSchema.parse(listed.json()).payout_methods.map((m) => m.id)).toEqual([
      bank.id,
      paypal.id,
    ]);

    const switched = await t.call(session, 'POST', `/api/payout-methods/${paypal.id}/default`);
    expect(switched.statusCode).toBe(200);
    expect(
      payoutMethodListSchema.parse(switched.json()).payout_methods.map((m) => [m.label, m.is_default]),
    ).toEqual([
      ['PayPal ca••@example.com', true],
      ['Chase ••6789', false],
    ]);

    // Removing the default makes the other one the default.
    expect((await t.call(session, 'DELETE', `/api/payout-methods/${paypal.id}`)).json()).toEqual({
      removed: true,
    });
    const after = payoutMethodListSchema.parse((await t.call(session, 'GET', '/api/payout-methods')).json());
    expect(after.payout_methods.map((m) => [m.id, m.is_default])).toEqual([[bank.id, true]]);
    // Already removed: 404.
    expect((await t.call(session, 'DELETE', `/api/payout-methods/${paypal.id}`)).statusCode).toBe(404);
    expect((await t.call(session, 'POST', `/api/payout-methods/${paypal.id}/default`)).statusCode).toBe(404);
  });

  it('validates each kind with sentences a person can act on', async () => {
    const { session } = await coach();
    const bad = await t.call(session, 'POST', '/api/payout-methods', {
      ...BANK,
      routing_number: '12345678',
      account_number: '12',
      holder_name: '  ',
    });
    expect(bad.statusCode).toBe(400);
    const messages = errorOf(bad).details?.map((detail) => detail.message) ?? [];
    expect(messages).toEqual(
      expect.arrayContaining([
        'The routing number is the 9 digits printed on your checks.',
        'The account number is 4 to 17 digits.',
        'Enter the account holder name.',
      ]),
    );
    const paypal = await t.call(session, 'POST', '/api/payout-methods', { kind: 'paypal', email: 'nope' });
    expect(errorOf(paypal).details?.[0]?.message).toBe(
      'Enter the email address of your PayPal account, like name@example.com.',
    );
  });

  it("is for coaches, and another coach's method answers 404", async () => {
    const a = await coach();
    const b = await coach();
    const method = await addMethod(a.session);
    expect((await t.call(b.session, 'DELETE', `/api/payout-methods/${method.id}`)).statusCode).toBe(404);
    expect((await t.call(b.session, 'POST', `/api/payout-methods/${method.id}/default`)).statusCode).toBe(
      404,
    );
    expect(
      payoutMethodListSchema.parse((await t.call(b.session, 'GET', '/api/payout-methods')).json()),
    ).toEqual({
      payout_methods: [],
    });
    const client = await signUpWithRole(t.app, 'client');
    expect((await t.call(client, 'GET', '/api/payout-methods')).statusCode).toBe(403);
    expect((await t.call(client, 'POST', '/api/payout-methods', BANK)).statusCode).toBe(403);
    expect((await t.call(null, 'GET', '/api/payout-methods')).statusCode).toBe(401);
  });
});

describe('withdrawals', () => {
  it('needs the second factor in this session, the minimum, at most what is available, an own method', async () => {
    const plain = await coach();
    const method = await addMethod(plain.session);
    const available = await earn(plain.id, 5000); // 4750

    const aal1 = await withdraw(plain.session, { amount: 2000, payout_method_id: method.id });
    expect(aal1.statusCode).toBe(403);
    expect(errorOf(aal1).code).toBe('INSUFFICIENT_AAL');

    const { session } = await verified(plain);
    const noKey = await withdraw(session, { amount: 2000, payout_method_id: method.id }, null);
    expect([noKey.statusCode, errorOf(noKey).code]).toEqual([400, 'IDEMPOTENCY_KEY_REQUIRED']);

    const small = await withdraw(session, { amount: 1999, payout_method_id: method.id });
    expect(small.statusCode).toBe(400);
    expect(errorOf(small).message).toBe('The smallest withdrawal is $20.00.');
    expect(errorOf(small).details).toEqual([
      { path: 'body.amount', message: 'The smallest withdrawal is $20.00.' },
    ]);

    const tooMuch = await withdraw(session, { amount: available + 1, payout_method_id: method.id });
    expect(tooMuch.statusCode).toBe(402);
    expect(errorOf(tooMuch)).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      message: 'You can withdraw at most $47.50 now.',
    });

    const other = await coach();
    const othersMethod = await addMethod(other.session);
    const foreign = await withdraw(session, { amount: 2000, payout_method_id: othersMethod.id });
    expect(foreign.statusCode).toBe(400);
    expect(errorOf(foreign).message).toBe(
      'Choose one of your payout methods, or add one under Payout methods.',
    );

    // Nothing moved, nothing recorded.
    expect(await balanceOf(t.pool, 'coach_available', plain.id)).toBe(available);
    expect(
      withdrawalListSchema.parse((await t.call(session, 'GET', '/api/withdrawals')).json()).withdrawals,
    ).toEqual([]);
  });

  it('moves available earnings into payouts, replays with the same key, and is visible only to its coach', async () => {
    const who = await verified(await coach());
    const method = await addMethod(who.session);
    const available = await earn(who.id, 10_000); // 9500
    const payoutsBefore = await balanceOf(t.pool, 'payouts', null);

    const key = randomUUID();
    const created = await withdraw(who.session, { amount: 6000, payout_method_id: method.id }, key);
    expect(created.statusCode, created.body).toBe(201);
    const withdrawal = withdrawalSchema.parse(created.json());
    expect(withdrawal).toMatchObject({
      amount: 6000,
      status: 'requested',
      payout_method: { id: method.id, label: 'Chase ••6789', kind: 'bank_account' },
    });
    expect(await balanceOf(t.pool, 'coach_available', who.id)).toBe(available - 6000);
    expect(await balanceOf(t.pool, 'payouts', null)).toBe(payoutsBefore + 6000);

    const replay = await withdraw(who.session, { amount: 6000, payout_method_id: method.id }, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(replay.json()).toEqual(created.json());
    expect(await balanceOf(t.pool, 'coach_available', who.id)).toBe(available - 6000);

    // The coach's earnings: in payout, and the withdrawal as a debit transaction.
    const earnings = earningsSchema.parse((await t.call(who.session, 'GET', '/api/earnings')).json());
    expect(earnings).toMatchObject({
      available: available - 6000,
      in_payout: 6000,
      paid_out: 0,
      lifetime: available,
    });
    expect(earnings.transactions.find((row) => row.source_type === 'withdrawal')).toMatchObject({
      source_type: 'withdrawal',
      source_id: withdrawal.id,
      transaction_type: 'debit',
      amount: 6000,
      description: 'Withdrawal to Chase ••6789',
      client_name: null,
    });

    const own = await t.call(who.session, 'GET', `/api/withdrawals/${withdrawal.id}`);
    expect(withdrawalSchema.parse(own.json())).toEqual(withdrawal);
    const stranger = await coach();
    expect((await t.call(stranger.session, 'GET', `/api/withdrawals/${withdrawal.id}`)).statusCode).toBe(404);
    expect(
      withdrawalListSchema.parse((await t.call(stranger.session, 'GET', '/api/withdrawals')).json()),
    ).toEqual({
      withdrawals: [],
    });
    // A removed method stays on the withdrawals that used it but cannot be used again.
    await t.call(who.session, 'DELETE', `/api/payout-methods/${method.id}`);
    expect(
      withdrawalSchema.parse((await t.call(who.session, 'GET', `/api/withdrawals/${withdrawal.id}`)).json())
        .payout_method.label,
    ).toBe('Chase ••6789');
    const again = await withdraw(who.session, { amount: 2000, payout_method_id: method.id });
    expect(errorOf(again).code).toBe('VALIDATION_ERROR');
    await expectLedgerConsistent();
  });

  it('20 simultaneous withdrawals of exactly what is available: exactly one succeeds', async () => {
    const who = await verified(await coach());
    const method = await addMethod(who.session);
    const available = await earn(who.id, 4000); // 3800
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        wideCall(
          who.session,
          'POST',
          '/api/withdrawals',
          { amount: available, payout_method_id: method.id },
          randomUUID(),
        ),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 402)).toHaveLength(19);
    expect(errorOf(responses.find((response) => response.statusCode === 402)!).message).toBe(
      'You have no earnings available to withdraw yet. Earnings become available 7 days after a session.',
    );
    expect(await balanceOf(t.pool, 'coach_available', who.id)).toBe(0);
    const listed = withdrawalListSchema.parse((await t.call(who.session, 'GET', '/api/withdrawals')).json());
    expect(listed.withdrawals.map((w) => w.amount)).toEqual([available]);
    await expectLedgerConsistent();
  });
});

describe('the financial admins’ withdrawal queue', () => {
  it('approve, then mark paid: full details only while approved; money leaves through provider clearing', async () => {
    const who = await verified(await coach('Dana Payee'));
    const method = await addMethod(who.session);
    await earn(who.id, 10_000);
    const withdrawal = withdrawalSchema.parse(
      (await withdraw(who.session, { amount: 5000, payout_method_id: method.id })).json(),
    );
    const finance = await insertAdmin(t.app, t.db, t.clock.now(), 'financial_admin');

    const queue = adminWithdrawalListSchema.parse(
      (await t.call(finance.session, 'GET', '/api/admin/withdrawals?status=requested')).json(),
    );
    const row = queue.withdrawals.find((candidate) => candidate.id === withdrawal.id);
    expect(row).toMatchObject({
      status: 'requested',
      amount: 5000,
      coach: { id: who.id, name: 'Dana Payee' },
      payout_method: { label: 'Chase ••6789' },
      payout_details: null,
    });
    expect(queue.totals.requested.count).toBeGreaterThanOrEqual(1);

    // Paying before approval is refused.
    const early = await decide(finance.session, withdrawal.id, 'mark-paid', { payment_reference: 'WIRE-1' });
    expect([early.statusCode, errorOf(early).message]).toEqual([
      409,
      'Approve this withdrawal before marking it paid.',
    ]);

    const approved = await decide(finance.session, withdrawal.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(adminWithdrawalSchema.parse(approved.json())).toMatchObject({
      status: 'approved',
      payout_details: {
        kind: 'bank_account',
        holder_name: 'Casey Coach',
        bank_name: 'Chase',
        routing_number: '021000021',
        account_number: '000123456789',
      },
    });
    const again = await decide(finance.session, withdrawal.id, 'approve');
    expect([again.statusCode, errorOf(again).message]).toEqual([
      409,
      'This withdrawal was already approved. Refresh the list to see it under Approved.',
    ]);

    const toPay = adminWithdrawalListSchema.parse(
      (await t.call(finance.session, 'GET', '/api/admin/withdrawals?status=approved')).json(),
    );
    expect(
      toPay.withdrawals.find((candidate) => candidate.id === withdrawal.id)?.payout_details,
    ).toMatchObject({
      account_number: '000123456789',
    });

    const clearingBefore = await balanceOf(t.pool, 'provider_clearing', null);
    const payoutsBefore = await balanceOf(t.pool, 'payouts', null);
    const paid = await decide(finance.session, withdrawal.id, 'mark-paid', {
      payment_reference: ' WIRE-2026-11-21 ',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(adminWithdrawalSchema.parse(paid.json())).toMatchObject({
      status: 'paid',
      payment_reference: 'WIRE-2026-11-21',
      payout_details: null,
    });
    expect(await balanceOf(t.pool, 'payouts', null)).toBe(payoutsBefore - 5000);
    expect(await balanceOf(t.pool, 'provider_clearing', null)).toBe(clearingBefore + 5000);

    const earnings = earningsSchema.parse((await t.call(who.session, 'GET', '/api/earnings')).json());
    expect(earnings).toMatchObject({ in_payout: 0, paid_out: 5000, available: 9500 - 5000 });
    expect(
      withdrawalSchema.parse((await t.call(who.session, 'GET', `/api/withdrawals/${withdrawal.id}`)).json()),
    ).toMatchObject({ status: 'paid', payment_reference: 'WIRE-2026-11-21' });

    // Every decision, and every look at full payout details, is on record.
    const audit = await t.pool.query<{ action_type: string }>(
      `select action_type from admin_audit_log where actor_user_id = $1 order by created_at, action_type`,
      [finance.userId],
    );
    expect(audit.rows.map((r) => r.action_type)).toEqual(
      expect.arrayContaining(['view_payout_details', 'approve_withdrawal', 'mark_withdrawal_paid']),
    );
    await expectLedgerConsistent();
  });

  it('reject gives the money back to the coach, with the reason', async () => {
    const who = await verified(await coach());
    const method = await addMethod(who.session, PAYPAL);
    const available = await earn(who.id, 3000); // 2850
    const withdrawal = withdrawalSchema.parse(
      (await withdraw(who.session, { amount: 2500, payout_method_id: method.id })).json(),
    );
    const finance = await insertAdmin(t.app, t.db, t.clock.now(), 'financial_admin');
    const empty = await decide(finance.session, withdrawal.id, 'reject', { reason: '   ' });
    expect(errorOf(empty).details?.[0]?.message).toBe('Tell the coach why the withdrawal is rejected.');

    t.clock.advance(1000); // the rejection is the newest transaction
    const rejected = await decide(finance.session, withdrawal.id, 'reject', {
      reason: 'The PayPal account could not receive payments.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(adminWithdrawalSchema.parse(rejected.json())).toMatchObject({
      status: 'rejected',
      rejection_reason: 'The PayPal account could not receive payments.',
    });
    expect(await balanceOf(t.pool, 'coach_available', who.id)).toBe(available);

    const earnings = earningsSchema.parse((await t.call(who.session, 'GET', '/api/earnings')).json());
    expect(earnings).toMatchObject({ available, in_payout: 0, paid_out: 0 });
    expect(earnings.transactions[0]).toMatchObject({
      source_type: 'withdrawal',
      source_id: withdrawal.id,
      transaction_type: 'credit',
      amount: 2500,
      description: 'Withdrawal returned (rejected: The PayPal account could not receive payments.)',
    });
    expect(
      (await decide(finance.session, withdrawal.id, 'mark-paid', { payment_reference: 'X' })).statusCode,
    ).toBe(409);
    await expectLedgerConsistent();
  });

  it('approve racing reject: exactly one outcome, every time', async () => {
    const who = await verified(await coach());
    const method = await addMethod(who.session);
    await earn(who.id, 100_000);
    const finance = await insertAdmin(t.app, t.db, t.clock.now(), 'financial_admin');
    const other = await insertAdmin(t.app, t.db, t.clock.now(), 'super_admin');
    for (let trial = 0; trial < 10; trial += 1) {
      const withdrawal = withdrawalSchema.parse(
        (await withdraw(who.session, { amount: 2000, payout_method_id: method.id })).json(),
      );
      const before = await balanceOf(t.pool, 'coach_available', who.id);
      const [approve, reject] = await Promise.all([
        wideCall(
          finance.session,
          'POST',
          `/api/admin/withdrawals/${withdrawal.id}/approve`,
          undefined,
          randomUUID(),
        ),
        wideCall(
          other.session,
          'POST',
          `/api/admin/withdrawals/${withdrawal.id}/reject`,
          { reason: 'Race' },
          randomUUID(),
        ),
      ]);
      expect([approve.statusCode, reject.statusCode].sort()).toEqual([200, 409]);
      const final = withdrawalSchema.parse(
        (await t.call(who.session, 'GET', `/api/withdrawals/${withdrawal.id}`)).json(),
      );
      if (approve.statusCode === 200) {
        expect(final.status).toBe('approved');
        expect(await balanceOf(t.pool, 'coach_available', who.id)).toBe(before);
      } else {
        expect(final.status).toBe('rejected');
        expect(await balanceOf(t.pool, 'coach_available', who.id)).toBe(before + 2000);
      }
      const rejections = await t.pool.query(
        `select 1 from ledger_transactions where kind = 'withdrawal_rejected' and reference_id = $1`,
        [withdrawal.id],
      );
      expect(rejections.rowCount).toBe(final.status === 'rejected' ? 1 : 0);
    }
    await expectLedgerConsistent();
  });

  it('only financial admins (and super admins) with the second factor see and decide', async () => {
    const who = await verified(await coach());
    const method = await addMethod(who.session);
    await earn(who.id, 3000);
    const withdrawal = withdrawalSchema.parse(
      (await withdraw(who.session, { amount: 2000, payout_method_id: method.id })).json(),
    );
    const manager = await insertAdmin(t.app, t.db, t.clock.now(), 'coach_manager');
    const moderator = await insertAdmin(t.app, t.db, t.clock.now(), 'community_moderator');
    const financeAal1 = await insertAdmin(t.app, t.db, t.clock.now(), 'financial_admin', { aal2: false });
    for (const session of [manager.session, moderator.session, who.session, financeAal1.session]) {
      expect((await t.call(session, 'GET', '/api/admin/withdrawals')).statusCode).toBe(403);
      expect((await decide(session, withdrawal.id, 'approve')).statusCode).toBe(403);
      expect((await decide(session, withdrawal.id, 'reject', { reason: 'No' })).statusCode).toBe(403);
    }
    expect((await t.call(null, 'GET', '/api/admin/withdrawals')).statusCode).toBe(401);
    const status = withdrawalSchema.parse(
      (await t.call(who.session, 'GET', `/api/withdrawals/${withdrawal.id}`)).json(),
    );
    expect(status.status).toBe('requested');

    const superAdmin = await insertAdmin(t.app, t.db, t.clock.now(), 'super_admin');
    expect((await decide(superAdmin.session, withdrawal.id, 'approve')).statusCode).toBe(200);
    expect((await decide(superAdmin.session, randomUUID(), 'approve')).statusCode).toBe(404);
  });
});

describe('the coach is told of the decision (withdrawal_decided)', () => {
  /** A verified coach with a requested withdrawal of `amount` cents, and a financial admin. */
  async function requested(amount: number) {
    const who = await verified(await coach('Nia Notified'));
    const method = await addMethod(who.session);
    await earn(who.id, 200_000);
    const withdrawal = withdrawalSchema.parse(
      (await withdraw(who.session, { amount, payout_method_id: method.id })).json(),
    );
    const finance = await insertAdmin(t.app, t.db, t.clock.now(), 'financial_admin');
    return { who, withdrawal, finance };
  }

  it('approved: which, the amount as the app writes it, and the way to Revenue, on the coach’s topic', async () => {
    const { who, withdrawal, finance } = await requested(123_456);
    expect(await notificationsOf(who.session)).toEqual([]);
    expect((await decide(finance.session, withdrawal.id, 'approve')).statusCode).toBe(200);

    const notifications = await notificationsOf(who.session);
    expect(notifications).toMatchObject([
      {
        type: 'withdrawal_decided',
        title: 'Withdrawal approved',
        message: NOTIFICATION_TEXTS.withdrawalApproved.message('$1,234.56'),
        action_text: NOTIFICATION_TEXTS.withdrawalApproved.action,
        action_url: '/manage-revenue',
      },
    ]);
    expect(notifications[0]?.message).toContain('$1,234.56');
    expect(await createdEventsOf(who.id)).toEqual([{ notification: notifications[0] }]);
    expect(await notificationsOf(finance.session)).toEqual([]);
  });

  it('rejected: the amount back in available earnings, and the reason', async () => {
    const { who, withdrawal, finance } = await requested(2500);
    const rejected = await decide(finance.session, withdrawal.id, 'reject', {
      reason: 'The bank account is closed',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await notificationsOf(who.session)).toMatchObject([
      {
        type: 'withdrawal_decided',
        title: 'Withdrawal rejected',
        message:
          'Your withdrawal of $25.00 was rejected: The bank account is closed. The amount is back in your available earnings.',
        action_url: '/manage-revenue',
      },
    ]);
  });

  it('is rolled back with the decision when the decision’s transaction fails', async () => {
    const { who, withdrawal, finance } = await requested(3000);
    const available = await balanceOf(t.pool, 'coach_available', who.id);
    const active = { userId: finance.userId, adminRole: 'financial_admin' as const };
    await expect(
      t.db.transaction(async (tx) => {
        const decided = await t.app.payouts.reject(tx, active, withdrawal.id, 'Rolled back', 'req-1');
        expect(decided.events).toHaveLength(1);
        throw new Error('the decision fails after it was written');
      }),
    ).rejects.toThrow('the decision fails after it was written');

    expect(
      withdrawalSchema.parse((await t.call(who.session, 'GET', `/api/withdrawals/${withdrawal.id}`)).json()),
    ).toMatchObject({ status: 'requested', rejection_reason: null });
    expect(await balanceOf(t.pool, 'coach_available', who.id)).toBe(available);
    expect(await notificationsOf(who.session)).toEqual([]);
    expect(await createdEventsOf(who.id)).toEqual([]);

    // The same decision, committed: one notification.
    expect((await decide(finance.session, withdrawal.id, 'reject', { reason: 'Closed' })).statusCode).toBe(
      200,
    );
    expect(await notificationsOf(who.session)).toHaveLength(1);
  });
});
