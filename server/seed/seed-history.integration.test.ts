import { beforeAll, describe, expect, it } from 'vitest';
import type { AuthSession } from '#contracts/auth';
import { coachPageSchema } from '#contracts/coach-pages';
import { coachSearchResponseSchema } from '#contracts/discovery';
import { earningsSchema } from '#contracts/earnings';
import { conversationsPageSchema, messagesPageSchema } from '#contracts/messages';
import { coachReviewsSchema } from '#contracts/reviews';
import { acceptResponseSchema, sessionListSchema, sessionRequestSchema } from '#contracts/sessions';
import { walletSchema } from '#contracts/wallet';
import { signIn } from '#test/support/auth';
import { postSessionRequest, buildSessionRequestBody } from '#test/factories/sessions';
import { useTestApp } from '#test/support/test-app';
import { createReviewsRepository } from '../modules/reviews/reviews.repository';
import { describeResponseTime, onTimePercentage } from '../modules/reviews/reviews.service';
import { DEMO_COACHES } from './demo-coaches';
import { DEMO_CLIENTS, DEMO_CONVERSATIONS, DEMO_HISTORY, DEMO_VISITOR_INQUIRIES } from './demo-history';
import { DEMO_ACCOUNTS, seedDemoData } from './seed';

/**
 * the demo data tells one story. Seeded into a fresh database, every figure a
 * screen shows is what the rows compute; every paid session of a wallet or a revenue list is a
 * session both parties see; and a real session afterwards adds to the figures instead of replacing them.
 */
const t = useTestApp({ RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' });

const passwordOf = (email: string) =>
  DEMO_ACCOUNTS.find((account) => account.email === email)?.password ?? '';
async function login(email: string): Promise<AuthSession> {
  const response = await signIn(t.app, email, passwordOf(email));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuthSession>();
}

async function idOf(email: string): Promise<string> {
  const result = await t.pool.query<{ id: string }>('select id from users where email = $1', [email]);
  const id = result.rows[0]?.id;
  if (!id) throw new Error(`no user ${email}`);
  return id;
}

type Stats = {
  total_sessions: number;
  total_clients: number;
  rating_average: string | null;
  total_reviews: number;
  avg_response_time: string | null;
  on_time_percentage: number | null;
};

async function statsOf(coachId: string): Promise<Stats | undefined> {
  const result = await t.pool.query<Stats>(
    `select total_sessions, total_clients, rating_average, total_reviews, avg_response_time, on_time_percentage
       from coach_stats where coach_id = $1`,
    [coachId],
  );
  return result.rows[0];
}

async function get<T>(session: AuthSession | null, url: string, schema: { parse: (value: unknown) => T }) {
  const response = await t.call(session, 'GET', url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return schema.parse(response.json());
}

/** Every page of GET /api/sessions for the person as `as`: the ids. */
async function sessionIdsOf(session: AuthSession, as: 'client' | 'coach'): Promise<Set<string>> {
  const ids = new Set<string>();
  for (let page = 1; ; page += 1) {
    const list = await get(session, `/api/sessions?as=${as}&page=${page}`, sessionListSchema);
    for (const item of list.sessions) ids.add(item.id);
    if (page * list.page_size >= list.total) return ids;
  }
}

/** The public figures of a coach on every screen that shows them: coach page, discovery, reviews list. */
async function shownFigures(coachId: string, username: string) {
  const page = await get(null, `/api/coach-pages/${username}`, coachPageSchema);
  const search = await get(null, `/api/coaches?pageSize=48`, coachSearchResponseSchema);
  const card = search.coaches.find((coach) => coach.coach_id === coachId);
  const reviews = [];
  for (let number = 1; ; number += 1) {
    const list = await get(null, `/api/coaches/${coachId}/reviews?page=${number}`, coachReviewsSchema);
    reviews.push(...list.reviews);
    if (number * list.page_size >= list.total) break;
  }
  return { stats: page.stats, card, reviews };
}

describe('the demo data', () => {
  beforeAll(async () => {
    expect(await seedDemoData(t.db, t.clock.now())).toBe(true);
  }, 120_000);

  it('shows for every coach the rating, reviews, sessions and clients its rows compute', async () => {
    const repository = createReviewsRepository();
    const now = t.clock.now();
    for (const coach of DEMO_COACHES) {
      const coachId = await idOf(coach.email);
      const history = DEMO_HISTORY[coach.username]?.sessions ?? [];
      const stats = await statsOf(coachId);
      // What the reviews module computes from the tables, right now.
      const figures = await repository.coachFigures(t.db, coachId, now);
      expect(stats, coach.username).toEqual({
        total_sessions: figures.totalSessions,
        total_clients: figures.totalClients,
        rating_average: figures.ratingAverage,
        total_reviews: figures.totalReviews,
        avg_response_time: describeResponseTime(figures.avgResponseSeconds),
        on_time_percentage: onTimePercentage(figures),
      });
      // And those rows are the story of demo-history.ts: one completed session per past session.
      expect(figures.totalSessions, coach.username).toBe(history.length);
      expect(figures.totalClients).toBe(new Set(history.map((past) => past.client)).size);
      expect(figures.totalReviews, coach.username).toBeGreaterThan(0);

      const shown = await shownFigures(coachId, coach.username);
      expect(shown.stats?.total_sessions).toBe(stats?.total_sessions);
      expect(shown.stats?.total_reviews).toBe(stats?.total_reviews);
      expect(shown.stats?.rating_average).toBe(Number(stats?.rating_average));
      expect(shown.card?.total_reviews, coach.username).toBe(stats?.total_reviews);
      expect(shown.card?.rating_average).toBe(Number(stats?.rating_average));
      // The public list holds exactly the counted reviews, each by a client with a first name and a text.
      expect(shown.reviews).toHaveLength(stats?.total_reviews ?? -1);
      const average = shown.reviews.reduce((sum, review) => sum + review.rating, 0) / shown.reviews.length;
      expect(average.toFixed(2)).toBe(stats?.rating_average);
      const firstNames = Object.values(DEMO_CLIENTS).map((client) => client.fullName.split(' ')[0]);
      for (const review of shown.reviews) {
        expect(firstNames).toContain(review.client_first_name);
        expect(review.body.length).toBeGreaterThan(10);
      }
    }
  });

  it('leaves no session open and pays every completed session exactly once, through the ledger', async () => {
    const open = await t.pool.query(`select id from chat_sessions where status <> 'completed'`);
    expect(open.rows).toEqual([]);
    const orphans = await t.pool.query(`
      select h.id from money_holds h
       where h.status <> 'captured'
          or not exists (select 1 from chat_sessions c
                          where c.request_id::text = h.reference_id and h.reference_type = 'session_request'
                            and c.status = 'completed' and c.payment_amount = h.amount)`);
    expect(orphans.rows).toEqual([]);
    const sessions = await t.pool.query<{ count: string }>('select count(*) from chat_sessions');
    const holds = await t.pool.query<{ count: string }>('select count(*) from money_holds');
    expect(Number(holds.rows[0]?.count)).toBe(Number(sessions.rows[0]?.count));
    const ledger = await t.pool.query<{ total: string }>(
      'select coalesce(sum(amount), 0)::text as total from ledger_entries',
    );
    expect(ledger.rows[0]?.total).toBe('0');
  });

  it("lists every paid session of the client's wallet and the coach's revenue in both parties' session lists", async () => {
    const client = await login('client@wellspring.demo');
    const coach = await login('coach@wellspring.demo');
    const clientSessions = await sessionIdsOf(client, 'client');
    const coachSessions = await sessionIdsOf(coach, 'coach');
    const sessionOfRequest = async (requestId: string) => {
      const result = await t.pool.query<{ id: string; coach_id: string }>(
        'select id, coach_id from chat_sessions where request_id = $1',
        [requestId],
      );
      return result.rows[0];
    };
    const lenaId = await idOf('coach@wellspring.demo');

    const wallet = await get(client, '/api/wallet', walletSchema);
    const paid = wallet.transactions.filter((row) => row.source_type === 'session_request');
    expect(paid.length).toBeGreaterThan(5);
    for (const row of paid) {
      const session = await sessionOfRequest(row.source_id);
      expect(session, row.description).toBeDefined();
      expect(clientSessions.has(session?.id ?? '')).toBe(true);
      if (session?.coach_id === lenaId) expect(coachSessions.has(session.id)).toBe(true);
      else {
        const other = await t.app.chatSessions.list(session?.coach_id ?? '', { as: 'coach', page: 1 });
        const all = new Set(other.sessions.map((item) => item.id));
        for (let page = 2; (page - 1) * other.page_size < other.total; page += 1)
          for (const item of (await t.app.chatSessions.list(session?.coach_id ?? '', { as: 'coach', page }))
            .sessions)
            all.add(item.id);
        expect(all.has(session?.id ?? '')).toBe(true);
      }
    }

    const revenue = await get(coach, '/api/earnings?range=12m&page_size=50', earningsSchema);
    expect(revenue.sessions.total).toBe(DEMO_HISTORY['lena-ortiz']?.sessions.length);
    for (const item of revenue.sessions.items) {
      const session = await sessionOfRequest(item.source_id);
      expect(coachSessions.has(session?.id ?? '')).toBe(true);
    }
    // Some seeded earnings are older than the hold days: the earnings job made them available.
    expect(revenue.pending).toBeGreaterThan(0);
  });

  it('opens both demo accounts to their conversations, each with the unread message its story leaves', async () => {
    const client = await login('client@wellspring.demo');
    const coach = await login('coach@wellspring.demo');
    const mine = await get(client, '/api/conversations', conversationsPageSchema);
    const theirs = await get(coach, '/api/conversations', conversationsPageSchema);
    const ofClient = DEMO_CONVERSATIONS.filter((demo) => demo.client === 'maya');
    expect(mine.conversations.map((item) => item.coach.username).sort()).toEqual(
      ofClient.map((demo) => demo.coach).sort(),
    );
    for (const item of mine.conversations) {
      const demo = ofClient.find((candidate) => candidate.coach === item.coach.username);
      const last = demo?.messages.at(-1);
      expect(item.last_message?.content).toBe(last?.text);
      // The last message is the other side's when the client has not answered it yet.
      expect(item.unread_count).toBe(last?.from === 'coach' ? 1 : 0);
      const history = await get(client, `/api/conversations/${item.id}/messages`, messagesPageSchema);
      expect(history.messages.map((message) => message.content)).toEqual(
        demo?.messages.map((line) => line.text),
      );
    }
    // The coach's: Maya's question, and the newer visitor's message from the website, both unread.
    const visitors = DEMO_VISITOR_INQUIRIES.filter((demo) => demo.coach === 'lena-ortiz');
    expect(visitors.length).toBeGreaterThan(0);
    expect(
      theirs.conversations.map((item) => [item.client.name, item.client.user_id === null, item.unread_count]),
    ).toEqual([
      ...visitors.map((demo) => [demo.name, true, 1]),
      ...DEMO_CONVERSATIONS.filter((demo) => demo.coach === 'lena-ortiz').map(() => [
        DEMO_CLIENTS.maya.fullName,
        false,
        1,
      ]),
    ]);
    expect(theirs.unread_total).toBe(1 + visitors.length);
  });

  it('adds one real session and review to the figures instead of replacing them', async () => {
    const client = await login('client@wellspring.demo');
    const coach = await login('coach@wellspring.demo');
    const coachId = await idOf('coach@wellspring.demo');
    const before = await statsOf(coachId);
    const beforeShown = await shownFigures(coachId, 'lena-ortiz');
    if (!before) throw new Error('the demo coach has no stats');

    const created = await postSessionRequest(
      t.app,
      client,
      buildSessionRequestBody(coachId, { format: 'text' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const request = sessionRequestSchema.parse(created.json());
    const accepted = await t.call(coach, 'POST', `/api/session-requests/${request.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const sessionId = acceptResponseSchema.parse(accepted.json()).session.id;
    t.clock.advance(10 * 60_000);
    const ended = await t.call(coach, 'POST', `/api/sessions/${sessionId}/end`);
    expect(ended.statusCode, ended.body).toBe(200);
    for (const [who, rating] of [
      [client, 3],
      [coach, 5],
    ] as const) {
      const review = await t.call(who, 'POST', `/api/sessions/${sessionId}/reviews`, {
        rating,
        body: 'One more session after the demo history.',
      });
      expect(review.statusCode, review.body).toBe(201);
    }

    const after = await statsOf(coachId);
    expect(after?.total_sessions).toBe(before.total_sessions + 1);
    expect(after?.total_reviews).toBe(before.total_reviews + 1);
    // Maya was already one of the coach's clients.
    expect(after?.total_clients).toBe(before.total_clients);
    const sum = Number(before.rating_average) * before.total_reviews + 3;
    expect(Number(after?.rating_average)).toBeCloseTo(sum / (before.total_reviews + 1), 2);
    const shown = await shownFigures(coachId, 'lena-ortiz');
    expect(shown.stats?.total_sessions).toBe((beforeShown.stats?.total_sessions ?? 0) + 1);
    expect(shown.card?.total_reviews).toBe((beforeShown.card?.total_reviews ?? 0) + 1);
    expect(shown.reviews).toHaveLength(beforeShown.reviews.length + 1);
    expect((await sessionIdsOf(client, 'client')).has(sessionId)).toBe(true);
  });
});
