import { randomUUID } from 'node:crypto';
import type { AuthSession } from '../../contracts/auth';
import type { App } from '../../server/app';
import type { Database } from '../../server/db/client';
import { outboxFor, signUpWithRole, uniqueEmail } from './auth';
import type { TestDatabase } from './database';
import { topUpThroughEvent } from './money';

type Pool = TestDatabase['pool'];

export type TestCoach = {
  id: string;
  session: AuthSession;
  email: string;
  username: string;
  fullName: string;
};

export type TestClient = { id: string; session: AuthSession; email: string; fullName: string };

/**
 * An approved (listed) coach who can sign in: signed up through the API with the coach role, then an
 * approved coach_applications row, the profile's name, username, online status and on-demand rates
 * (cents per 15 minutes; null = the SPEC §9 default: text 3000, audio 3500, video 4000) and categories.
 */
export async function approvedCoach(
  app: App,
  pool: Pool,
  options: {
    fullName?: string;
    online?: boolean;
    approved?: boolean;
    rates?: { text?: number | null; audio?: number | null; video?: number | null };
    categories?: string[];
  } = {},
): Promise<TestCoach> {
  const fullName = options.fullName ?? 'Lena Ortiz';
  const session = await signUpWithRole(app, 'coach', { fullName });
  const id = session.user.id;
  const username = `coach-${id.slice(0, 8)}`;
  await pool.query(
    `insert into coach_applications (user_id, status, experience, bio) values ($1, $2, 'Years of practice', 'Bio')`,
    [id, options.approved === false ? 'pending' : 'approved'],
  );
  await pool.query(
    `insert into profiles (user_id, full_name) values ($1, $2) on conflict (user_id) do nothing`,
    [id, fullName],
  );
  await pool.query(
    `update profiles set full_name = $2, username = $3, is_online = $4,
            last_online_confirm_at = case when $4 then now() else null end,
            on_demand_text_price = $5, on_demand_audio_price = $6, on_demand_video_price = $7
      where user_id = $1`,
    [
      id,
      fullName,
      username,
      options.online ?? true,
      options.rates?.text ?? null,
      options.rates?.audio ?? null,
      options.rates?.video ?? null,
    ],
  );
  for (const category of options.categories ?? [])
    await pool.query('insert into coach_categories (coach_id, category) values ($1, $2)', [id, category]);
  return { id, session, email: session.user.email ?? `${id}@example.test`, username, fullName };
}

/** A client (client role, signed in) whose wallet holds `amount` cents, credited through the real top-up path. */
export async function fundedClient(
  app: App,
  pool: Pool,
  amount: number,
  options: { fullName?: string } = {},
): Promise<TestClient> {
  const fullName = options.fullName ?? `Client ${randomUUID().slice(0, 6)}`;
  const session = await signUpWithRole(app, 'client', { fullName });
  if (amount > 0) await topUpThroughEvent(app, pool, session.user.id, amount);
  return { id: session.user.id, session, email: session.user.email ?? '', fullName };
}

/** The body of an instant request: 30 minutes of video, a purpose; `extra` overrides. */
export const requestBody = (coachId: string, extra: Record<string, unknown> = {}) => ({
  coach_id: coachId,
  format: 'video',
  duration_minutes: 30,
  purpose: 'Sleep better before exams',
  ...extra,
});

/** POST /api/session-requests as `session` with an Idempotency-Key (`null`: none). */
export const postSessionRequest = (
  app: App,
  session: Pick<AuthSession, 'access_token'>,
  body: object,
  key: string | null = randomUUID(),
) =>
  app.inject({
    method: 'POST',
    url: '/api/session-requests',
    headers: {
      authorization: `Bearer ${session.access_token}`,
      ...(key === null ? {} : { 'idempotency-key': key }),
    },
    payload: body,
  });

/** The money hold of a session request, or undefined. */
export async function holdOfRequest(pool: Pool, requestId: string) {
  const result = await pool.query<{ status: string; amount: string }>(
    `select status, amount from money_holds where reference_type = 'session_request' and reference_id = $1`,
    [requestId],
  );
  const row = result.rows[0];
  return row ? { status: row.status, amount: Number(row.amount) } : undefined;
}

/** The realtime events recorded on a person's topic (`user:<id>`), oldest first. */
export async function eventsOf(pool: Pool, userId: string) {
  const result = await pool.query<{ seq: string; type: string; payload: Record<string, unknown> }>(
    'select seq, type, payload from realtime_events where topic = $1 order by seq',
    [`user:${userId}`],
  );
  return result.rows.map((row) => ({ seq: Number(row.seq), type: row.type, payload: row.payload }));
}

/** A signed-up person with one role (a fresh address): the parties of rows inserted by insertChatSession. */
export type Person = { session: AuthSession; id: string; email: string };

export async function signedUpPerson(app: App, role: 'coach' | 'client', fullName: string): Promise<Person> {
  const email = uniqueEmail(role);
  const session = await signUpWithRole(app, role, { fullName, email });
  return { session, id: session.user.id, email };
}

/**
 * A chat_sessions row as the accept of a request leaves it (and, when completed, as the coach's end
 * does), for tests where money plays no part: text, 30 minutes, no request, the client 'Robin Client'.
 * `start` defaults to `now`; a completed session ends at `end` (default `now`).
 */
export async function insertChatSession(
  pool: Pool,
  input: {
    coachId: string;
    clientId: string;
    clientEmail: string | null;
    now: Date;
    status?: 'active' | 'completed';
    start?: Date;
    end?: Date;
    minutes?: number;
    paymentAmount?: number;
  },
): Promise<string> {
  const id = randomUUID();
  const completed = input.status === 'completed';
  await pool.query(
    `insert into chat_sessions (id, coach_id, client_id, client_name, client_email, format, status, created_at,
       start_time, end_time, completed_by, duration_minutes, payment_amount, session_value, client_purpose,
       updated_at)
     values ($1, $2, $3, 'Robin Client', $4, 'text', $5, $6, $6, $7, $8, $9, $10, 0, 'Sleep better', $6)`,
    [
      id,
      input.coachId,
      input.clientId,
      input.clientEmail,
      completed ? 'completed' : 'active',
      input.start ?? input.now,
      completed ? (input.end ?? input.now) : null,
      completed ? 'coach' : null,
      input.minutes ?? 30,
      input.paymentAmount ?? 0,
    ],
  );
  return id;
}

/**
 * A guest in a live session, made the real way (issue #7 point 7): a funded client's request, the
 * coach's accept, the coach's invitation by email, and the link's token redeemed. Returns the guest's
 * sign-in session and the session's id and parties.
 */
export async function guestInLiveSession(app: App, db: Database, pool: Pool) {
  const coach = await approvedCoach(app, pool, { fullName: 'Guest Host' });
  const client = await fundedClient(app, pool, 10_000, { fullName: 'Guest Inviter' });
  const created = await postSessionRequest(app, client.session, requestBody(coach.id));
  if (created.statusCode !== 201) throw new Error(`request failed: ${created.body}`);
  const accepted = await app.inject({
    method: 'POST',
    url: `/api/session-requests/${created.json<{ id: string }>().id}/accept`,
    headers: { authorization: `Bearer ${coach.session.access_token}` },
  });
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.body}`);
  const sessionId = accepted.json<{ session: { id: string } }>().session.id;
  const email = uniqueEmail('guest');
  const invited = await app.inject({
    method: 'POST',
    url: `/api/sessions/${sessionId}/invitations`,
    headers: { authorization: `Bearer ${coach.session.access_token}` },
    payload: { email },
  });
  if (invited.statusCode !== 201) throw new Error(`invite failed: ${invited.body}`);
  const [message] = await outboxFor(db, email, 'session_invitation');
  const token = message ? /\/session\/([A-Za-z0-9_-]+)/.exec(message.bodyText)?.[1] : undefined;
  if (!token) throw new Error(`no invitation was sent to ${email}`);
  const redeemed = await app.inject({
    method: 'POST',
    url: '/api/session-invitations/redeem',
    payload: { token },
  });
  if (redeemed.statusCode !== 200) throw new Error(`redeem failed: ${redeemed.body}`);
  return { guest: redeemed.json<AuthSession & { session_id: string }>(), sessionId, coach, client };
}
