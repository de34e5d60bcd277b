import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthSession } from '#contracts/auth';
import {
  COUPON_INVALID_MESSAGES,
  COUPON_MESSAGES,
  couponListSchema,
  couponSchema,
  quoteSchema,
  type Coupon,
} from '#contracts/coupons';
import { AppError } from '#domain/errors/app-error';
import { insertAdmin } from '#test/factories/admin';
import { errorOf, signUpWithRole } from '#test/support/auth';
import { balanceOf, insertBareUser, insertFundedUser, topUpThroughEvent } from '#test/factories/money';
import { createTestApp } from '#test/support/app';
import { useTestApp } from '#test/support/test-app';
import { connectDatabase, type DatabaseHandle } from '#server/db/client';

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });

// A second app on a pool wide enough for 20 truly simultaneous transactions (the test app's pool has 5).
let wide: DatabaseHandle | undefined;
let racing: Awaited<ReturnType<typeof createTestApp>> | undefined;
beforeAll(async () => {
  wide = connectDatabase(t.database.url, { poolSize: 22 });
  racing = await createTestApp(wide.db);
});
afterAll(async () => {
  await racing?.app.close();
  await wide?.close();
});
/** The racing app's settlement, its clock set to the test app's (coupon windows are relative to it). */
const race = () => {
  if (!racing) throw new Error('not ready');
  racing.clock.set(t.clock.now());
  return racing.app.settlement;
};

let sequence = 0;
/** A code no other test of this file uses. */
const uniqueCode = (prefix = 'C') => `${prefix}${(sequence += 1)}-${randomUUID().slice(0, 8)}`.toUpperCase();
const reference = () => ({ type: 'session_request', id: randomUUID() });
const codeOf = (reason: unknown) => (reason instanceof AppError ? reason.code : String(reason));
const minutesFromNow = (minutes: number) => new Date(t.clock.now().getTime() + minutes * 60_000);

/** A coupon row straight into the table (for services and races; the API is tested on its own). */
async function insertCoupon(values: {
  code?: string;
  coachId?: string | null;
  createdBy: string;
  discountType?: 'percent' | 'fixed';
  value?: number;
  validFrom?: Date;
  validUntil?: Date | null;
  maxRedemptions?: number | null;
  maxRedemptionsPerClient?: number | null;
  active?: boolean;
}) {
  const code = values.code ?? uniqueCode();
  const now = t.clock.now();
  await t.pool.query(
    `insert into coupons (code, coach_id, created_by, discount_type, value, valid_from, valid_until,
       max_redemptions, max_redemptions_per_client, active, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)`,
    [
      code,
      values.coachId ?? null,
      values.createdBy,
      values.discountType ?? 'percent',
      values.value ?? 10,
      values.validFrom ?? new Date(now.getTime() - 60_000),
      values.validUntil ?? null,
      values.maxRedemptions ?? null,
      values.maxRedemptionsPerClient ?? null,
      values.active ?? true,
      now,
    ],
  );
  return code;
}

async function redemptionsOf(code: string) {
  const result = await t.pool.query<{ status: string; client_id: string; discount_amount: string }>(
    `select r.status, r.client_id, r.discount_amount from coupon_redemptions r
       join coupons c on c.id = r.coupon_id where c.code = $1`,
    [code],
  );
  return result.rows;
}

const fundedClient = (amount: number) => insertFundedUser(t.app, t.pool, amount);

const person = (role: 'client' | 'coach' | null) =>
  signUpWithRole(t.app, role, { fullName: `Coupons ${role ?? 'nobody'}` });

async function createCoupon(session: AuthSession, body: object, url = '/api/coupons'): Promise<Coupon> {
  const response = await t.call(session, 'POST', url, body);
  expect(response.statusCode, response.body).toBe(201);
  return couponSchema.parse(response.json());
}

const quoteUrl = (coachId: string, query: string) => `/api/coaches/${coachId}/quote?${query}`;

async function quote(session: AuthSession, coachId: string, query: string) {
  const response = await t.call(session, 'GET', quoteUrl(coachId, query));
  expect(response.statusCode, response.body).toBe(200);
  return quoteSchema.parse(response.json());
}

async function quoteError(session: AuthSession, coachId: string, query: string) {
  const response = await t.call(session, 'GET', quoteUrl(coachId, query));
  return { status: response.statusCode, ...errorOf(response) };
}

describe('coach coupons: create, list, update', () => {
  it('a coach creates coupons (code upper-cased) and lists them with their uses', async () => {
    const coach = await person('coach');
    const created = await createCoupon(coach, {
      code: '  spring-20 ',
      discount_type: 'percent',
      value: 20,
      max_redemptions: 10,
      max_redemptions_per_client: 1,
    });
    expect(created).toMatchObject({
      code: 'SPRING-20',
      coach_id: coach.user.id,
      discount_type: 'percent',
      value: 20,
      valid_from: t.clock.now().toISOString(),
      valid_until: null,
      max_redemptions: 10,
      max_redemptions_per_client: 1,
      active: true,
      uses: 0,
      terms_locked: false,
    });
    const fixed = await createCoupon(coach, {
      code: 'FIVE_OFF',
      discount_type: 'fixed',
      value: 500,
      valid_until: minutesFromNow(60 * 24 * 30).toISOString(),
    });
    const list = couponListSchema.parse((await t.call(coach, 'GET', '/api/coupons')).json());
    expect(new Set(list.coupons.map((coupon) => coupon.id))).toEqual(new Set([fixed.id, created.id]));
    expect(list.coupons.find((coupon) => coupon.id === fixed.id)).toMatchObject({
      code: 'FIVE_OFF',
      discount_type: 'fixed',
      value: 500,
      uses: 0,
    });
    // Another coach sees only their own.
    const other = await person('coach');
    expect(couponListSchema.parse((await t.call(other, 'GET', '/api/coupons')).json()).coupons).toEqual([]);
  });

  it('codes are unique platform-wide, whatever the case: 409 "This code is already taken."', async () => {
    const first = await person('coach');
    const second = await person('coach');
    await createCoupon(first, { code: 'WELCOME10', discount_type: 'percent', value: 10 });
    const taken = await t.call(second, 'POST', '/api/coupons', {
      code: 'welcome10',
      discount_type: 'fixed',
      value: 100,
    });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toMatchObject({ code: 'CONFLICT', message: COUPON_MESSAGES.codeTaken });
    // Renaming onto a taken code is refused the same way.
    const mine = await createCoupon(second, { code: 'MINE-1', discount_type: 'percent', value: 5 });
    const rename = await t.call(second, 'PATCH', `/api/coupons/${mine.id}`, { code: 'Welcome10' });
    expect(rename.statusCode).toBe(409);
    expect(errorOf(rename).message).toBe(COUPON_MESSAGES.codeTaken);
  });

  it('explains every invalid field with a sentence', async () => {
    const coach = await person('coach');
    const cases: [object, string, string][] = [
      [{ code: 'ab', discount_type: 'percent', value: 10 }, 'body.code', COUPON_MESSAGES.code],
      [{ code: 'HAS SPACE', discount_type: 'percent', value: 10 }, 'body.code', COUPON_MESSAGES.code],
      [{ code: 'OK-CODE', discount_type: 'percent', value: 150 }, 'body.value', COUPON_MESSAGES.percent],
      [{ code: 'OK-CODE', discount_type: 'percent', value: 0 }, 'body.value', COUPON_MESSAGES.percent],
      [{ code: 'OK-CODE', discount_type: 'fixed', value: 0 }, 'body.value', COUPON_MESSAGES.fixed],
      [{ code: 'OK-CODE', discount_type: 'fixed', value: 2.5 }, 'body.value', COUPON_MESSAGES.value],
      [{ code: 'OK-CODE', discount_type: 'gift', value: 5 }, 'body.discount_type', COUPON_MESSAGES.type],
      [
        { code: 'OK-CODE', discount_type: 'fixed', value: 5, max_redemptions: 0 },
        'body.max_redemptions',
        COUPON_MESSAGES.maxRedemptions,
      ],
      [
        {
          code: 'OK-CODE',
          discount_type: 'fixed',
          value: 5,
          max_redemptions: 2,
          max_redemptions_per_client: 3,
        },
        'body.max_redemptions_per_client',
        COUPON_MESSAGES.perClientAboveTotal,
      ],
      [
        {
          code: 'OK-CODE',
          discount_type: 'fixed',
          value: 5,
          valid_from: minutesFromNow(120).toISOString(),
          valid_until: minutesFromNow(60).toISOString(),
        },
        'body.valid_until',
        COUPON_MESSAGES.window,
      ],
      [
        { code: 'OK-CODE', discount_type: 'fixed', value: 5, valid_until: minutesFromNow(-1).toISOString() },
        'body.valid_until',
        COUPON_MESSAGES.endInPast,
      ],
      [
        { code: 'OK-CODE', discount_type: 'fixed', value: 5, valid_from: 'tomorrow' },
        'body.valid_from',
        COUPON_MESSAGES.date,
      ],
    ];
    for (const [body, path, message] of cases) {
      const response = await t.call(coach, 'POST', '/api/coupons', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).details, JSON.stringify(body)).toContainEqual({ path, message });
    }
    expect(couponListSchema.parse((await t.call(coach, 'GET', '/api/coupons')).json()).coupons).toEqual([]);
  });

  it('only coaches manage coupons; another coach\u2019s coupon answers 404', async () => {
    const coach = await person('coach');
    const mine = await createCoupon(coach, { code: uniqueCode('OWN'), discount_type: 'percent', value: 10 });
    const client = await person('client');
    const nobody = await person(null);
    const body = { code: uniqueCode('X'), discount_type: 'percent', value: 10 };
    for (const session of [client, nobody]) {
      const refused = await t.call(session, 'POST', '/api/coupons', body);
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused).message).toBe(COUPON_MESSAGES.coachOnly);
      expect((await t.call(session, 'GET', '/api/coupons')).statusCode).toBe(403);
      expect((await t.call(session, 'PATCH', `/api/coupons/${mine.id}`, { active: false })).statusCode).toBe(
        404,
      );
    }
    expect((await t.call(null, 'POST', '/api/coupons', body)).statusCode).toBe(401);
    const other = await person('coach');
    const edit = await t.call(other, 'PATCH', `/api/coupons/${mine.id}`, { active: false, value: 99 });
    expect(edit.statusCode).toBe(404);
    expect(errorOf(edit).message).toBe(COUPON_MESSAGES.notFound);
    // A coach's coupon is not a platform coupon either.
    const admin = await insertAdmin(t.app, t.db, t.clock.now(), 'financial_admin');
    expect(
      (await t.call(admin.session, 'PATCH', `/api/admin/coupons/${mine.id}`, { active: false })).statusCode,
    ).toBe(404);
    const unchanged = couponListSchema.parse((await t.call(coach, 'GET', '/api/coupons')).json()).coupons;
    expect(unchanged[0]).toMatchObject({ id: mine.id, active: true, value: 10 });
  });

  it('updates active, dates and limits; code, type and value freeze once redeemed', async () => {
    const coach = await person('coach');
    const coupon = await createCoupon(coach, {
      code: uniqueCode('EDIT'),
      discount_type: 'percent',
      value: 10,
    });
    const paused = await t.call(coach, 'PATCH', `/api/coupons/${coupon.id}`, {
      active: false,
      max_redemptions: 5,
      valid_until: minutesFromNow(600).toISOString(),
    });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(couponSchema.parse(paused.json())).toMatchObject({
      active: false,
      max_redemptions: 5,
      valid_until: minutesFromNow(600).toISOString(),
    });
    // Before any use the terms may change.
    const renamed = await t.call(coach, 'PATCH', `/api/coupons/${coupon.id}`, {
      code: `${coupon.code}-B`.slice(0, 32),
      discount_type: 'fixed',
      value: 700,
      active: true,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const current = couponSchema.parse(renamed.json());
    expect(current).toMatchObject({ discount_type: 'fixed', value: 700, active: true });
    // A merged result must still make sense: a fixed 700 cannot become a 700 %.
    const percent = await t.call(coach, 'PATCH', `/api/coupons/${coupon.id}`, { discount_type: 'percent' });
    expect(percent.statusCode).toBe(400);
    expect(errorOf(percent).details).toContainEqual({ path: 'body.value', message: COUPON_MESSAGES.percent });

    const clientId = await fundedClient(10_000);
    await t.app.settlement.own.hold({
      clientId,
      coachId: coach.user.id,
      reference: reference(),
      amount: 3_300,
      coupon: { code: current.code, discountAmount: 700 },
    });
    const locked = await t.call(coach, 'PATCH', `/api/coupons/${coupon.id}`, { value: 800 });
    expect(locked.statusCode).toBe(409);
    expect(errorOf(locked).message).toBe(COUPON_MESSAGES.termsLocked);
    // Re-sending the same terms is not a change; the other fields still are editable.
    const same = await t.call(coach, 'PATCH', `/api/coupons/${coupon.id}`, {
      code: current.code,
      value: 700,
      max_redemptions: null,
      valid_until: null,
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(couponSchema.parse(same.json())).toMatchObject({
      uses: 1,
      terms_locked: true,
      max_redemptions: null,
      valid_until: null,
    });
  });
});

describe('validation: each reason has its own message', () => {
  it('unknown, paused, not yet valid, expired, another coach, used up, already used', async () => {
    const coach = await person('coach');
    const otherCoach = await person('coach');
    const client = await person('client');
    const coachId = coach.user.id;
    const ask = (code: string, who: AuthSession = client, coach_ = coachId) =>
      quoteError(who, coach_, `format=video&minutes=30&coupon=${encodeURIComponent(code)}`);
    const expectInvalid = async (code: string, message: string, who?: AuthSession, forCoach?: string) => {
      const answer = await ask(code, who, forCoach);
      expect(answer, code).toMatchObject({ status: 422, code: 'COUPON_INVALID', message });
    };

    await expectInvalid('NO-SUCH-CODE', COUPON_INVALID_MESSAGES.unknown);
    await expectInvalid('!!', COUPON_INVALID_MESSAGES.unknown);
    const paused = await insertCoupon({ createdBy: coachId, coachId, active: false });
    await expectInvalid(paused, COUPON_INVALID_MESSAGES.unknown);

    const soon = await insertCoupon({ createdBy: coachId, coachId, validFrom: minutesFromNow(2) });
    const ending = await insertCoupon({
      createdBy: coachId,
      coachId,
      validFrom: minutesFromNow(-10),
      validUntil: minutesFromNow(2),
    });
    await expectInvalid(soon, COUPON_INVALID_MESSAGES.notYetValid);
    expect((await quote(client, coachId, `format=video&minutes=30&coupon=${ending}`)).coupon_code).toBe(
      ending,
    );
    t.clock.advance(2 * 60_000);
    // valid_from is inclusive, valid_until exclusive.
    expect((await quote(client, coachId, `format=video&minutes=30&coupon=${soon}`)).coupon_code).toBe(soon);
    await expectInvalid(ending, COUPON_INVALID_MESSAGES.expired);

    const coachOwn = await insertCoupon({ createdBy: coachId, coachId });
    await expectInvalid(coachOwn, COUPON_INVALID_MESSAGES.otherCoach, client, otherCoach.user.id);

    // Used up: the total limit counts active redemptions of every client.
    const once = await insertCoupon({ createdBy: coachId, coachId, maxRedemptions: 1 });
    const someoneElse = await fundedClient(10_000);
    const ref = reference();
    await t.app.settlement.own.hold({
      clientId: someoneElse,
      coachId,
      reference: ref,
      amount: 7_200,
      coupon: { code: once, discountAmount: 800 },
    });
    await expectInvalid(once, COUPON_INVALID_MESSAGES.usedUp);

    // Already used: the per-client limit counts this client's active redemptions only.
    const perClient = await insertCoupon({ createdBy: coachId, coachId, maxRedemptionsPerClient: 1 });
    const { result } = await topUpThroughEvent(t.app, t.pool, client.user.id, 20_000);
    expect(result.outcome).toBe('applied');
    const clientRef = reference();
    await t.app.settlement.own.hold({
      clientId: client.user.id,
      coachId,
      reference: clientRef,
      amount: 7_200,
      coupon: { code: perClient, discountAmount: 800 },
    });
    await expectInvalid(perClient, COUPON_INVALID_MESSAGES.alreadyUsed);
    const another = await person('client');
    expect((await quote(another, coachId, `format=video&minutes=30&coupon=${perClient}`)).coupon_code).toBe(
      perClient,
    );

    // Release gives the use back: the request was declined.
    await t.app.settlement.own.release(ref);
    await t.app.settlement.own.release(clientRef);
    expect((await quote(client, coachId, `format=video&minutes=30&coupon=${once}`)).coupon_code).toBe(once);
    expect((await quote(client, coachId, `format=video&minutes=30&coupon=${perClient}`)).coupon_code).toBe(
      perClient,
    );
    expect((await redemptionsOf(once)).map((row) => row.status)).toEqual(['released']);
  });

  it('the service answers the same reasons (the sessions capability calls it directly)', async () => {
    const coachId = await insertBareUser(t.pool);
    const code = await insertCoupon({ createdBy: coachId, coachId, validUntil: minutesFromNow(1) });
    const coupons = t.app.coupons;
    expect(await coupons.validate(t.db, { code: code.toLowerCase(), coachId })).toMatchObject({
      code,
      discountType: 'percent',
      value: 10,
    });
    t.clock.advance(60_000);
    await expect(coupons.validate(t.db, { code, coachId })).rejects.toMatchObject({
      code: 'COUPON_INVALID',
      message: COUPON_INVALID_MESSAGES.expired,
    });
  });
});

describe('quote: percent and fixed discounts', () => {
  it('computes price, discount (never above the price) and final (never below 0)', async () => {
    const coach = await person('coach');
    const coachId = coach.user.id;
    const client = await person('client');
    await t.pool.query('update profiles set on_demand_text_price = 2000 where user_id = $1', [coachId]);
    const admin = await insertAdmin(t.app, t.db, t.clock.now(), 'financial_admin');
    const percent = await createCoupon(coach, { code: uniqueCode('P'), discount_type: 'percent', value: 15 });
    const fixed = await createCoupon(coach, { code: uniqueCode('F'), discount_type: 'fixed', value: 500 });
    const huge = await createCoupon(coach, { code: uniqueCode('H'), discount_type: 'fixed', value: 99_999 });
    const all = await createCoupon(
      admin.session,
      { code: uniqueCode('ALL'), discount_type: 'percent', value: 100 },
      '/api/admin/coupons',
    );

    expect(await quote(client, coachId, 'format=text&minutes=20')).toEqual({
      rate: 2000,
      price: 2667,
      original_price: 2667,
      discount_amount: null,
      final: 2667,
      coupon_code: null,
      coupon_discount_type: null,
    });
    // A blank coupon is no coupon.
    expect((await quote(client, coachId, 'format=text&minutes=20&coupon=')).coupon_code).toBeNull();
    // 15 % of 26.67 = 4.0005 -> 4.00 (the one rounding rule); the code may be typed in any case.
    expect(
      await quote(
        client,
        coachId,
        `format=text&minutes=20&coupon=${encodeURIComponent(` ${percent.code.toLowerCase()} `)}`,
      ),
    ).toEqual({
      rate: 2000,
      price: 2667,
      original_price: 2667,
      discount_amount: 400,
      final: 2267,
      coupon_code: percent.code,
      coupon_discount_type: 'percent',
    });
    expect(await quote(client, coachId, `format=video&minutes=30&coupon=${fixed.code}`)).toMatchObject({
      rate: 4000,
      price: 8000,
      discount_amount: 500,
      final: 7500,
      coupon_code: fixed.code,
      coupon_discount_type: 'fixed',
    });
    expect(await quote(client, coachId, `format=audio&minutes=15&coupon=${huge.code}`)).toMatchObject({
      price: 3500,
      discount_amount: 3500,
      final: 0,
    });
    // A platform coupon works with every coach.
    expect(await quote(client, coachId, `format=audio&minutes=45&coupon=${all.code}`)).toMatchObject({
      price: 10_500,
      discount_amount: 10_500,
      final: 0,
      coupon_code: all.code,
    });
  });

  it('404 for an unknown coach or someone who is not a coach; 401 signed out; 400 for a bad length', async () => {
    const client = await person('client');
    expect((await quoteError(client, randomUUID(), 'format=video&minutes=30')).status).toBe(404);
    const notCoach = await person('client');
    expect(await quoteError(client, notCoach.user.id, 'format=video&minutes=30')).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
    const coach = await person('coach');
    expect((await t.call(null, 'GET', quoteUrl(coach.user.id, 'format=video&minutes=30'))).statusCode).toBe(
      401,
    );
    for (const query of ['format=video&minutes=0', 'format=video&minutes=abc', 'format=fax&minutes=30']) {
      expect((await quoteError(client, coach.user.id, query)).status, query).toBe(400);
    }
  });
});

describe('redemptions with holds', () => {
  it('a refused coupon leaves no hold, a failed hold leaves no redemption; capture keeps it', async () => {
    const coachId = await insertBareUser(t.pool);
    const otherCoach = await insertBareUser(t.pool);
    const code = await insertCoupon({ createdBy: coachId, coachId, discountType: 'fixed', value: 1_000 });
    const poor = await fundedClient(100);
    const ref = reference();
    await expect(
      t.app.settlement.own.hold({
        clientId: poor,
        coachId,
        reference: ref,
        amount: 2_000,
        coupon: { code, discountAmount: 1_000 },
      }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await redemptionsOf(code)).toEqual([]);
    expect(await t.app.settlement.findHold(ref)).toBeNull();

    const client = await fundedClient(10_000);
    const wrongCoach = reference();
    await expect(
      t.app.settlement.own.hold({
        clientId: client,
        coachId: otherCoach,
        reference: wrongCoach,
        amount: 2_000,
        coupon: { code, discountAmount: 1_000 },
      }),
    ).rejects.toMatchObject({ code: 'COUPON_INVALID', message: COUPON_INVALID_MESSAGES.otherCoach });
    expect(await t.app.settlement.findHold(wrongCoach)).toBeNull();
    expect(await balanceOf(t.pool, 'client_wallet', client)).toBe(10_000);
    // A fixed coupon cannot be made to take off more than it gives.
    await expect(
      t.app.settlement.own.hold({
        clientId: client,
        coachId,
        reference: reference(),
        amount: 2_000,
        coupon: { code, discountAmount: 1_001 },
      }),
    ).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });

    const good = reference();
    await t.app.settlement.own.hold({
      clientId: client,
      coachId,
      reference: good,
      amount: 2_000,
      coupon: { code, discountAmount: 1_000 },
    });
    expect(await redemptionsOf(code)).toEqual([
      { status: 'active', client_id: client, discount_amount: '1000' },
    ]);
    expect(await t.app.coupons.findRedemption(good)).toMatchObject({
      referenceId: good.id,
      status: 'active',
    });
    await t.app.settlement.own.capture(good);
    expect((await redemptionsOf(code)).map((row) => row.status)).toEqual(['active']);
    // Releasing a reference without a coupon is a no-op for coupons.
    expect(await t.db.transaction((tx) => t.app.coupons.releaseFor(tx, reference()))).toBe(false);
  });

  it('a platform coupon works with any coach; a coach coupon only with its coach', async () => {
    const [coachA, coachB] = [await insertBareUser(t.pool), await insertBareUser(t.pool)];
    const platform = await insertCoupon({ createdBy: coachA, coachId: null });
    const own = await insertCoupon({ createdBy: coachA, coachId: coachA });
    const client = await fundedClient(10_000);
    for (const coachId of [coachA, coachB])
      await t.app.settlement.own.hold({
        clientId: client,
        coachId,
        reference: reference(),
        amount: 1_000,
        coupon: { code: platform, discountAmount: 100 },
      });
    expect(await redemptionsOf(platform)).toHaveLength(2);
    await expect(
      t.app.coupons.validate(t.db, { code: own, coachId: coachB, clientId: client }),
    ).rejects.toMatchObject({ message: COUPON_INVALID_MESSAGES.otherCoach });
    expect(
      await t.app.coupons.validate(t.db, { code: own, coachId: coachA, clientId: client }),
    ).toMatchObject({
      code: own,
    });
  });

  it('20 simultaneous holds on a coupon with one use left: exactly one redemption (10 trials)', async () => {
    const coachId = await insertBareUser(t.pool);
    const clients = await Promise.all(Array.from({ length: 20 }, () => fundedClient(10 * 1_000)));
    for (let trial = 0; trial < 10; trial += 1) {
      const code = await insertCoupon({ createdBy: coachId, coachId, maxRedemptions: 1 });
      const refs = clients.map(() => reference());
      const results = await Promise.allSettled(
        clients.map((clientId, index) =>
          race().own.hold({
            clientId,
            coachId,
            reference: refs[index] ?? reference(),
            amount: 900,
            coupon: { code, discountAmount: 100 },
          }),
        ),
      );
      const won = results.filter((result) => result.status === 'fulfilled');
      const lost = results.flatMap((result) => (result.status === 'rejected' ? [codeOf(result.reason)] : []));
      expect(won).toHaveLength(1);
      expect(new Set(lost)).toEqual(new Set(['COUPON_INVALID']));
      const rows = await redemptionsOf(code);
      expect(rows).toHaveLength(1);
      const holds = await t.pool.query('select 1 from money_holds where reference_id = any($1::text[])', [
        refs.map((ref) => ref.id),
      ]);
      expect(holds.rowCount).toBe(1);
    }
    const held = await Promise.all(clients.map((clientId) => balanceOf(t.pool, 'client_held', clientId)));
    expect(held.reduce((sum, amount) => sum + amount, 0)).toBe(10 * 900);
  });

  it('20 simultaneous holds by one client on a once-per-client coupon: exactly one (10 trials)', async () => {
    const coachId = await insertBareUser(t.pool);
    for (let trial = 0; trial < 10; trial += 1) {
      const clientId = await fundedClient(20 * 1_000);
      const code = await insertCoupon({ createdBy: coachId, coachId: null, maxRedemptionsPerClient: 1 });
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, () =>
          race().own.hold({
            clientId,
            coachId,
            reference: reference(),
            amount: 1_000,
            coupon: { code, discountAmount: 50 },
          }),
        ),
      );
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      const lost = results.flatMap((result) => (result.status === 'rejected' ? [codeOf(result.reason)] : []));
      expect(new Set(lost)).toEqual(new Set(['COUPON_INVALID']));
      expect(await redemptionsOf(code)).toHaveLength(1);
      expect(await balanceOf(t.pool, 'client_held', clientId)).toBe(1_000);
    }
    const report = await t.app.ledger.service.checkInvariants(t.db);
    expect(report.ok).toBe(true);
  });
});

describe('platform coupons (financial admins)', () => {
  it('financial admins list, create and update them, every change audit-logged', async () => {
    const admin = await insertAdmin(t.app, t.db, t.clock.now(), 'financial_admin');
    const created = await createCoupon(
      admin.session,
      { code: uniqueCode('PLAT'), discount_type: 'fixed', value: 1_500, max_redemptions: 100 },
      '/api/admin/coupons',
    );
    expect(created).toMatchObject({ coach_id: null, value: 1_500, uses: 0 });
    const updated = await t.call(admin.session, 'PATCH', `/api/admin/coupons/${created.id}`, {
      active: false,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(couponSchema.parse(updated.json()).active).toBe(false);
    const list = couponListSchema.parse((await t.call(admin.session, 'GET', '/api/admin/coupons')).json());
    expect(list.coupons.every((coupon) => coupon.coach_id === null)).toBe(true);
    expect(list.coupons.map((coupon) => coupon.id)).toContain(created.id);
    const audit = await t.pool.query<{ action_type: string; target_id: string; details: { code: string } }>(
      `select action_type, target_id, details from admin_audit_log where actor_user_id = $1 order by action_type`, // one clock instant: by name
      [admin.userId],
    );
    expect(audit.rows.map((row) => [row.action_type, row.target_id, row.details.code])).toEqual([
      ['create_platform_coupon', created.id, created.code],
      ['update_platform_coupon', created.id, created.code],
    ]);
    // A platform coupon is not in any coach's list.
    const coach = await person('coach');
    const own = couponListSchema.parse((await t.call(coach, 'GET', '/api/coupons')).json());
    expect(own.coupons.map((coupon) => coupon.id)).not.toContain(created.id);
  });

  it('other admins, aal1 admins, coaches and clients are refused', async () => {
    const body = { code: uniqueCode('NOPE'), discount_type: 'percent', value: 10 };
    const manager = await insertAdmin(t.app, t.db, t.clock.now(), 'coach_manager');
    const aal1 = await insertAdmin(t.app, t.db, t.clock.now(), 'super_admin', { aal2: false });
    const coach = await person('coach');
    for (const session of [manager.session, coach]) {
      expect((await t.call(session, 'GET', '/api/admin/coupons')).statusCode).toBe(403);
      expect((await t.call(session, 'POST', '/api/admin/coupons', body)).statusCode).toBe(403);
    }
    const insufficient = await t.call(aal1.session, 'POST', '/api/admin/coupons', body);
    expect(insufficient.statusCode).toBe(403);
    expect(errorOf(insufficient).code).toBe('INSUFFICIENT_AAL');
    const superAdmin = await insertAdmin(t.app, t.db, t.clock.now(), 'super_admin');
    await createCoupon(superAdmin.session, body, '/api/admin/coupons');
  });
});
