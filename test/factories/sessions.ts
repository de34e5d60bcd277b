import { randomUUID } from 'node:crypto';
import type { AuthSession } from '#contracts/auth';
import type { App } from '#server/app';
import type { Database } from '#server/db/client';
import { outboxFor, uniqueEmail } from '../support/auth';
import type { TestDatabase } from '../support/database';
import { insertClient, insertCoach } from './people';

type Pool = TestDatabase['pool'];

/** The body of an instant request: 30 minutes of video, a purpose; `extra` overrides. */
export const buildSessionRequestBody = (coachId: string, extra: Record<string, unknown> = {}) => ({
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
 * A guest in a live session, made the real way: a funded client's request, the
 * coach's accept, the coach's invitation by email, and the link's token redeemed. Returns the guest's
 * sign-in session and the session's id and parties.
 */
export async function insertGuestInLiveSession(app: App, db: Database, pool: Pool) {
  const coach = await insertCoach(app, pool, { fullName: 'Guest Host' });
  const client = await insertClient(app, pool, 10_000, { fullName: 'Guest Inviter' });
  const created = await postSessionRequest(app, client.session, buildSessionRequestBody(coach.id));
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
