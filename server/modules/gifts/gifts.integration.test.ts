import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AuthSession } from '#contracts/auth';
import {
  cancelGiftResponseSchema,
  claimGiftResponseSchema,
  createGiftBodySchema,
  createGiftResponseSchema,
  giftsResponseSchema,
  type CreateGiftBody,
} from '#contracts/gifts';
import { NOTIFICATION_TEXTS } from '#contracts/notifications';
import { bearer, errorOf, latestCode, signIn, signUp, signUpWithRole, uniqueEmail } from '#test/support/auth';
import { balanceOf, topUpThroughEvent } from '#test/factories/money';
import { useTestApp, type TestAppHandle } from '#test/support/test-app';
import {
  notificationsOf as notificationsOfPerson,
  notificationCreatedEvents,
} from '#test/support/notifications';

const ENV = { RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' };

/** Helpers bound to one test app (each describe below has its own app, database and clock). */
function helpers(t: TestAppHandle) {
  const post = (session: AuthSession, url: string, payload?: object, key: string | null = randomUUID()) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(session), ...(key === null ? {} : { 'idempotency-key': key }) },
      ...(payload === undefined ? {} : { payload }),
    });

  const list = async (session: AuthSession) => {
    const response = await t.call(session, 'GET', '/api/gifts');
    expect(response.statusCode, response.body).toBe(200);
    return giftsResponseSchema.parse(response.json());
  };

  /** A client whose wallet holds `amount` cents (credited through the real provider-event path). */
  async function funded(amount: number, fullName = 'Gift Sender') {
    const session = await signUpWithRole(t.app, 'client', { fullName });
    if (amount > 0) await topUpThroughEvent(t.app, t.pool, session.user.id, amount);
    return session;
  }

  /** Signs up with `email` and confirms it with the code the sign-up sent (the real path). */
  async function confirmedAccount(email: string, fullName = 'Gift Recipient') {
    await signUp(t.app, { email, data: { full_name: fullName } });
    const verified = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/verify',
      payload: { type: 'signup', email, token: await latestCode(t.db, email, 'auth_confirmation') },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const session = verified.json<AuthSession>();
    expect(session.user.email_confirmed_at).not.toBeNull();
    return session;
  }

  async function send(session: AuthSession, body: CreateGiftBody, key = randomUUID()) {
    const response = await post(session, '/api/gifts', body, key);
    expect(response.statusCode, response.body).toBe(201);
    return createGiftResponseSchema.parse(response.json()).gift;
  }

  const wallet = (userId: string) => balanceOf(t.pool, 'client_wallet', userId);
  const escrow = () => balanceOf(t.pool, 'gift_escrow', null);

  async function postings(giftId: string) {
    const result = await t.pool.query<{ kind: string }>(
      `select kind from ledger_transactions where reference_type = 'gift' and reference_id = $1 order by created_at, kind`,
      [giftId],
    );
    return result.rows.map((row) => row.kind);
  }

  async function emailsFor(giftId: string) {
    const result = await t.pool.query<{
      recipient: string;
      subject: string;
      body_text: string;
      body_html: string;
      status: string;
      next_attempt_at: Date;
    }>(
      `select recipient, subject, body_text, body_html, status, next_attempt_at from outbox_messages
        where template = 'gift_received' and data ->> 'giftId' = $1`,
      [giftId],
    );
    return result.rows;
  }

  async function invariantsHold() {
    const report = await t.app.ledger.service.checkInvariants(t.db);
    expect(report.ok, JSON.stringify(report)).toBe(true);
  }

  const notificationsOf = (session: AuthSession) => notificationsOfPerson(t, session);
  const createdEventsOf = (userId: string) => notificationCreatedEvents(t, userId);

  return {
    post,
    list,
    funded,
    confirmedAccount,
    send,
    wallet,
    escrow,
    postings,
    emailsFor,
    invariantsHold,
    notificationsOf,
    createdEventsOf,
  };
}

/** An approved (listed) coach with a profile, straight in the database; `videoRate` cents per 15 minutes. */
async function approvedCoach(t: TestAppHandle, options: { approved?: boolean; videoRate?: number } = {}) {
  const id = randomUUID();
  const query = (text: string, values: unknown[]) => t.pool.query(text, values);
  await query('insert into users (id, email) values ($1, $2)', [id, `${id}@example.test`]);
  await query(
    'insert into profiles (user_id, full_name, username, on_demand_video_price) values ($1, $2, $3, $4)',
    [id, 'Lena Ortiz', `lena-${id.slice(0, 8)}`, options.videoRate ?? null],
  );
  await query(`insert into user_roles (user_id, role) values ($1, 'coach')`, [id]);
  await query(`insert into coach_applications (user_id, status, experience, bio) values ($1, $2, 'x', 'x')`, [
    id,
    options.approved === false ? 'pending' : 'approved',
  ]);
  return id;
}

describe('gifts: send, claim, cancel', () => {
  const t = useTestApp(ENV);
  const h = helpers(t);

  it('sends wallet credit into escrow, queues the email with the claim link, and the recipient claims it', async () => {
    const sender = await h.funded(10_000, 'Maya Thompson');
    const recipientEmail = uniqueEmail('friend');
    const escrowBefore = await h.escrow();

    const gift = await h.send(sender, {
      kind: 'credit',
      amount: 2_500,
      recipient_email: recipientEmail.toUpperCase(),
      message: 'Happy birthday <3 & "enjoy"',
    });
    expect(gift).toMatchObject({
      kind: 'credit',
      amount: 2_500,
      status: 'pending',
      scheduled: false,
      recipient_email: recipientEmail,
      session: null,
      message: 'Happy birthday <3 & "enjoy"',
    });
    expect(await h.wallet(sender.user.id)).toBe(7_500);
    expect(await h.escrow()).toBe(escrowBefore + 2_500);
    expect(await h.postings(gift.id)).toEqual(['gift']);

    // The email: to the recipient, who sent it, what it is, the message, the link; HTML escaped.
    const [email, ...others] = await h.emailsFor(gift.id);
    expect(others).toHaveLength(0);
    expect(email?.recipient).toBe(recipientEmail);
    expect(email?.subject).toBe('Maya Thompson sent you a gift on Wellspring');
    const link = `${t.config.publicUrl}/gift?claim=${gift.id}`;
    expect(email?.body_text).toContain(link);
    expect(email?.body_text).toContain('$25.00 of Wellspring credit');
    expect(email?.body_text).toContain('Happy birthday <3 & "enjoy"');
    expect(email?.body_html).toContain(`href="${link}"`);
    expect(email?.body_html).toContain('Happy birthday &lt;3 &amp; &quot;enjoy&quot;');
    expect(email?.body_html).not.toContain('<3');
    expect(email?.next_attempt_at.getTime()).toBe(t.clock.now().getTime());

    // The sender's list.
    const sentList = await h.list(sender);
    expect(sentList.sent.map((entry) => entry.id)).toContain(gift.id);
    expect(sentList.received).toEqual([]);

    // The recipient signs up with that address, confirms it, sees the gift and claims it.
    const recipient = await h.confirmedAccount(recipientEmail);
    const before = await h.list(recipient);
    expect(before.email_confirmed).toBe(true);
    expect(before.received).toEqual([
      expect.objectContaining({
        id: gift.id,
        status: 'pending',
        sender_name: 'Maya Thompson',
        amount: 2_500,
      }),
    ]);

    const claimKey = randomUUID();
    const claimed = await h.post(recipient, `/api/gifts/${gift.id}/claim`, undefined, claimKey);
    expect(claimed.statusCode, claimed.body).toBe(200);
    const claimBody = claimGiftResponseSchema.parse(claimed.json());
    expect(claimBody.gift).toMatchObject({ id: gift.id, status: 'claimed' });
    expect(claimBody.wallet_balance).toBe(2_500);
    expect(await h.wallet(recipient.user.id)).toBe(2_500);
    expect(await h.wallet(sender.user.id)).toBe(7_500);
    expect(await h.escrow()).toBe(escrowBefore);
    expect(await h.postings(gift.id)).toEqual(['gift', 'gift_claim']);

    // The same key replays the answer and moves nothing; a new claim is refused plainly.
    const replay = await h.post(recipient, `/api/gifts/${gift.id}/claim`, undefined, claimKey);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(replay.json()).toEqual(claimed.json());
    const again = await h.post(recipient, `/api/gifts/${gift.id}/claim`);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({
      code: 'CONFLICT',
      message: 'This gift has already been claimed.',
    });

    // The sender can no longer cancel it.
    const cancel = await h.post(sender, `/api/gifts/${gift.id}/cancel`);
    expect(cancel.statusCode).toBe(409);
    expect(errorOf(cancel).message).toBe("This gift was already claimed, so it can't be cancelled.");
    expect(await h.wallet(recipient.user.id)).toBe(2_500);
    expect(await h.postings(gift.id)).toEqual(['gift', 'gift_claim']);

    // Both sides see the outcome; the recipient keeps it as history.
    expect((await h.list(recipient)).received).toEqual([
      expect.objectContaining({ id: gift.id, status: 'claimed' }),
    ]);
    expect((await h.list(sender)).sent.find((entry) => entry.id === gift.id)?.status).toBe('claimed');
    await h.invariantsHold();
  });

  it('cancels an unclaimed gift back to the sender and withdraws its unsent email', async () => {
    const sender = await h.funded(5_000);
    const recipientEmail = uniqueEmail('later');
    const gift = await h.send(sender, { kind: 'credit', amount: 1_500, recipient_email: recipientEmail });
    expect(await h.wallet(sender.user.id)).toBe(3_500);

    const cancelled = await h.post(sender, `/api/gifts/${gift.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const body = cancelGiftResponseSchema.parse(cancelled.json());
    expect(body.gift).toMatchObject({ id: gift.id, status: 'cancelled' });
    expect(body.gift.cancelled_at).not.toBeNull();
    expect(body.wallet_balance).toBe(5_000);
    expect(await h.wallet(sender.user.id)).toBe(5_000);
    expect(await h.postings(gift.id)).toEqual(['gift', 'gift_cancel']);
    expect((await h.emailsFor(gift.id)).map((email) => email.status)).toEqual(['failed']);

    // A second cancel is refused; the recipient, even confirmed, cannot claim it.
    const twice = await h.post(sender, `/api/gifts/${gift.id}/cancel`);
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).message).toBe(
      'This gift was already cancelled; its amount is back in your wallet.',
    );
    const recipient = await h.confirmedAccount(recipientEmail);
    expect((await h.list(recipient)).received).toEqual([]);
    const claim = await h.post(recipient, `/api/gifts/${gift.id}/claim`);
    expect(claim.statusCode).toBe(409);
    expect(errorOf(claim).message).toBe('The sender cancelled this gift, so it can no longer be claimed.');
    expect(await h.wallet(recipient.user.id)).toBe(0);
    expect(await h.wallet(sender.user.id)).toBe(5_000);
    await h.invariantsHold();
  });

  it('never shows or gives a gift to anyone but its recipient and sender (404)', async () => {
    const sender = await h.funded(5_000);
    const recipientEmail = uniqueEmail('only-me');
    const gift = await h.send(sender, { kind: 'credit', amount: 1_000, recipient_email: recipientEmail });
    const stranger = await h.confirmedAccount(uniqueEmail('stranger'));
    const recipient = await h.confirmedAccount(recipientEmail);

    expect((await h.list(stranger)).received).toEqual([]);
    expect((await h.list(stranger)).sent).toEqual([]);
    const claim = await h.post(stranger, `/api/gifts/${gift.id}/claim`);
    expect(claim.statusCode).toBe(404);
    expect(errorOf(claim).code).toBe('NOT_FOUND');
    // Only the sender cancels: the stranger and the recipient get 404.
    expect((await h.post(stranger, `/api/gifts/${gift.id}/cancel`)).statusCode).toBe(404);
    expect((await h.post(recipient, `/api/gifts/${gift.id}/cancel`)).statusCode).toBe(404);
    // An unknown id reads the same as someone else's.
    expect((await h.post(stranger, `/api/gifts/${randomUUID()}/claim`)).statusCode).toBe(404);

    // Once claimed by the recipient, it is still nobody else's business.
    expect((await h.post(recipient, `/api/gifts/${gift.id}/claim`)).statusCode).toBe(200);
    const late = await h.post(stranger, `/api/gifts/${gift.id}/claim`);
    expect(late.statusCode).toBe(404);
    expect(await h.wallet(stranger.user.id)).toBe(0);
    expect(await h.wallet(recipient.user.id)).toBe(1_000);
  });

  it('keeps a gift from a recipient whose email is not confirmed, until they confirm it', async () => {
    const sender = await h.funded(5_000);
    const recipientEmail = uniqueEmail('unconfirmed');
    const gift = await h.send(sender, { kind: 'credit', amount: 2_000, recipient_email: recipientEmail });
    const { session } = await signUp(t.app, { email: recipientEmail });

    const listed = await h.list(session);
    expect(listed.email).toBe(recipientEmail);
    expect(listed.email_confirmed).toBe(false);
    expect(listed.received).toEqual([]);
    const claim = await h.post(session, `/api/gifts/${gift.id}/claim`);
    expect(claim.statusCode).toBe(404);
    expect(await h.wallet(session.user.id)).toBe(0);

    // Confirming the address (the code sign-up sent) makes it theirs.
    const verified = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/verify',
      payload: {
        type: 'signup',
        email: recipientEmail,
        token: await latestCode(t.db, recipientEmail, 'auth_confirmation'),
      },
    });
    const confirmed = verified.json<AuthSession>();
    expect((await h.list(confirmed)).received.map((entry) => entry.id)).toEqual([gift.id]);
    expect((await h.post(confirmed, `/api/gifts/${gift.id}/claim`)).statusCode).toBe(200);
    expect(await h.wallet(session.user.id)).toBe(2_000);
  });

  it('refuses a gift the wallet cannot cover with 402, leaving nothing behind', async () => {
    const sender = await h.funded(1_000);
    const recipientEmail = uniqueEmail('too-much');
    const response = await h.post(sender, '/api/gifts', {
      kind: 'credit',
      amount: 2_500,
      recipient_email: recipientEmail,
    });
    expect(response.statusCode).toBe(402);
    expect(errorOf(response).code).toBe('INSUFFICIENT_FUNDS');
    expect(await h.wallet(sender.user.id)).toBe(1_000);
    expect((await h.list(sender)).sent).toEqual([]);
    const outbox = await t.pool.query('select 1 from outbox_messages where recipient = $1', [recipientEmail]);
    expect(outbox.rowCount).toBe(0);
    // The same key may be used again once the wallet is topped up (nothing was recorded).
    const key = randomUUID();
    expect(
      (
        await h.post(
          sender,
          '/api/gifts',
          { kind: 'credit', amount: 2_500, recipient_email: recipientEmail },
          key,
        )
      ).statusCode,
    ).toBe(402);
    await topUpThroughEvent(t.app, t.pool, sender.user.id, 2_000);
    const retried = await h.post(
      sender,
      '/api/gifts',
      { kind: 'credit', amount: 2_500, recipient_email: recipientEmail },
      key,
    );
    expect(retried.statusCode, retried.body).toBe(201);
    expect(await h.wallet(sender.user.id)).toBe(500);
  });

  it("refuses the sender's own address, whatever its case", async () => {
    const email = uniqueEmail('self');
    const { session } = await signUp(t.app, { email });
    await topUpThroughEvent(t.app, t.pool, session.user.id, 5_000);
    const response = await h.post(session, '/api/gifts', {
      kind: 'credit',
      amount: 1_000,
      recipient_email: ` ${email.toUpperCase()} `,
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: "You can't send a gift to yourself.",
      details: [{ path: 'recipient_email', message: "You can't send a gift to yourself." }],
    });
    expect(await h.wallet(session.user.id)).toBe(5_000);
  });

  it('validates the body with sentences a person can act on', async () => {
    const sender = await h.funded(0);
    const cases: [object, string][] = [
      [{ kind: 'credit', amount: 499, recipient_email: 'a@example.test' }, 'The smallest gift is $5.00.'],
      [{ kind: 'credit', amount: 50_001, recipient_email: 'a@example.test' }, 'The largest gift is $500.00.'],
      [
        { kind: 'credit', amount: 1_000, recipient_email: 'not-an-email' },
        "Enter the recipient's email address, like name@example.com.",
      ],
      [
        { kind: 'credit', amount: 1_000, recipient_email: 'a@example.test', message: 'x'.repeat(501) },
        'Keep the message to 500 characters or fewer.',
      ],
      [
        { kind: 'credit', amount: 1_000, recipient_email: 'a@example.test', deliver_on: '2026-13-01' },
        'Enter the delivery date as YYYY-MM-DD, or leave it empty to deliver now.',
      ],
      [
        {
          kind: 'session',
          coach_id: randomUUID(),
          format: 'video',
          duration_minutes: 20,
          recipient_email: 'a@example.test',
        },
        'Choose a session length of 15, 30, 45 or 60 minutes.',
      ],
      [
        { kind: 'flowers', recipient_email: 'a@example.test' },
        'Choose what to give: wallet credit or a session.',
      ],
    ];
    for (const [body, message] of cases) {
      const response = await h.post(sender, '/api/gifts', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(
        errorOf(response).details?.map((detail) => detail.message),
        JSON.stringify(body),
      ).toContain(message);
    }
    // Dates: the clock is 2026-11-21T09:00Z. Two days back is past; more than a year ahead is too far.
    const dated = (deliver_on: string) =>
      h.post(sender, '/api/gifts', {
        kind: 'credit',
        amount: 1_000,
        recipient_email: 'a@example.test',
        deliver_on,
      });
    expect(errorOf(await dated('2026-11-19')).message).toBe('Choose today or a later date for delivery.');
    expect(errorOf(await dated('2027-11-22')).message).toBe(
      'Choose a delivery date within a year from today.',
    );
    // Without a key nothing is even attempted.
    const keyless = await h.post(
      sender,
      '/api/gifts',
      { kind: 'credit', amount: 1_000, recipient_email: 'a@example.test' },
      null,
    );
    expect(errorOf(keyless).code).toBe('IDEMPOTENCY_KEY_REQUIRED');
  });

  it('needs a sign-in for everything and a key for every money-moving POST', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/gifts' });
    expect(anonymous.statusCode).toBe(401);
    const someone = await h.funded(0);
    for (const url of [
      '/api/gifts',
      `/api/gifts/${randomUUID()}/claim`,
      `/api/gifts/${randomUUID()}/cancel`,
    ]) {
      const body =
        url === '/api/gifts'
          ? { kind: 'credit', amount: 1_000, recipient_email: 'a@example.test' }
          : undefined;
      const anon = await t.app.inject({ method: 'POST', url, ...(body ? { payload: body } : {}) });
      expect(anon.statusCode, url).toBe(401);
      const keyless = await h.post(someone, url, body, null);
      expect(keyless.statusCode, url).toBe(400);
      expect(errorOf(keyless).code, url).toBe('IDEMPOTENCY_KEY_REQUIRED');
    }
  });

  it('replays a send for the same key and body, and refuses the key with another body', async () => {
    const sender = await h.funded(10_000);
    const body = { kind: 'credit' as const, amount: 1_000, recipient_email: uniqueEmail('replay') };
    const key = randomUUID();
    const first = await h.post(sender, '/api/gifts', body, key);
    const second = await h.post(sender, '/api/gifts', body, key);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotency-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    const other = await h.post(sender, '/api/gifts', { ...body, amount: 2_000 }, key);
    expect(other.statusCode).toBe(422);
    expect((await h.list(sender)).sent).toHaveLength(1);
    expect(await h.wallet(sender.user.id)).toBe(9_000);
  });

  it('prices a session gift with the coach quote, only for approved coaches', async () => {
    const sender = await h.funded(20_000);
    const coachId = await approvedCoach(t, { videoRate: 4_500 });
    const recipientEmail = uniqueEmail('session');
    const gift = await h.send(sender, {
      kind: 'session',
      coach_id: coachId,
      format: 'video',
      duration_minutes: 30,
      recipient_email: recipientEmail,
      expected_amount: 9_000,
    });
    // 45.00 per 15 minutes × 30 minutes.
    expect(gift.amount).toBe(9_000);
    expect(gift.session).toMatchObject({
      coach_id: coachId,
      coach_name: 'Lena Ortiz',
      format: 'video',
      duration_minutes: 30,
    });
    expect(gift.session?.coach_username).toMatch(/^lena-/);
    expect(await h.wallet(sender.user.id)).toBe(11_000);
    const [email] = await h.emailsFor(gift.id);
    expect(email?.body_text).toContain('a 30-minute video session with Lena Ortiz');

    // Default rates apply without a profile rate: audio 35.00 per 15 minutes × 45 minutes.
    const audio = await h.send(sender, {
      kind: 'session',
      coach_id: coachId,
      format: 'audio',
      duration_minutes: 45,
      recipient_email: recipientEmail,
    });
    expect(audio.amount).toBe(10_500);

    // A stale price is refused before anything is charged.
    const stale = await h.post(sender, '/api/gifts', {
      kind: 'session',
      coach_id: coachId,
      format: 'video',
      duration_minutes: 15,
      recipient_email: recipientEmail,
      expected_amount: 4_000,
    });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).message).toBe(
      'The price of this session changed. Check the new price, then send the gift again.',
    );

    // A coach who is not approved (or no coach at all) cannot be gifted.
    const pending = await approvedCoach(t, { approved: false });
    for (const coach_id of [pending, randomUUID()]) {
      const refused = await h.post(sender, '/api/gifts', {
        kind: 'session',
        coach_id,
        format: 'text',
        duration_minutes: 15,
        recipient_email: recipientEmail,
      });
      expect(refused.statusCode).toBe(404);
      expect(errorOf(refused).message).toBe(
        'This coach is not taking sessions on Wellspring. Choose another coach.',
      );
    }
    expect(await h.wallet(sender.user.id)).toBe(500);

    // The recipient claims a session gift as wallet credit.
    const recipient = await h.confirmedAccount(recipientEmail);
    expect((await h.post(recipient, `/api/gifts/${gift.id}/claim`)).statusCode).toBe(200);
    expect(await h.wallet(recipient.user.id)).toBe(9_000);
  });

  it('settles racing claims and cancels exactly once, money conserved (20 trials)', async () => {
    const sender = await h.funded(20 * 1_000);
    const recipientEmail = uniqueEmail('race');
    const recipient = await h.confirmedAccount(recipientEmail);
    const escrowBefore = await h.escrow();
    let claims = 0;
    let cancels = 0;
    for (let trial = 0; trial < 20; trial += 1) {
      const gift = await h.send(sender, { kind: 'credit', amount: 1_000, recipient_email: recipientEmail });
      const attempts = Array.from({ length: 20 }, (_, index) =>
        index % 2 === 0
          ? h.post(recipient, `/api/gifts/${gift.id}/claim`).then((response) => ({ kind: 'claim', response }))
          : h.post(sender, `/api/gifts/${gift.id}/cancel`).then((response) => ({ kind: 'cancel', response })),
      );
      const results = await Promise.all(attempts);
      const won = results.filter((result) => result.response.statusCode === 200);
      expect(won, `trial ${trial}`).toHaveLength(1);
      for (const result of results.filter((entry) => entry.response.statusCode !== 200)) {
        expect(result.response.statusCode, result.response.body).toBe(409);
        expect(errorOf(result.response).code).toBe('CONFLICT');
      }
      if (won[0]?.kind === 'claim') claims += 1;
      else cancels += 1;
      const kinds = await h.postings(gift.id);
      expect(kinds, `trial ${trial}`).toHaveLength(2);
      expect(kinds[0]).toBe('gift');
      expect(kinds[1]).toBe(won[0]?.kind === 'claim' ? 'gift_claim' : 'gift_cancel');
      // Money conserved: what left the sender is either back or with the recipient, none in escrow.
      expect((await h.wallet(sender.user.id)) + (await h.wallet(recipient.user.id))).toBe(20_000);
      expect(await h.escrow()).toBe(escrowBefore);
    }
    expect(claims + cancels).toBe(20);
    expect(await h.wallet(recipient.user.id)).toBe(claims * 1_000);
    await h.invariantsHold();
  }, 120_000);
});

describe('gifts: the recipient is told (gift_received)', () => {
  const t = useTestApp(ENV);
  const h = helpers(t);

  it('a gift delivered now to an account with that confirmed address: told at once, not again when claimed', async () => {
    const recipientEmail = uniqueEmail('told');
    const recipient = await h.confirmedAccount(recipientEmail);
    const sender = await h.funded(10_000, 'Maya Thompson');
    const gift = await h.send(sender, { kind: 'credit', amount: 2_500, recipient_email: recipientEmail });

    const notifications = await h.notificationsOf(recipient);
    expect(notifications).toMatchObject([
      {
        type: 'gift_received',
        title: 'Maya Thompson sent you a gift',
        message: '$25.00 of Wellspring credit is waiting for you. Claim it to add it to your wallet.',
        actor_id: sender.user.id,
        actor_name: 'Maya Thompson',
        action_text: NOTIFICATION_TEXTS.giftReceived.action,
        action_url: `/gift?claim=${gift.id}`,
      },
    ]);
    expect(await h.createdEventsOf(recipient.user.id)).toEqual([{ notification: notifications[0] }]);
    expect(await h.notificationsOf(sender)).toEqual([]);

    expect((await h.post(recipient, `/api/gifts/${gift.id}/claim`)).statusCode).toBe(200);
    expect(await h.notificationsOf(recipient)).toHaveLength(1);
  });

  it('a gift to an address with no account yet: told when it lands in the wallet of the one who claims it', async () => {
    const sender = await h.funded(10_000, 'Maya Thompson');
    const recipientEmail = uniqueEmail('later');
    const gift = await h.send(sender, { kind: 'credit', amount: 2_000, recipient_email: recipientEmail });
    t.clock.advance(60_000);
    const recipient = await h.confirmedAccount(recipientEmail);
    expect(await h.notificationsOf(recipient)).toEqual([]);

    expect((await h.post(recipient, `/api/gifts/${gift.id}/claim`)).statusCode).toBe(200);
    const notifications = await h.notificationsOf(recipient);
    expect(notifications).toMatchObject([
      {
        type: 'gift_received',
        title: NOTIFICATION_TEXTS.giftClaimed.title,
        message: '$20.00 from Maya Thompson is now in your wallet.',
        actor_id: sender.user.id,
        action_url: '/wallet',
      },
    ]);
    expect(await h.createdEventsOf(recipient.user.id)).toEqual([{ notification: notifications[0] }]);
  });

  it('is rolled back with the gift when the send’s transaction fails', async () => {
    const recipientEmail = uniqueEmail('never');
    const recipient = await h.confirmedAccount(recipientEmail);
    const sender = await h.funded(5_000);
    const body = createGiftBodySchema.parse({
      kind: 'credit',
      amount: 1_000,
      recipient_email: recipientEmail,
    });
    await expect(
      t.db.transaction(async (tx) => {
        const sent = await t.app.gifts.send(tx, sender.user.id, body);
        expect(sent.events).toHaveLength(1);
        throw new Error('the send fails after the gift was written');
      }),
    ).rejects.toThrow('the send fails after the gift was written');

    expect(await h.wallet(sender.user.id)).toBe(5_000);
    expect((await h.list(sender)).sent).toEqual([]);
    expect(await h.notificationsOf(recipient)).toEqual([]);
    expect(await h.createdEventsOf(recipient.user.id)).toEqual([]);
  });
});

describe('gifts: a delivery date', () => {
  const t = useTestApp(ENV);
  const h = helpers(t);

  it('holds a scheduled gift (and its email) until 09:00 UTC on the day, then lets the recipient claim it', async () => {
    // The clock starts at 2026-11-21T09:00:00Z.
    const senderEmail = uniqueEmail('scheduler');
    const { session: senderSession } = await signUp(t.app, { email: senderEmail });
    await topUpThroughEvent(t.app, t.pool, senderSession.user.id, 5_000);
    const recipientEmail = uniqueEmail('birthday');

    const gift = await h.send(senderSession, {
      kind: 'credit',
      amount: 3_000,
      recipient_email: recipientEmail,
      deliver_on: '2026-11-24',
    });
    expect(gift.deliver_at).toBe('2026-11-24T09:00:00.000Z');
    expect(gift.scheduled).toBe(true);
    expect(await h.wallet(senderSession.user.id)).toBe(2_000);
    const [email] = await h.emailsFor(gift.id);
    expect(email?.status).toBe('pending');
    expect(email?.next_attempt_at.toISOString()).toBe('2026-11-24T09:00:00.000Z');

    // Today (and yesterday, still today west of UTC) means now.
    const today = await h.send(senderSession, {
      kind: 'credit',
      amount: 500,
      recipient_email: uniqueEmail('today'),
      deliver_on: '2026-11-21',
    });
    expect(today.deliver_at).toBe(t.clock.now().toISOString());
    expect(today.scheduled).toBe(false);
    const yesterday = await h.send(senderSession, {
      kind: 'credit',
      amount: 500,
      recipient_email: uniqueEmail('yesterday'),
      deliver_on: '2026-11-20',
    });
    expect(yesterday.deliver_at).toBe(t.clock.now().toISOString());
    // A year ahead is the limit.
    const yearAhead = await h.send(senderSession, {
      kind: 'credit',
      amount: 500,
      recipient_email: uniqueEmail('next-year'),
      deliver_on: '2027-11-21',
    });
    expect(yearAhead.deliver_at).toBe('2027-11-21T09:00:00.000Z');

    // Before the day the recipient sees nothing and cannot claim.
    const recipient = await h.confirmedAccount(recipientEmail);
    expect((await h.list(recipient)).received).toEqual([]);
    expect((await h.post(recipient, `/api/gifts/${gift.id}/claim`)).statusCode).toBe(404);

    // One minute before 09:00 UTC on the day: still hidden. Sessions end after 12 hours, so sign in again.
    t.clock.set('2026-11-24T08:59:00Z');
    const early = (await signIn(t.app, recipientEmail)).json<AuthSession>();
    expect((await h.list(early)).received).toEqual([]);
    expect((await h.post(early, `/api/gifts/${gift.id}/claim`)).statusCode).toBe(404);
    const senderLater = (await signIn(t.app, senderEmail)).json<AuthSession>();
    expect((await h.list(senderLater)).sent.find((entry) => entry.id === gift.id)?.scheduled).toBe(true);

    t.clock.set('2026-11-24T09:00:00Z');
    const onTime = (await signIn(t.app, recipientEmail)).json<AuthSession>();
    expect((await h.list(onTime)).received.map((entry) => entry.id)).toEqual([gift.id]);
    // Not told in the app before the day (the account was there, but the gift was not yet theirs).
    expect(await h.notificationsOf(onTime)).toEqual([]);
    const claimed = await h.post(onTime, `/api/gifts/${gift.id}/claim`);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(await h.wallet(recipient.user.id)).toBe(3_000);
    expect((await h.notificationsOf(onTime)).map((entry) => entry.title)).toEqual([
      NOTIFICATION_TEXTS.giftClaimed.title,
    ]);
    await h.invariantsHold();
  });
});
