import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '#domain/clock';
import { AppError } from '#domain/errors/app-error';
import { balanceOf, insertBareUser, insertFundedUser } from '#test/factories/money';
import { useTestApp } from '#test/support/test-app';
import { connectDatabase, type DatabaseHandle } from '#server/db/client';
import { createSettlementRepository } from './settlement.repository';
import { createSettlementService, type HoldReference, type SettlementService } from './settlement.service';

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });

// A second pool wide enough for 20 truly simultaneous transactions (the test app's pool has 5).
let wide: DatabaseHandle | undefined;
let racing: SettlementService | undefined;
beforeAll(() => {
  wide = connectDatabase(t.database.url, { poolSize: 22 });
  racing = createSettlementService({
    db: wide.db,
    repository: createSettlementRepository(),
    ledger: t.app.ledger.service,
    coupons: t.app.coupons,
    clock: systemClock,
  });
});
afterAll(async () => {
  await wide?.close();
});
const race = () => {
  if (!racing) throw new Error('not ready');
  return racing;
};

const reference = (): HoldReference => ({ type: 'session_request', id: randomUUID() });
const codeOf = (reason: unknown) => (reason instanceof AppError ? reason.code : String(reason));

const fundedClient = (amount: number) => insertFundedUser(t.app, t.pool, amount);

async function insertCoupon(
  createdBy: string,
  code: string,
  discountType: 'percent' | 'fixed',
  value: number,
  maxRedemptions: number | null = null,
) {
  await t.pool.query(
    `insert into coupons (code, coach_id, created_by, discount_type, value, valid_from, max_redemptions, created_at, updated_at)
     values ($1, null, $2, $3, $4, $5, $6, $5, $5)`,
    [code, createdBy, discountType, value, new Date(t.clock.now().getTime() - 60_000), maxRedemptions],
  );
}

async function expectLedgerConsistent() {
  const report = await t.app.ledger.service.checkInvariants(t.db);
  expect(report).toMatchObject({ ok: true, unbalancedTransactions: [], negativeAccounts: [] });
}

async function postings(ref: HoldReference, kind: string) {
  const result = await t.pool.query<{ n: string }>(
    'select count(*) as n from ledger_transactions where kind = $1 and reference_type = $2 and reference_id = $3',
    [kind, ref.type, ref.id],
  );
  return Number(result.rows[0]?.n);
}

describe('quote', () => {
  it('prices from the coach profile rates, else the SPEC §9 defaults, with the discount null when 0', async () => {
    const coachId = await insertBareUser(t.pool);
    await t.pool.query(
      'insert into profiles (user_id, on_demand_text_price, on_demand_video_price) values ($1, 2000, null)',
      [coachId],
    );
    const settlement = t.app.settlement;
    expect(await settlement.quote({ coachId, format: 'text', minutes: 20 })).toEqual({
      rate: 2000,
      price: 2667,
      original_price: 2667,
      discount_amount: null,
      final: 2667,
      coupon_code: null,
      coupon_discount_type: null,
    });
    // Coupons are validated by code through the coupons service (coupons.integration.test.ts has the rest).
    await insertCoupon(coachId, 'TENOFF', 'percent', 10);
    await insertCoupon(coachId, 'BIG', 'fixed', 99_999);
    // video: default 40.00 per 15 minutes.
    const video = await settlement.quote({ coachId, format: 'video', minutes: 30, couponCode: 'tenoff' });
    expect(video).toMatchObject({ rate: 4000, price: 8000, discount_amount: 800, final: 7200 });
    expect(video).toMatchObject({ coupon_code: 'TENOFF', coupon_discount_type: 'percent' });
    const free = await settlement.quote({ coachId, format: 'audio', minutes: 15, couponCode: 'BIG' });
    expect(free).toMatchObject({
      price: 3500,
      discount_amount: 3500,
      final: 0,
      coupon_discount_type: 'fixed',
    });
    await expect(
      settlement.quote({ coachId, format: 'audio', minutes: 15, couponCode: 'NOPE1' }),
    ).rejects.toMatchObject({ code: 'COUPON_INVALID', message: "This coupon code isn't valid." });
  });

  it('a hold with a coupon records its redemption; the release gives it back in the same transaction', async () => {
    const coachId = await insertBareUser(t.pool);
    await insertCoupon(coachId, 'HOLDME', 'fixed', 500, 1);
    const clientId = await fundedClient(5_000);
    const ref = reference();
    const s = t.app.settlement;
    await s.own.hold({
      clientId,
      coachId,
      reference: ref,
      amount: 2_500,
      coupon: { code: 'HOLDME', discountAmount: 500 },
    });
    const redemption = () =>
      t.pool.query<{ status: string }>(
        'select status from coupon_redemptions where reference_type = $1 and reference_id = $2',
        [ref.type, ref.id],
      );
    expect((await redemption()).rows).toEqual([{ status: 'active' }]);
    // A release rolled back by its caller gives nothing back.
    await expect(
      t.db.transaction(async (tx) => {
        await s.release(tx, ref);
        throw new Error('the decline failed');
      }),
    ).rejects.toThrow('the decline failed');
    expect((await redemption()).rows).toEqual([{ status: 'active' }]);
    await s.own.release(ref);
    expect((await redemption()).rows).toEqual([{ status: 'released' }]);
    expect(await balanceOf(t.pool, 'client_wallet', clientId)).toBe(5_000);
    await expectLedgerConsistent();
  });

  it('answers NOT_FOUND for an unknown coach and VALIDATION_ERROR for a bad length', async () => {
    await expect(
      t.app.settlement.quote({ coachId: randomUUID(), format: 'text', minutes: 30 }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const coachId = await insertBareUser(t.pool);
    await t.pool.query('insert into profiles (user_id) values ($1)', [coachId]);
    await expect(t.app.settlement.quote({ coachId, format: 'text', minutes: 0 })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
  });
});

describe('hold, release, capture, refund', () => {
  it('moves the money exactly: hold, capture floor(95 %) / rest, partial and full refunds', async () => {
    const clientId = await fundedClient(10_000);
    const coachId = await insertBareUser(t.pool);
    const platformBefore = await balanceOf(t.pool, 'platform_revenue', null);
    const ref = reference();
    const s = t.app.settlement;

    const held = await s.own.hold({ clientId, coachId, reference: ref, amount: 3_333 });
    expect(held).toMatchObject({ status: 'held', amount: 3_333 });
    expect(await balanceOf(t.pool, 'client_wallet', clientId)).toBe(6_667);
    expect(await balanceOf(t.pool, 'client_held', clientId)).toBe(3_333);

    const captured = await s.own.capture(ref);
    // floor(3333 × 0.95) = floor(3166.35) = 3166; the platform gets 167.
    expect(captured).toMatchObject({
      status: 'captured',
      capturedCoachAmount: 3_166,
      capturedPlatformAmount: 167,
    });
    expect(await balanceOf(t.pool, 'client_held', clientId)).toBe(0);
    expect(await balanceOf(t.pool, 'coach_pending', coachId)).toBe(3_166);
    expect((await balanceOf(t.pool, 'platform_revenue', null)) - platformBefore).toBe(167);

    const first = await s.own.refund({ reference: ref, amount: 1_000, reason: 'Ended early' });
    // Coach part: floor(1000 × 3166 / 3333) = 949; the platform 51.
    expect(first).toMatchObject({ fromCoach: 949, fromPlatform: 51, hold: { refundedAmount: 1_000 } });
    await expect(s.own.refund({ reference: ref, amount: 2_334, reason: 'Too much' })).rejects.toMatchObject({
      code: 'REFUND_EXCEEDS_CAPTURED',
    });
    const rest = await s.own.refund({ reference: ref, amount: 2_333, reason: 'Rest' });
    expect(rest.fromCoach + first.fromCoach).toBe(3_166);
    expect(rest.fromPlatform + first.fromPlatform).toBe(167);
    expect(await balanceOf(t.pool, 'client_wallet', clientId)).toBe(10_000);
    expect(await balanceOf(t.pool, 'coach_pending', coachId)).toBe(0);
    expect(await balanceOf(t.pool, 'platform_revenue', null)).toBe(platformBefore);
    await expect(s.own.refund({ reference: ref, amount: 1, reason: 'More' })).rejects.toMatchObject({
      code: 'REFUND_EXCEEDS_CAPTURED',
    });
    await expectLedgerConsistent();
  });

  it('releases back to the wallet; a settled hold cannot be released, captured or refunded', async () => {
    const clientId = await fundedClient(5_000);
    const coachId = await insertBareUser(t.pool);
    const ref = reference();
    const s = t.app.settlement;
    await s.own.hold({ clientId, coachId, reference: ref, amount: 5_000 });
    await expect(s.own.hold({ clientId, coachId, reference: ref, amount: 1 })).rejects.toMatchObject({
      code: 'HOLD_ALREADY_EXISTS',
    });
    await expect(s.own.refund({ reference: ref, amount: 1, reason: 'x' })).rejects.toMatchObject({
      code: 'HOLD_NOT_CAPTURED',
    });
    expect(await s.own.release(ref)).toMatchObject({ status: 'released' });
    expect(await balanceOf(t.pool, 'client_wallet', clientId)).toBe(5_000);
    await expect(s.own.release(ref)).rejects.toMatchObject({ code: 'HOLD_ALREADY_SETTLED' });
    await expect(s.own.capture(ref)).rejects.toMatchObject({ code: 'HOLD_ALREADY_SETTLED' });
    await expect(s.own.refund({ reference: ref, amount: 1, reason: 'x' })).rejects.toMatchObject({
      code: 'HOLD_NOT_CAPTURED',
    });
    await expect(s.own.capture(reference())).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await postings(ref, 'release')).toBe(1);
    expect(await postings(ref, 'capture')).toBe(0);
    await expectLedgerConsistent();
  });

  it('refuses a hold the wallet cannot afford, leaving no hold row and no posting', async () => {
    const clientId = await fundedClient(999);
    const coachId = await insertBareUser(t.pool);
    const ref = reference();
    await expect(
      t.app.settlement.own.hold({ clientId, coachId, reference: ref, amount: 1_000 }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await t.app.settlement.findHold(ref)).toBeNull();
    expect(await postings(ref, 'hold')).toBe(0);
    await expect(
      t.app.settlement.own.hold({ clientId, coachId, reference: ref, amount: 0 }),
    ).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it("commits with the caller's transaction: when the caller rolls back, the capture never happened", async () => {
    const clientId = await fundedClient(2_000);
    const coachId = await insertBareUser(t.pool);
    const ref = reference();
    await t.app.settlement.own.hold({ clientId, coachId, reference: ref, amount: 2_000 });
    await expect(
      t.db.transaction(async (tx) => {
        await t.app.settlement.capture(tx, ref);
        throw new Error('the session could not be completed');
      }),
    ).rejects.toThrow('the session could not be completed');
    expect(await t.app.settlement.findHold(ref)).toMatchObject({ status: 'held' });
    expect(await balanceOf(t.pool, 'coach_pending', coachId)).toBe(0);
    // And a capture inside a committed transaction settles it.
    await t.db.transaction((tx) => t.app.settlement.capture(tx, ref));
    expect(await balanceOf(t.pool, 'coach_pending', coachId)).toBe(1_900);
  });

  it('a 1-cent capture gives the coach 0 and the platform 1 (no zero ledger entry)', async () => {
    const clientId = await fundedClient(1);
    const coachId = await insertBareUser(t.pool);
    const ref = reference();
    await t.app.settlement.own.hold({ clientId, coachId, reference: ref, amount: 1 });
    expect(await t.app.settlement.own.capture(ref)).toMatchObject({
      capturedCoachAmount: 0,
      capturedPlatformAmount: 1,
    });
    const refunded = await t.app.settlement.own.refund({ reference: ref, amount: 1, reason: 'Sorry' });
    expect(refunded).toMatchObject({ fromCoach: 0, fromPlatform: 1 });
    await expectLedgerConsistent();
  });
});

describe('races: a session settles once', () => {
  it('20 simultaneous holds on a wallet affording exactly one: exactly one succeeds (200 trials)', async () => {
    const coachId = await insertBareUser(t.pool);
    for (let trial = 0; trial < 200; trial += 1) {
      const clientId = await fundedClient(4_000);
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, () =>
          race().own.hold({ clientId, coachId, reference: reference(), amount: 4_000 }),
        ),
      );
      const won = results.filter((result) => result.status === 'fulfilled');
      const lost = results.flatMap((result) => (result.status === 'rejected' ? [codeOf(result.reason)] : []));
      expect(won).toHaveLength(1);
      expect(new Set(lost)).toEqual(new Set(['INSUFFICIENT_FUNDS']));
      expect(await balanceOf(t.pool, 'client_wallet', clientId)).toBe(0);
      expect(await balanceOf(t.pool, 'client_held', clientId)).toBe(4_000);
      const rows = await t.pool.query('select 1 from money_holds where client_id = $1', [clientId]);
      expect(rows.rowCount).toBe(1);
    }
    await expectLedgerConsistent();
  }, 120_000); // 200 trials: ~10 s alone, more beside other suites

  it('capture raced against release 50 times: exactly one outcome each, the ledger consistent', async () => {
    const coachId = await insertBareUser(t.pool);
    const clientId = await fundedClient(50 * 1_234);
    let captures = 0;
    for (let trial = 0; trial < 50; trial += 1) {
      const ref = reference();
      await race().own.hold({ clientId, coachId, reference: ref, amount: 1_234 });
      const order = trial % 2 === 0;
      const [a, b] = await Promise.allSettled(
        order
          ? [race().own.capture(ref), race().own.release(ref)]
          : [race().own.release(ref), race().own.capture(ref)],
      );
      const outcomes = [a, b].filter((result) => result.status === 'fulfilled');
      const losers = [a, b].flatMap((result) =>
        result.status === 'rejected' ? [codeOf(result.reason)] : [],
      );
      expect(outcomes).toHaveLength(1);
      expect(losers).toEqual(['HOLD_ALREADY_SETTLED']);
      const final = await t.app.settlement.findHold(ref);
      expect(await postings(ref, 'capture')).toBe(final?.status === 'captured' ? 1 : 0);
      expect(await postings(ref, 'release')).toBe(final?.status === 'released' ? 1 : 0);
      if (final?.status === 'captured') captures += 1;
    }
    const split = { coach: Math.floor((1_234 * 95) / 100) };
    expect(await balanceOf(t.pool, 'client_held', clientId)).toBe(0);
    expect(await balanceOf(t.pool, 'coach_pending', coachId)).toBe(captures * split.coach);
    expect(await balanceOf(t.pool, 'client_wallet', clientId)).toBe((50 - captures) * 1_234);
    await expectLedgerConsistent();
  });

  it('double capture (10 at once, 20 trials): one capture, one posting, the others HOLD_ALREADY_SETTLED', async () => {
    const coachId = await insertBareUser(t.pool);
    const clientId = await fundedClient(20 * 2_000);
    for (let trial = 0; trial < 20; trial += 1) {
      const ref = reference();
      await race().own.hold({ clientId, coachId, reference: ref, amount: 2_000 });
      const results = await Promise.allSettled(Array.from({ length: 10 }, () => race().own.capture(ref)));
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      const lost = results.flatMap((result) => (result.status === 'rejected' ? [codeOf(result.reason)] : []));
      expect(new Set(lost)).toEqual(new Set(['HOLD_ALREADY_SETTLED']));
      expect(await postings(ref, 'capture')).toBe(1);
    }
    expect(await balanceOf(t.pool, 'coach_pending', coachId)).toBe(20 * 1_900);
    await expectLedgerConsistent();
  });

  it('simultaneous refunds never exceed the captured amount', async () => {
    const coachId = await insertBareUser(t.pool);
    const clientId = await fundedClient(1_000);
    const ref = reference();
    await race().own.hold({ clientId, coachId, reference: ref, amount: 1_000 });
    await race().own.capture(ref);
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, () => race().own.refund({ reference: ref, amount: 300, reason: 'race' })),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
    expect(await balanceOf(t.pool, 'client_wallet', clientId)).toBe(900);
    expect((await t.app.settlement.findHold(ref))?.refundedAmount).toBe(900);
    await expectLedgerConsistent();
  });
});
