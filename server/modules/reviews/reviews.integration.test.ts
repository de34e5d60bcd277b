import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  coachReviewsSchema,
  myReviewsSchema,
  REVIEW_BLIND_MS,
  REVIEW_EVENTS,
  REVIEW_MESSAGES,
  sessionReviewsSchema,
  type SessionReviews,
} from '#contracts/reviews';
import { acceptResponseSchema, sessionRequestSchema } from '#contracts/sessions';
import { NOTIFICATION_EVENTS, NOTIFICATION_TEXTS } from '#contracts/notifications';
import { errorOf } from '#test/support/auth';
import { insertCoach, insertClient, type Person, insertPerson } from '#test/factories/people';
import {
  eventsOf,
  insertChatSession,
  postSessionRequest,
  buildSessionRequestBody,
} from '#test/factories/sessions';
import { useTestApp } from '#test/support/test-app';
import { describeResponseTime, firstNameOf, onTimePercentage } from './reviews.service';
import { notificationsOf as notificationsOfPerson } from '#test/support/notifications';

const t = useTestApp({ RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' });

const MINUTE = 60_000;

const person = (role: 'coach' | 'client', fullName: string) => insertPerson(t.app, role, fullName);

/** A chat session row as the accept and the end leave it; `endedAgoMs` moves its end into the past. */
function session(
  coach: Person,
  client: Person,
  input: { status?: 'active' | 'completed'; endedAgoMs?: number; price?: number } = {},
): Promise<string> {
  const now = t.clock.now();
  const completed = (input.status ?? 'completed') === 'completed';
  const end = new Date(now.getTime() - (input.endedAgoMs ?? 0));
  return insertChatSession(t.pool, {
    coachId: coach.id,
    clientId: client.id,
    clientEmail: client.email,
    now,
    status: completed ? 'completed' : 'active',
    start: completed ? new Date(end.getTime() - 30 * MINUTE) : now,
    end,
    paymentAmount: input.price,
  });
}

const write = (who: Person, sessionId: string, body: object) =>
  t.call(who.session, 'POST', `/api/sessions/${sessionId}/reviews`, body);

async function wrote(who: Person, sessionId: string, rating: number, body: string): Promise<SessionReviews> {
  const response = await write(who, sessionId, { rating, body });
  expect(response.statusCode, response.body).toBe(201);
  return sessionReviewsSchema.parse(response.json());
}

async function viewOf(who: Person, sessionId: string): Promise<SessionReviews> {
  const response = await t.call(who.session, 'GET', `/api/sessions/${sessionId}/reviews`);
  expect(response.statusCode, response.body).toBe(200);
  return sessionReviewsSchema.parse(response.json());
}

async function publicReviews(coachId: string) {
  const response = await t.call(null, 'GET', `/api/coaches/${coachId}/reviews`);
  expect(response.statusCode, response.body).toBe(200);
  return coachReviewsSchema.parse(response.json());
}

async function coachStatsOf(coachId: string) {
  const result = await t.pool.query<{
    total_sessions: number;
    total_clients: number;
    avg_response_time: string | null;
    on_time_percentage: number | null;
    rating_average: string | null;
    total_reviews: number;
  }>(
    `select total_sessions, total_clients, avg_response_time, on_time_percentage, rating_average, total_reviews
       from coach_stats where coach_id = $1`,
    [coachId],
  );
  return result.rows[0];
}

async function countedOf(sessionId: string) {
  const result = await t.pool.query<{ author_role: string; counted: boolean }>(
    'select author_role, counted_at is not null as counted from session_reviews where session_id = $1 order by author_role',
    [sessionId],
  );
  return Object.fromEntries(result.rows.map((row) => [row.author_role, row.counted]));
}

const visibleEvents = async (userId: string) =>
  (await eventsOf(t.pool, userId)).filter((event) => event.type === REVIEW_EVENTS.visible);

describe('reviews after a real session (request -> accept -> end)', () => {
  it('completion fills coach_stats and client_coach_stats; double-blind until both wrote; one review per side; one reply', async () => {
    const coachFull = await insertCoach(t.app, t.pool, { fullName: 'Lena Ortiz' });
    const clientFull = await insertClient(t.app, t.pool, 10_000, { fullName: 'Maya Thompson' });
    const coach: Person = { session: coachFull.session, id: coachFull.id, email: coachFull.email };
    const client: Person = { session: clientFull.session, id: clientFull.id, email: clientFull.email };
    // One instant request the coach let expire and one scheduled one (never counts for on-time).
    await t.pool.query(
      `insert into session_requests (coach_id, client_id, client_name, format, duration_minutes, purpose, price,
         original_price, status, expires_at, responded_at, created_at, updated_at, preferred_date, preferred_time)
       values ($1, $2, 'Robin', 'text', 30, 'Talk', 0, 0, 'expired', $3, $3, $4, $4, null, null),
              ($1, $2, 'Robin', 'text', 30, 'Talk', 0, 0, 'expired', $3, $3, $4, $4, '2026-11-20', '10:00')`,
      [
        coach.id,
        client.id,
        new Date(t.clock.now().getTime() - 60 * MINUTE),
        new Date(t.clock.now().getTime() - 63 * MINUTE),
      ],
    );

    const created = await postSessionRequest(t.app, client.session, buildSessionRequestBody(coach.id));
    expect(created.statusCode, created.body).toBe(201);
    const request = sessionRequestSchema.parse(created.json());
    t.clock.advance(90_000); // the coach answers after 90 s
    const accepted = await t.call(coach.session, 'POST', `/api/session-requests/${request.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const { session: live } = acceptResponseSchema.parse(accepted.json());

    // A live session cannot be reviewed yet.
    const early = await write(client, live.id, { rating: 5, body: 'Lovely' });
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).message).toBe(REVIEW_MESSAGES.notEnded);
    expect((await viewOf(client, live.id)).can_review).toBe(false);

    t.clock.advance(10 * MINUTE);
    const ended = await t.call(coach.session, 'POST', `/api/sessions/${live.id}/end`);
    expect(ended.statusCode, ended.body).toBe(200);
    const endedAt = t.clock.now();

    // The completing transaction refreshed both stats rows from the real tables.
    expect(await coachStatsOf(coach.id)).toEqual({
      total_sessions: 1,
      total_clients: 1,
      avg_response_time: '< 5 minutes',
      on_time_percentage: 50, // one answered in time, one instant request expired; the scheduled one is not counted
      rating_average: null,
      total_reviews: 0,
    });
    const pair = await t.pool.query(
      'select total_sessions, total_spent, last_session_at from client_coach_stats where coach_id = $1 and client_id = $2',
      [coach.id, client.id],
    );
    expect(pair.rows).toEqual([{ total_sessions: 1, total_spent: request.price, last_session_at: endedAt }]);

    // The client writes first: theirs is hidden from the coach and the public for now.
    const afterClient = await wrote(client, live.id, 4, '  Calm and practical.  ');
    expect(afterClient).toMatchObject({
      viewer: 'client',
      theirs: null,
      can_review: false,
      can_reply: false,
      mine: {
        author_role: 'client',
        rating: 4,
        body: 'Calm and practical.',
        is_visible: false,
        visible_at: new Date(endedAt.getTime() + REVIEW_BLIND_MS).toISOString(),
        reply: null,
      },
    });
    const coachBefore = await viewOf(coach, live.id);
    expect(coachBefore).toMatchObject({
      viewer: 'coach',
      mine: null,
      theirs: null,
      can_review: true,
      can_reply: false,
    });
    expect((await publicReviews(coach.id)).reviews).toEqual([]);
    expect((await coachStatsOf(coach.id))?.total_reviews).toBe(0);
    expect(await visibleEvents(coach.id)).toEqual([]);

    // A second review from the same side: 409.
    const again = await write(client, live.id, { rating: 1, body: 'Changed my mind' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(REVIEW_MESSAGES.alreadyReviewed);

    // The coach writes: both become visible now, counted into the coach's figures, and both hear it.
    t.clock.advance(MINUTE);
    const afterCoach = await wrote(coach, live.id, 5, 'Came prepared.');
    expect(afterCoach.mine).toMatchObject({ author_role: 'coach', is_visible: true });
    expect(afterCoach.theirs).toMatchObject({
      author_role: 'client',
      rating: 4,
      is_visible: true,
      visible_at: t.clock.now().toISOString(),
    });
    expect(afterCoach.can_reply).toBe(true);
    const clientAfter = await viewOf(client, live.id);
    expect(clientAfter.theirs).toMatchObject({ author_role: 'coach', rating: 5, body: 'Came prepared.' });
    expect(clientAfter.mine?.is_visible).toBe(true);
    expect(await coachStatsOf(coach.id)).toMatchObject({ rating_average: '4.00', total_reviews: 1 });
    expect(await countedOf(live.id)).toEqual({ client: true, coach: true });
    for (const id of [coach.id, client.id])
      expect((await visibleEvents(id)).map((event) => event.payload)).toEqual([{ session_id: live.id }]);

    // The public sees the client's review with their first name only; never the coach's review of the client.
    const listed = await publicReviews(coach.id);
    expect(listed).toMatchObject({ total: 1, page: 1 });
    expect(listed.reviews).toEqual([
      {
        id: afterClient.mine?.id,
        rating: 4,
        body: 'Calm and practical.',
        created_at: afterClient.mine?.created_at,
        client_first_name: 'Maya',
        reply: null,
        replied_at: null,
      },
    ]);

    // The reply: the coach once; the client cannot; a second reply is 409; blank is 400.
    const reviewId = afterClient.mine?.id ?? '';
    const byClient = await t.call(client.session, 'POST', `/api/reviews/${reviewId}/reply`, {
      reply: 'Me too',
    });
    expect(byClient.statusCode).toBe(403);
    const blank = await t.call(coach.session, 'POST', `/api/reviews/${reviewId}/reply`, { reply: '   ' });
    expect(blank.statusCode).toBe(400);
    const replied = await t.call(coach.session, 'POST', `/api/reviews/${reviewId}/reply`, {
      reply: ' Thank you, Maya. ',
    });
    expect(replied.statusCode, replied.body).toBe(200);
    const afterReply = sessionReviewsSchema.parse(replied.json());
    expect(afterReply.theirs).toMatchObject({
      reply: 'Thank you, Maya.',
      replied_at: t.clock.now().toISOString(),
    });
    expect(afterReply.can_reply).toBe(false);
    const twice = await t.call(coach.session, 'POST', `/api/reviews/${reviewId}/reply`, { reply: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).message).toBe(REVIEW_MESSAGES.alreadyReplied);
    expect((await viewOf(client, live.id)).mine?.reply).toBe('Thank you, Maya.');
    expect((await publicReviews(coach.id)).reviews[0]?.reply).toBe('Thank you, Maya.');

    // Someone else: 404 for the session's reviews, writing, and replying.
    const stranger = await person('client', 'Sam Stranger');
    expect((await t.call(stranger.session, 'GET', `/api/sessions/${live.id}/reviews`)).statusCode).toBe(404);
    expect((await write(stranger, live.id, { rating: 5, body: '' })).statusCode).toBe(404);
    const strangerReply = await t.call(stranger.session, 'POST', `/api/reviews/${reviewId}/reply`, {
      reply: 'Hi',
    });
    expect(strangerReply.statusCode).toBe(404);
    expect((await t.call(null, 'GET', `/api/sessions/${live.id}/reviews`)).statusCode).toBe(401);
  });
});

describe('the 7-day path', () => {
  it('a lone review becomes visible 7 days after the session; the job counts it once and tells both parties', async () => {
    const coach = await person('coach', 'Ada Coach');
    const client = await person('client', 'Robin Client');
    // Ended 7 days ago less 30 s: the client's review is hidden for another 30 s.
    const sessionId = await session(coach, client, { endedAgoMs: REVIEW_BLIND_MS - 30_000 });
    const mine = await wrote(client, sessionId, 2, 'It was fine.');
    expect(mine.mine).toMatchObject({
      is_visible: false,
      visible_at: new Date(t.clock.now().getTime() + 30_000).toISOString(),
    });
    expect((await viewOf(coach, sessionId)).theirs).toBeNull();
    expect(await t.app.reviews.countDueVisible(t.clock.now())).toBe(0);

    t.clock.advance(MINUTE);
    // Visible to the coach and the public from visible_at, even before the job has counted it.
    expect((await viewOf(coach, sessionId)).theirs).toMatchObject({ rating: 2, is_visible: true });
    expect((await publicReviews(coach.id)).total).toBe(1);
    expect(await countedOf(sessionId)).toEqual({ client: false });

    expect(await t.app.reviews.countDueVisible(t.clock.now())).toBe(1);
    expect(await coachStatsOf(coach.id)).toMatchObject({
      total_sessions: 1,
      rating_average: '2.00',
      total_reviews: 1,
    });
    expect(await countedOf(sessionId)).toEqual({ client: true });
    for (const id of [coach.id, client.id])
      expect((await visibleEvents(id)).map((event) => event.payload)).toEqual([{ session_id: sessionId }]);
    // Counted once: the next run finds nothing.
    expect(await t.app.reviews.countDueVisible(t.clock.now())).toBe(0);

    // The coach writes late: theirs is visible at once (the other side has written).
    const late = await wrote(coach, sessionId, 3, 'Good questions.');
    expect(late.mine).toMatchObject({ is_visible: true, visible_at: t.clock.now().toISOString() });
    expect((await viewOf(client, sessionId)).theirs).toMatchObject({ rating: 3 });
    expect(await countedOf(sessionId)).toEqual({ client: true, coach: true });
  });

  it('a first review written after the 7 days is visible and counted at once', async () => {
    const coach = await person('coach', 'Bea Coach');
    const client = await person('client', 'Kim Client');
    const sessionId = await session(coach, client, { endedAgoMs: REVIEW_BLIND_MS + MINUTE });
    const mine = await wrote(client, sessionId, 5, '');
    expect(mine.mine).toMatchObject({ is_visible: true, body: '', visible_at: t.clock.now().toISOString() });
    expect(await coachStatsOf(coach.id)).toMatchObject({ rating_average: '5.00', total_reviews: 1 });
    expect(await countedOf(sessionId)).toEqual({ client: true });
  });

  it('the coach reviewing first is hidden from the client until the client writes', async () => {
    const coach = await person('coach', 'Cy Coach');
    const client = await person('client', 'Lee Client');
    const sessionId = await session(coach, client);
    await wrote(coach, sessionId, 4, 'Open and curious.');
    expect((await viewOf(client, sessionId)).theirs).toBeNull();
    const both = await wrote(client, sessionId, 5, 'Helpful.');
    expect(both.theirs).toMatchObject({ author_role: 'coach', body: 'Open and curious.' });
  });
});

describe('the reviewed person is told (review_visible)', () => {
  const notificationsOf = (who: Person) => notificationsOfPerson(t, who.session);
  const createdEvents = async (userId: string) =>
    (await eventsOf(t.pool, userId))
      .filter((event) => event.type === NOTIFICATION_EVENTS.created)
      .map((event) => event.payload);

  it('both sides wrote: each hears of the review about them, with the way to their review screen', async () => {
    const coach = await person('coach', 'Gia Coach');
    const client = await person('client', 'Robin Client');
    const sessionId = await session(coach, client);
    await wrote(coach, sessionId, 4, 'Open and curious.');
    // Hidden: nobody is told yet.
    expect(await notificationsOf(client)).toEqual([]);
    expect(await notificationsOf(coach)).toEqual([]);

    await wrote(client, sessionId, 5, 'Helpful.');
    const toCoach = await notificationsOf(coach);
    expect(toCoach).toMatchObject([
      {
        type: 'review_visible',
        title: NOTIFICATION_TEXTS.reviewVisible.title,
        message: 'Robin Client left you a 5-star review.',
        actor_id: client.id,
        action_text: NOTIFICATION_TEXTS.reviewVisible.action,
        action_url: `/coach-review/${sessionId}`,
      },
    ]);
    const toClient = await notificationsOf(client);
    expect(toClient).toMatchObject([
      {
        type: 'review_visible',
        message: 'Gia Coach left you a 4-star review.',
        actor_id: coach.id,
        actor_name: 'Gia Coach',
        action_url: `/review/${sessionId}`,
      },
    ]);
    expect(await createdEvents(coach.id)).toEqual([{ notification: toCoach[0] }]);
    expect(await createdEvents(client.id)).toEqual([{ notification: toClient[0] }]);
  });

  it('a lone review: told when the job shows it, once; a late answer tells only its own subject', async () => {
    const coach = await person('coach', 'Hal Coach');
    const client = await person('client', 'Robin Client');
    const sessionId = await session(coach, client, { endedAgoMs: REVIEW_BLIND_MS - 30_000 });
    await wrote(client, sessionId, 3, 'Fine.');
    expect(await notificationsOf(coach)).toEqual([]);

    t.clock.advance(MINUTE);
    expect(await t.app.reviews.countDueVisible(t.clock.now())).toBe(1);
    expect(await t.app.reviews.countDueVisible(t.clock.now())).toBe(0);
    expect(await notificationsOf(coach)).toMatchObject([
      { type: 'review_visible', message: 'Robin Client left you a 3-star review.' },
    ]);
    expect(await notificationsOf(client)).toEqual([]);

    // The coach answers after the window: theirs is visible at once and only the client is told.
    await wrote(coach, sessionId, 4, 'Good questions.');
    expect(await notificationsOf(client)).toMatchObject([
      { type: 'review_visible', action_url: `/review/${sessionId}` },
    ]);
    expect(await notificationsOf(coach)).toHaveLength(1);
  });
});

describe('two first reviews at the same moment', () => {
  it('never both stay hidden (the session row lock makes the second see the first)', async () => {
    const coach = await person('coach', 'Dee Coach');
    const client = await person('client', 'Ray Client');
    const ids = await Promise.all([1, 2, 3, 4].map(() => session(coach, client)));
    await Promise.all(ids.flatMap((id) => [wrote(client, id, 5, 'Great'), wrote(coach, id, 4, 'Engaged')]));
    for (const id of ids) {
      const view = await viewOf(client, id);
      expect(view.mine?.is_visible).toBe(true);
      expect(view.theirs?.is_visible).toBe(true);
      expect(await countedOf(id)).toEqual({ client: true, coach: true });
    }
    expect(await coachStatsOf(coach.id)).toMatchObject({ total_reviews: 4, rating_average: '5.00' });
  });
});

describe('input and lists', () => {
  it('rejects a rating outside 1..5 and a body over 2,000 characters', async () => {
    const coach = await person('coach', 'Eve Coach');
    const client = await person('client', 'Ana Client');
    const sessionId = await session(coach, client);
    for (const body of [
      { rating: 0 },
      { rating: 6 },
      { rating: 4.5 },
      {},
      { rating: 5, body: 'x'.repeat(2_001) },
    ]) {
      const response = await write(client, sessionId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await write(client, sessionId, { rating: 5, extra: true })).statusCode).toBe(400);
  });

  it('GET /api/reviews: awaiting, written and received (visible only) in the caller role; coaches only as=coach', async () => {
    const coach = await person('coach', 'Fay Coach');
    await t.pool.query("update profiles set full_name = 'Fay Coach' where user_id = $1", [coach.id]);
    const client = await person('client', 'Max Client');
    const waiting = await session(coach, client);
    const reviewed = await session(coach, client, { endedAgoMs: 10 * MINUTE });
    const hidden = await session(coach, client, { endedAgoMs: 20 * MINUTE });
    await session(coach, client, { status: 'active' }); // live: not awaiting a review
    await wrote(client, reviewed, 5, 'Warm.');
    await wrote(coach, reviewed, 4, 'Thoughtful.');
    t.clock.advance(1_000);
    await wrote(coach, hidden, 3, 'Quiet.');

    const asClient = await t.call(client.session, 'GET', '/api/reviews?as=client');
    expect(asClient.statusCode, asClient.body).toBe(200);
    const mineAsClient = myReviewsSchema.parse(asClient.json());
    expect(mineAsClient.awaiting.map((item) => item.session_id)).toEqual([waiting, hidden]);
    expect(mineAsClient.awaiting[0]).toMatchObject({ other_name: 'Fay Coach', format: 'text' });
    expect(mineAsClient.written.map((item) => [item.session_id, item.rating, item.other_name])).toEqual([
      [reviewed, 5, 'Fay Coach'],
    ]);
    // The coach's review of `hidden` is not visible yet: only the visible one is received.
    expect(mineAsClient.received.map((item) => [item.session_id, item.body, item.can_reply])).toEqual([
      [reviewed, 'Thoughtful.', false],
    ]);
    expect(mineAsClient.summary).toEqual({ rating_average: 4, total_reviews: 1 });

    const asCoach = myReviewsSchema.parse(
      (await t.call(coach.session, 'GET', '/api/reviews?as=coach')).json(),
    );
    expect(asCoach.awaiting.map((item) => item.session_id)).toEqual([waiting]);
    expect(asCoach.awaiting[0]?.other_name).toBe('Robin Client');
    expect(asCoach.written.map((item) => [item.session_id, item.is_visible])).toEqual([
      [hidden, false],
      [reviewed, true],
    ]);
    expect(asCoach.received.map((item) => [item.session_id, item.rating, item.can_reply])).toEqual([
      [reviewed, 5, true],
    ]);
    expect(asCoach.summary).toEqual({ rating_average: 5, total_reviews: 1 });

    const clientAsCoach = await t.call(client.session, 'GET', '/api/reviews?as=coach');
    expect(clientAsCoach.statusCode).toBe(403);
    expect(errorOf(clientAsCoach).message).toBe(REVIEW_MESSAGES.coachRoleRequired);
  });

  it('the public list pages newest first, 10 per page', async () => {
    const coach = await person('coach', 'Gus Coach');
    const client = await person('client', 'Ivy Client');
    for (let index = 0; index < 12; index += 1) {
      const id = await session(coach, client, { endedAgoMs: REVIEW_BLIND_MS + MINUTE });
      await wrote(client, id, 1 + (index % 5), `Review ${index}`);
      t.clock.advance(1_000);
    }
    const first = await publicReviews(coach.id);
    expect(first).toMatchObject({ total: 12, page: 1, page_size: 10 });
    expect(first.reviews.map((review) => review.body).slice(0, 2)).toEqual(['Review 11', 'Review 10']);
    const second = coachReviewsSchema.parse(
      (await t.call(null, 'GET', `/api/coaches/${coach.id}/reviews?page=2`)).json(),
    );
    expect(second.reviews.map((review) => review.body)).toEqual(['Review 1', 'Review 0']);
    expect((await publicReviews(randomUUID())).reviews).toEqual([]);
  });
});

describe('figures', () => {
  it('describes response times and on-time shares, and shows first names only', () => {
    expect(describeResponseTime(null)).toBeNull();
    expect(describeResponseTime(59)).toBe('< 1 minute');
    expect(describeResponseTime(90)).toBe('< 5 minutes');
    expect(describeResponseTime(1_800)).toBe('< 1 hour');
    expect(describeResponseTime(7_200)).toBe('< 1 day');
    expect(describeResponseTime(200_000)).toBe('1 day or more');
    expect(onTimePercentage({ answeredInstant: 0, decidedInstant: 0 })).toBeNull();
    expect(onTimePercentage({ answeredInstant: 2, decidedInstant: 3 })).toBe(67);
    expect(firstNameOf('  Maya   Thompson ')).toBe('Maya');
    expect(firstNameOf('')).toBe('Client');
  });
});
