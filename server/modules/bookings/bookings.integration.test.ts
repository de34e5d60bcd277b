import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  bookingQuoteSchema,
  bookingSchema,
  joinedBookingSchema,
  myBookingsSchema,
} from '#contracts/bookings';
import { chatSessionSchema } from '#contracts/sessions';
import { slotsSchema } from '#contracts/scheduling';
import { balanceOf } from '#test/factories/money';
import { insertClient, insertCoach, type TestClient, type TestCoach } from '#test/factories/people';
import { errorOf, signIn } from '#test/support/auth';
import { useTestApp } from '#test/support/test-app';

/** The test clock starts on Saturday 21 November 2026, 09:00 UTC (test/support/app.ts). */
const t = useTestApp({ RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' });

/** Monday to Friday 09:00–17:00 in the coach's zone. */
const WORKDAYS = [[], ...Array.from({ length: 5 }, () => [{ start: '09:00', end: '17:00' }]), []];

/** A coach in New York with workday hours (15 minutes kept after each session) and one 60-minute video service. */
async function coachWithService(options: { price?: number; spotsLeft?: number | null } = {}) {
  const coach = await insertCoach(t.app, t.pool);
  await t.pool.query(`update profiles set time_zone = 'America/New_York' where user_id = $1`, [coach.id]);
  const saved = await t.call(coach.session, 'PUT', '/api/me/availability', {
    weekly: WORKDAYS,
    overrides: [],
    buffer_before_minutes: 0,
    buffer_after_minutes: 15,
    minimum_notice_minutes: 720,
    horizon_days: 60,
    daily_maximum: null,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const service = await t.pool.query<{ id: string }>(
    `insert into services (coach_id, title, format, price, duration, spots_left)
     values ($1, 'Life Clarity Session', 'video', $2, 60, $3) returning id`,
    [coach.id, options.price ?? 8_500, options.spotsLeft ?? null],
  );
  return { coach, serviceId: service.rows[0]!.id };
}

/** Monday 23 November 2026, 10:00 in New York (15:00 UTC): inside the hours, past the 12 h notice. */
const MONDAY_TEN = '2026-11-23T15:00:00.000Z';

const book = (client: TestClient | TestCoach, body: object, key: string = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: { authorization: `Bearer ${client.session.access_token}`, 'idempotency-key': key },
    payload: { time_zone: 'Europe/Berlin', purpose: 'Find my focus again', ...body },
  });

async function serviceCounts(serviceId: string) {
  const result = await t.pool.query<{ booking_count: number; spots_left: number | null }>(
    'select booking_count, spots_left from services where id = $1',
    [serviceId],
  );
  return result.rows[0];
}

async function holdsOf(referenceId: string) {
  const result = await t.pool.query<{ status: string; amount: string }>(
    `select status, amount from money_holds where reference_type = 'booking' and reference_id = $1`,
    [referenceId],
  );
  return result.rows.map((row) => ({ status: row.status, amount: Number(row.amount) }));
}

describe('booking a service at a time', () => {
  it('holds the price, counts the spot, tells the coach; a replay of the same key books nothing more', async () => {
    const { coach, serviceId } = await coachWithService({ spotsLeft: 3 });
    const client = await insertClient(t.app, t.pool, 10_000);
    const slots = slotsSchema.parse(
      (
        await t.call(
          null,
          'GET',
          `/api/coaches/${coach.id}/slots?duration=60&from=2026-11-23T00:00:00Z&to=2026-11-24T00:00:00Z`,
        )
      ).json(),
    );
    expect(slots.slots[0]?.start).toBe('2026-11-23T14:00:00.000Z');

    const key = randomUUID();
    const response = await book(client, { service_id: serviceId, scheduled_at: MONDAY_TEN }, key);
    expect(response.statusCode, response.body).toBe(201);
    const booking = bookingSchema.parse(response.json());
    expect(booking).toMatchObject({
      coach_id: coach.id,
      client_id: client.id,
      title: 'Life Clarity Session',
      format: 'video',
      duration_minutes: 60,
      scheduled_at: MONDAY_TEN,
      ends_at: '2026-11-23T16:00:00.000Z',
      coach_time_zone: 'America/New_York',
      client_time_zone: 'Europe/Berlin',
      price: 8_500,
      status: 'confirmed',
    });
    expect(await holdsOf(booking.id)).toEqual([{ status: 'held', amount: 8_500 }]);
    expect(await balanceOf(t.pool, 'client_wallet', client.id)).toBe(1_500);
    expect(await serviceCounts(serviceId)).toEqual({ booking_count: 1, spots_left: 2 });
    const notice = await t.pool.query<{ title: string; message: string }>(
      `select title, message from notifications where user_id = $1 and type = 'booking_made'`,
      [coach.id],
    );
    // The coach reads the time in their own zone.
    expect(notice.rows).toEqual([
      { title: `${client.fullName} booked Life Clarity Session`, message: 'Mon 23 Nov, 10:00 EST' },
    ]);

    const replay = await book(client, { service_id: serviceId, scheduled_at: MONDAY_TEN }, key);
    expect(replay.statusCode).toBe(201);
    expect(bookingSchema.parse(replay.json()).id).toBe(booking.id);
    expect(await serviceCounts(serviceId)).toEqual({ booking_count: 1, spots_left: 2 });

    // The slot is gone from the calendar, and the 15 minutes after it too.
    const after = slotsSchema.parse(
      (
        await t.call(
          null,
          'GET',
          `/api/coaches/${coach.id}/slots?duration=60&from=2026-11-23T00:00:00Z&to=2026-11-24T00:00:00Z`,
        )
      ).json(),
    );
    expect(after.slots.map((slot) => slot.start)).not.toContain(MONDAY_TEN);
    expect(after.slots.map((slot) => slot.start)).not.toContain('2026-11-23T16:00:00.000Z');
    expect(after.slots.map((slot) => slot.start)).toContain('2026-11-23T16:30:00.000Z');
  });

  it('20 clients booking one time at once: exactly one gets it, the others are told it was taken and offered the next', async () => {
    const { coach, serviceId } = await coachWithService();
    const clients = await Promise.all(Array.from({ length: 20 }, () => insertClient(t.app, t.pool, 10_000)));
    const responses = await Promise.all(
      clients.map((client) => book(client, { service_id: serviceId, scheduled_at: MONDAY_TEN })),
    );
    const won = responses.filter((response) => response.statusCode === 201);
    const lost = responses.filter((response) => response.statusCode !== 201);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    for (const response of lost) {
      expect(response.statusCode, response.body).toBe(409);
      const error = errorOf(response);
      expect(error.code).toBe('SLOT_UNAVAILABLE');
      // The next free times, in the client's zone (Berlin): after the winner's hour and its 15
      // minutes, 11:30 in New York is 17:30 in Berlin.
      expect(error.message).toBe(
        'That time was just taken. Next free: Mon 23 Nov, 17:30 CET; Mon 23 Nov, 18:00 CET; Mon 23 Nov, 18:30 CET.',
      );
    }
    const rows = await t.pool.query<{ client_id: string }>(
      `select client_id from bookings where coach_id = $1`,
      [coach.id],
    );
    expect(rows.rows).toHaveLength(1);
    const winner = bookingSchema.parse(won[0]!.json());
    const held = await t.pool.query<{ count: string }>(
      `select count(*) from money_holds where reference_type = 'booking' and coach_id = $1`,
      [coach.id],
    );
    expect(Number(held.rows[0]!.count)).toBe(1);
    for (const client of clients)
      expect(await balanceOf(t.pool, 'client_wallet', client.id)).toBe(
        client.id === winner.client_id ? 1_500 : 10_000,
      );
    expect(await serviceCounts(serviceId)).toEqual({ booking_count: 1, spots_left: null });
  });

  it('the database refuses two overlapping bookings of one coach, buffers included, whatever wrote them', async () => {
    const { coach, serviceId } = await coachWithService();
    const client = await insertClient(t.app, t.pool, 10_000);
    expect((await book(client, { service_id: serviceId, scheduled_at: MONDAY_TEN })).statusCode).toBe(201);
    // 11:05 New York starts inside the first booking's 15 minutes after (it ends 11:00).
    await expect(
      t.pool.query(
        `insert into bookings (service_id, coach_id, client_id, client_name, title, format, duration_minutes,
           scheduled_at, ends_at, blocked_from, blocked_until, client_time_zone, purpose, price, original_price,
           created_at, updated_at)
         values ($1, $2, $3, 'X', 'T', 'video', 60, '2026-11-23T16:05:00Z', '2026-11-23T17:05:00Z',
           '2026-11-23T16:05:00Z', '2026-11-23T17:20:00Z', 'UTC', 'p', 0, 0, now(), now())`,
        [serviceId, coach.id, client.id],
      ),
    ).rejects.toMatchObject({ code: '23P01' });
  });

  it('refuses a time in the past, inside the notice, past the horizon, outside the hours — saying why and what is free', async () => {
    const { serviceId } = await coachWithService();
    const client = await insertClient(t.app, t.pool, 10_000);
    const cases = [
      ['2026-11-20T15:00:00.000Z', /^That time has passed\. Next free: Mon 23 Nov, 15:00 CET/],
      // Saturday 21 November 09:00 UTC is now: Sunday has no hours, and 12 h of notice.
      ['2026-11-21T15:00:00.000Z', /^That time is too soon/],
      [
        '2027-02-01T15:00:00.000Z',
        /^That time is further ahead than this coach takes bookings\. This coach has no free times/,
      ],
      [
        '2026-11-23T23:00:00.000Z',
        /^That time is outside this coach’s hours\. Next free: Tue 24 Nov, 15:00 CET/,
      ],
      ['2026-11-23T15:10:00.000Z', /^That time is outside this coach’s hours/],
    ] as const;
    for (const [scheduledAt, message] of cases) {
      const response = await book(client, { service_id: serviceId, scheduled_at: scheduledAt });
      expect(response.statusCode, `${scheduledAt}: ${response.body}`).toBe(400);
      expect(errorOf(response).message).toMatch(message);
      expect(errorOf(response).details?.[0]?.path).toBe('body.scheduled_at');
    }
    expect(await balanceOf(t.pool, 'client_wallet', client.id)).toBe(10_000);
    expect(await serviceCounts(serviceId)).toEqual({ booking_count: 0, spots_left: null });
  });

  it('a short wallet books nothing and says how much is missing; a sold-out offer, an unknown service, one’s own service', async () => {
    const { coach, serviceId } = await coachWithService({ spotsLeft: 1 });
    const poor = await insertClient(t.app, t.pool, 2_000);
    const short = await book(poor, { service_id: serviceId, scheduled_at: MONDAY_TEN });
    expect(short.statusCode, short.body).toBe(402);
    expect(errorOf(short).message).toBe(
      'This session costs $85.00 and your wallet has $20.00. Top up at least $65.00, then try again.',
    );
    expect(await serviceCounts(serviceId)).toEqual({ booking_count: 0, spots_left: 1 });
    expect((await t.pool.query('select 1 from bookings where coach_id = $1', [coach.id])).rowCount).toBe(0);

    const client = await insertClient(t.app, t.pool, 20_000);
    expect((await book(client, { service_id: serviceId, scheduled_at: MONDAY_TEN })).statusCode).toBe(201);
    const soldOut = await book(client, { service_id: serviceId, scheduled_at: '2026-11-24T15:00:00.000Z' });
    expect(soldOut.statusCode).toBe(409);
    expect(errorOf(soldOut).message).toMatch(/^No spots are left/);

    const unknown = await book(client, { service_id: randomUUID(), scheduled_at: MONDAY_TEN });
    expect(unknown.statusCode).toBe(404);

    const own = await coachWithService();
    await t.pool.query(
      `insert into user_roles (user_id, role) values ($1, 'client') on conflict do nothing`,
      [own.coach.id],
    );
    const ownBooking = await book(own.coach, { service_id: own.serviceId, scheduled_at: MONDAY_TEN });
    expect(ownBooking.statusCode, ownBooking.body).toBe(400);
    expect(errorOf(ownBooking).message).toBe('You cannot book your own service.');

    const badZone = await book(client, {
      service_id: serviceId,
      scheduled_at: MONDAY_TEN,
      time_zone: 'Mars/Olympus',
    });
    expect(badZone.statusCode).toBe(400);
  });

  it('a coupon: quoted first (nothing held), then booked at the discounted price and redeemed once', async () => {
    const { coach, serviceId } = await coachWithService();
    const coupon = await t.call(coach.session, 'POST', '/api/coupons', {
      code: 'CALM20',
      discount_type: 'percent',
      value: 20,
      max_redemptions_per_client: 1,
    });
    expect(coupon.statusCode, coupon.body).toBeLessThan(300);
    const client = await insertClient(t.app, t.pool, 10_000);
    const quote = await t.call(
      client.session,
      'GET',
      `/api/bookings/quote?service_id=${serviceId}&coupon=calm20`,
    );
    expect(quote.statusCode, quote.body).toBe(200);
    expect(bookingQuoteSchema.parse(quote.json())).toEqual({
      original_price: 8_500,
      discount_amount: 1_700,
      final: 6_800,
      coupon_code: 'CALM20',
    });
    expect(await balanceOf(t.pool, 'client_wallet', client.id)).toBe(10_000);
    const wrong = await t.call(
      client.session,
      'GET',
      `/api/bookings/quote?service_id=${serviceId}&coupon=NOPE`,
    );
    expect(wrong.statusCode).toBe(422);

    const booked = await book(client, {
      service_id: serviceId,
      scheduled_at: MONDAY_TEN,
      coupon_code: 'CALM20',
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(bookingSchema.parse(booked.json())).toMatchObject({
      price: 6_800,
      original_price: 8_500,
      discount_amount: 1_700,
      coupon_code: 'CALM20',
    });
    expect(await balanceOf(t.pool, 'client_wallet', client.id)).toBe(3_200);
    // Its one use per client is spent: the next quote says so.
    const again = await t.call(
      client.session,
      'GET',
      `/api/bookings/quote?service_id=${serviceId}&coupon=CALM20`,
    );
    expect(again.statusCode).toBe(422);
  });

  it('only its two parties see a booking; each lists it among their upcoming ones', async () => {
    const { coach, serviceId } = await coachWithService();
    const client = await insertClient(t.app, t.pool, 10_000);
    const stranger = await insertClient(t.app, t.pool, 0);
    const booking = bookingSchema.parse(
      (await book(client, { service_id: serviceId, scheduled_at: MONDAY_TEN })).json(),
    );
    for (const party of [coach, client]) {
      const seen = await t.call(party.session, 'GET', `/api/bookings/${booking.id}`);
      expect(seen.statusCode).toBe(200);
      const mine = myBookingsSchema.parse((await t.call(party.session, 'GET', '/api/me/bookings')).json());
      expect(mine.bookings.map((item) => item.id)).toEqual([booking.id]);
    }
    expect((await t.call(stranger.session, 'GET', `/api/bookings/${booking.id}`)).statusCode).toBe(404);
    const past = myBookingsSchema.parse(
      (await t.call(client.session, 'GET', '/api/me/bookings?when=past')).json(),
    );
    expect(past.bookings).toEqual([]);
  });
});

describe('the booked session', () => {
  const START = new Date(MONDAY_TEN).getTime();
  const at = (minutesFromStart: number) => new Date(START + minutesFromStart * 60_000);
  const sameClockAsBefore = '2026-11-21T09:00:00Z';
  afterEach(() => t.clock.set(sameClockAsBefore));

  /** A party's call at the clock's now: signed in afresh (the clock moved past their token's hour). */
  async function as(party: TestClient | TestCoach, method: 'GET' | 'POST', url: string) {
    const signedIn = await signIn(t.app, party.email);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    return t.call(signedIn.json() as TestClient['session'], method, url);
  }
  const join = (party: TestClient | TestCoach, bookingId: string) =>
    as(party, 'POST', `/api/bookings/${bookingId}/join`);

  /** A client booked Monday 10:00 New York; a stranger for the access checks. */
  async function booked() {
    const { coach, serviceId } = await coachWithService();
    const client = await insertClient(t.app, t.pool, 10_000);
    const response = await book(client, { service_id: serviceId, scheduled_at: MONDAY_TEN });
    expect(response.statusCode, response.body).toBe(201);
    return { coach, client, booking: bookingSchema.parse(response.json()) };
  }

  /** One tab of `party` with the session's room open (the session room's socket command). */
  const enterRoom = (party: TestClient | TestCoach, sessionId: string) =>
    t.app.sessionRoom.join(
      { socketId: randomUUID(), instanceId: 'test-instance', userId: party.id },
      { session_id: sessionId },
    );

  async function bookingRow(id: string) {
    const result = await t.pool.query<{ status: string; earnings: string | null; no_show_by: string | null }>(
      'select status, earnings, no_show_by from bookings where id = $1',
      [id],
    );
    const row = result.rows[0]!;
    return { ...row, earnings: row.earnings === null ? null : Number(row.earnings) };
  }

  it('opens 10 minutes before, one room for both; the time runs from the booked start; completion captures once', async () => {
    const { coach, client, booking } = await booked();
    const stranger = await insertClient(t.app, t.pool, 0);
    t.clock.set(at(-10.02));
    const early = await join(client, booking.id);
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).message).toBe('This session opens 10 minutes before it starts.');
    expect((await join(stranger, booking.id)).statusCode).toBe(404);

    t.clock.set(at(-10));
    // Both parties at once: one room.
    const [byClient, byCoach] = await Promise.all([join(client, booking.id), join(coach, booking.id)]);
    expect(byClient.statusCode, byClient.body).toBe(200);
    expect(byCoach.statusCode, byCoach.body).toBe(200);
    const sessionId = joinedBookingSchema.parse(byClient.json()).session_id;
    expect(joinedBookingSchema.parse(byCoach.json()).session_id).toBe(sessionId);
    // Opening the room told both parties' booking lists once (the second join opened nothing).
    for (const party of [coach, client]) {
      const changed = await t.pool.query<{ payload: { booking: { session_id: string | null } } }>(
        `select payload from realtime_events where topic = $1 and type = 'booking.changed' order by seq`,
        [`user:${party.id}`],
      );
      expect(changed.rows.map((row) => row.payload.booking.session_id)).toEqual([null, sessionId]);
    }
    expect(
      bookingSchema.parse((await as(client, 'GET', `/api/bookings/${booking.id}`)).json()),
    ).toMatchObject({ session_id: sessionId, status: 'confirmed' });
    const session = chatSessionSchema.parse((await as(client, 'GET', `/api/sessions/${sessionId}`)).json());
    expect(session).toMatchObject({
      start_time: MONDAY_TEN,
      ends_at: '2026-11-23T16:00:00.000Z',
      duration_minutes: 60,
      payment_amount: 8_500,
      status: 'active',
      client_purpose: 'Find my focus again',
    });
    expect((await as(stranger, 'GET', `/api/sessions/${sessionId}`)).statusCode).toBe(404);

    // Both in the room five minutes early: the time still starts at 10:00.
    t.clock.set(at(-5));
    await enterRoom(coach, sessionId);
    await enterRoom(client, sessionId);
    const started = await t.pool.query<{ timer_started: boolean; timer_started_at: Date; start_time: Date }>(
      'select timer_started, timer_started_at, start_time from chat_sessions where id = $1',
      [sessionId],
    );
    expect(started.rows[0]).toEqual({
      timer_started: true,
      timer_started_at: new Date(MONDAY_TEN),
      start_time: new Date(MONDAY_TEN),
    });

    expect(await t.app.chatSessions.completeDue(at(59))).toBe(0);
    expect(await t.app.chatSessions.completeDue(at(60))).toBe(1);
    expect(await t.app.chatSessions.completeDue(at(61))).toBe(0);
    expect(await holdsOf(booking.id)).toEqual([{ status: 'captured', amount: 8_500 }]);
    expect(await bookingRow(booking.id)).toEqual({ status: 'completed', earnings: 8_075, no_show_by: null });
    // After its end the same room is still what a join answers (its summary), not a new one.
    t.clock.set(at(90));
    expect(joinedBookingSchema.parse((await join(client, booking.id)).json()).session_id).toBe(sessionId);
    const past = myBookingsSchema.parse((await as(client, 'GET', '/api/me/bookings?when=past')).json());
    expect(past.bookings.map((item) => [item.id, item.status])).toEqual([[booking.id, 'completed']]);
  });

  it('a coach who never comes into the room: the time runs out, nothing is charged, a coach no-show', async () => {
    const { coach, client, booking } = await booked();
    t.clock.set(at(-2));
    const sessionId = joinedBookingSchema.parse((await join(client, booking.id)).json()).session_id;
    await enterRoom(client, sessionId);
    expect(await balanceOf(t.pool, 'client_wallet', client.id)).toBe(1_500);
    expect(await t.app.chatSessions.completeDue(at(60))).toBe(1);
    expect(await holdsOf(booking.id)).toEqual([{ status: 'released', amount: 8_500 }]);
    expect(await balanceOf(t.pool, 'client_wallet', client.id)).toBe(10_000);
    expect(await bookingRow(booking.id)).toEqual({ status: 'no_show', earnings: 0, no_show_by: 'coach' });
    expect(await balanceOf(t.pool, 'coach_pending', coach.id)).toBe(0);
  });

  it('a booking nobody opened: the job closes it once as a coach no-show, gives the money back and tells the client', async () => {
    const { client, booking } = await booked();
    expect(await t.app.bookings.closeMissed(at(59))).toBe(0);
    // Two runners at once (other tests' bookings of this file end then too), then a third: nothing left.
    await Promise.all([t.app.bookings.closeMissed(at(60)), t.app.bookings.closeMissed(at(60))]);
    expect(await t.app.bookings.closeMissed(at(60))).toBe(0);
    expect(await holdsOf(booking.id)).toEqual([{ status: 'released', amount: 8_500 }]);
    expect(await balanceOf(t.pool, 'client_wallet', client.id)).toBe(10_000);
    expect(await bookingRow(booking.id)).toEqual({ status: 'no_show', earnings: 0, no_show_by: 'coach' });
    const told = await t.pool.query<{ title: string; message: string }>(
      `select title, message from notifications where user_id = $1 and type = 'booking_missed'`,
      [client.id],
    );
    expect(told.rows).toHaveLength(1);
    expect(told.rows[0]!.message).toBe(
      'Mon 23 Nov, 16:00 CET. Nothing was charged: the $85.00 held went back to your wallet.',
    );
    t.clock.set(at(61));
    const late = await join(client, booking.id);
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).message).toBe('This booked session is over.');
  });
});

describe('cancelling a booking', () => {
  const START = new Date(MONDAY_TEN).getTime();
  const HOUR = 3_600_000;
  afterEach(() => t.clock.set('2026-11-21T09:00:00Z'));

  const cancel = async (
    party: TestClient | TestCoach,
    bookingId: string,
    body: object = {},
    key = randomUUID(),
  ) => {
    const signedIn = await signIn(t.app, party.email);
    const session = signedIn.json() as TestClient['session'];
    return t.app.inject({
      method: 'POST',
      url: `/api/bookings/${bookingId}/cancel`,
      headers: { authorization: `Bearer ${session.access_token}`, 'idempotency-key': key },
      payload: body,
    });
  };

  async function booked() {
    const { coach, serviceId } = await coachWithService({ spotsLeft: 5 });
    const client = await insertClient(t.app, t.pool, 10_000);
    const response = await book(client, { service_id: serviceId, scheduled_at: MONDAY_TEN });
    expect(response.statusCode, response.body).toBe(201);
    return { coach, client, serviceId, booking: bookingSchema.parse(response.json()) };
  }

  const notices = async (userId: string) =>
    (
      await t.pool.query<{ title: string; message: string }>(
        `select title, message from notifications where user_id = $1 and type = 'booking_cancelled'`,
        [userId],
      )
    ).rows;

  it('in time: nothing charged, the time free again, the spot back, the coach told; a replay changes nothing', async () => {
    const { coach, client, serviceId, booking } = await booked();
    expect(booking.free_cancel_until).toBe('2026-11-22T15:00:00.000Z');
    expect(booking.late_cancel_percent).toBe(50);
    const key = randomUUID();
    const response = await cancel(client, booking.id, { reason: 'A work trip came up' }, key);
    expect(response.statusCode, response.body).toBe(200);
    expect(bookingSchema.parse(response.json())).toMatchObject({
      status: 'cancelled',
      cancelled_by: 'client',
      cancellation_charge: 0,
    });
    expect(await holdsOf(booking.id)).toEqual([{ status: 'released', amount: 8_500 }]);
    expect(await balanceOf(t.pool, 'client_wallet', client.id)).toBe(10_000);
    expect(await serviceCounts(serviceId)).toEqual({ booking_count: 1, spots_left: 5 });
    expect(await notices(coach.id)).toEqual([
      {
        title: `${client.fullName} cancelled Life Clarity Session`,
        message: 'Mon 23 Nov, 10:00 EST · Cancelled in time: nothing was charged. · “A work trip came up”',
      },
    ]);
    // The same key answers the same; another key finds it cancelled: no second posting, no second notice.
    expect((await cancel(client, booking.id, { reason: 'A work trip came up' }, key)).statusCode).toBe(200);
    expect((await cancel(client, booking.id)).statusCode).toBe(200);
    expect(await notices(coach.id)).toHaveLength(1);
    expect(await balanceOf(t.pool, 'client_wallet', client.id)).toBe(10_000);
    // The time can be booked again.
    const again = await book(client, { service_id: serviceId, scheduled_at: MONDAY_TEN });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('late by the client: the policy share is kept (the coach gets 95 % of it), the rest goes back', async () => {
    const { coach, client, booking } = await booked();
    t.clock.set(new Date(START - 2 * HOUR));
    const response = await cancel(client, booking.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(bookingSchema.parse(response.json())).toMatchObject({
      status: 'cancelled',
      cancelled_by: 'client',
      cancellation_charge: 4_250,
    });
    expect(await balanceOf(t.pool, 'client_wallet', client.id)).toBe(10_000 - 4_250);
    const row = await t.pool.query<{ earnings: string }>('select earnings from bookings where id = $1', [
      booking.id,
    ]);
    const earnings = Number(row.rows[0]!.earnings);
    expect(earnings).toBe(await balanceOf(t.pool, 'coach_pending', coach.id));
    expect(earnings).toBeGreaterThanOrEqual(Math.floor(4_250 * 0.95) - 1);
    expect(earnings).toBeLessThanOrEqual(Math.ceil(4_250 * 0.95));
    expect((await notices(coach.id))[0]!.message).toBe(
      'Mon 23 Nov, 10:00 EST · Cancelled late: $42.50 of $85.00 was kept.',
    );
  });

  it('late by the coach: the client gets everything back and is told', async () => {
    const { coach, client, booking } = await booked();
    t.clock.set(new Date(START - HOUR));
    const response = await cancel(coach, booking.id, { reason: 'I am unwell' });
    expect(response.statusCode, response.body).toBe(200);
    expect(bookingSchema.parse(response.json())).toMatchObject({
      cancelled_by: 'coach',
      cancellation_charge: 0,
    });
    expect(await balanceOf(t.pool, 'client_wallet', client.id)).toBe(10_000);
    expect(await balanceOf(t.pool, 'coach_pending', coach.id)).toBe(0);
    expect(await notices(client.id)).toEqual([
      {
        title: `${coach.fullName} cancelled Life Clarity Session`,
        message: 'Mon 23 Nov, 16:00 CET · The $85.00 held went back to your wallet. · “I am unwell”',
      },
    ]);
  });

  it('refuses once it has started or its room is open, and for anyone but its parties', async () => {
    const { client, booking } = await booked();
    const stranger = await insertClient(t.app, t.pool, 0);
    expect((await cancel(stranger, booking.id)).statusCode).toBe(404);
    t.clock.set(new Date(START - 5 * 60_000));
    const signedIn = (await signIn(t.app, client.email)).json() as TestClient['session'];
    expect((await t.call(signedIn, 'POST', `/api/bookings/${booking.id}/join`)).statusCode).toBe(200);
    const open = await cancel(client, booking.id);
    expect(open.statusCode).toBe(409);
    expect(errorOf(open).message).toBe(
      'The session room is already open: talk to each other there, or end it from the session.',
    );
    t.clock.set(new Date(START));
    const started = await cancel(client, booking.id);
    expect(started.statusCode).toBe(409);
    expect(await holdsOf(booking.id)).toEqual([{ status: 'held', amount: 8_500 }]);
    const tooLong = await cancel(client, booking.id, { reason: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
  });
});
