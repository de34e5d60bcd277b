import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AuthSession } from '#contracts/auth';
import {
  FOLLOWUP_EVENTS,
  FOLLOWUP_MESSAGES,
  FOLLOWUP_NOTES_MAX,
  followupEventPayloadSchema,
  followupsResponseSchema,
  sendFollowupResponseSchema,
} from '#contracts/followups';
import { NOTIFICATION_EVENTS, NOTIFICATION_TEXTS, notificationsPageSchema } from '#contracts/notifications';
import { errorOf, outboxFor, signUpWithRole, uniqueEmail } from '#test/support/auth';
import { useTestApp } from '#test/support/test-app';

const t = useTestApp({ RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' });

type Person = { session: AuthSession; id: string; email: string };

async function person(
  role: 'coach' | 'client',
  fullName: string,
  options: { confirmed?: boolean } = {},
): Promise<Person> {
  const email = uniqueEmail(role);
  const session = await signUpWithRole(t.app, role, { fullName, email });
  // The coach_followup email goes to a confirmed address only (as the decline notification does).
  if (options.confirmed ?? true)
    await t.pool.query('update users set email_confirmed_at = $2 where id = $1', [
      session.user.id,
      t.clock.now(),
    ]);
  return { session, id: session.user.id, email };
}

/** A chat session row as the accept of a request leaves it, then (by default) completed by the coach. */
async function chatSession(
  coach: Person,
  client: Person,
  input: { status?: 'active' | 'completed'; startedMinutesAgo?: number; clientName?: string } = {},
): Promise<string> {
  const id = randomUUID();
  const now = t.clock.now();
  const start = new Date(now.getTime() - (input.startedMinutesAgo ?? 20) * 60_000);
  const completed = (input.status ?? 'completed') === 'completed';
  await t.pool.query(
    `insert into chat_sessions (id, coach_id, client_id, client_name, client_email, format, status, created_at,
       start_time, end_time, completed_by, duration_minutes, payment_amount, session_value, client_purpose,
       updated_at)
     values ($1, $2, $3, $4, $5, 'video', $6, $7, $7, $8, $9, 30, 0, 0, 'Sleep better', $7)`,
    [
      id,
      coach.id,
      client.id,
      input.clientName ?? 'Robin Client',
      client.email,
      completed ? 'completed' : 'active',
      start,
      completed ? now : null,
      completed ? 'coach' : null,
    ],
  );
  return id;
}

const GOOD_BODY = {
  notes: '  Great work today. Try the 4-7-8 breathing before bed this week.  ',
  resources: [
    { title: ' Sleep hygiene basics ', url: ' https://example.com/sleep ' },
    { title: 'Breathing exercise', url: 'https://videos.example.org/watch?v=478&t=2' },
  ],
};

const post = (who: Person | null, sessionId: string, body: unknown, key: string | null = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: `/api/sessions/${sessionId}/followups`,
    headers: {
      ...(who ? { authorization: `Bearer ${who.session.access_token}` } : {}),
      ...(key === null ? {} : { 'idempotency-key': key }),
    },
    payload: body as object,
  });

async function sent(who: Person, sessionId: string, body: unknown = GOOD_BODY, key?: string) {
  const response = await post(who, sessionId, body, key);
  expect(response.statusCode, response.body).toBe(201);
  return sendFollowupResponseSchema.parse(response.json());
}

async function listed(who: Person, sessionId: string) {
  const response = await t.call(who.session, 'GET', `/api/sessions/${sessionId}/followups`);
  expect(response.statusCode, response.body).toBe(200);
  return followupsResponseSchema.parse(response.json());
}

async function eventsOn(userId: string, type: string) {
  const result = await t.pool.query<{ payload: Record<string, unknown> }>(
    'select payload from realtime_events where topic = $1 and type = $2 order by seq',
    [`user:${userId}`, type],
  );
  return result.rows.map((row) => row.payload);
}

async function rowsOf(sessionId: string) {
  const result = await t.pool.query<{ notes: string; resources: unknown }>(
    'select notes, resources from session_followups where session_id = $1 order by created_at',
    [sessionId],
  );
  return result.rows;
}

async function pair(options: { clientConfirmed?: boolean; status?: 'active' | 'completed' } = {}) {
  const coach = await person('coach', 'Lena Ortiz');
  const client = await person('client', 'Robin Client', { confirmed: options.clientConfirmed ?? true });
  const stranger = await person('coach', 'Not Involved');
  const sessionId = await chatSession(coach, client, { status: options.status ?? 'completed' });
  return { coach, client, stranger, sessionId };
}

describe('follow-ups after a session', () => {
  it('the coach sends notes and resources; both parties read them, newest first; the client is told', async () => {
    const { coach, client, sessionId } = await pair();
    const first = await sent(coach, sessionId);
    expect(first.email).toBe('queued');
    expect(first.followup).toMatchObject({
      session_id: sessionId,
      coach_id: coach.id,
      client_id: client.id,
      coach_name: 'Lena Ortiz',
      notes: 'Great work today. Try the 4-7-8 breathing before bed this week.',
      resources: [
        { title: 'Sleep hygiene basics', url: 'https://example.com/sleep' },
        { title: 'Breathing exercise', url: 'https://videos.example.org/watch?v=478&t=2' },
      ],
      created_at: t.clock.now().toISOString(),
    });
    t.clock.advance(60_000);
    const second = await sent(coach, sessionId, { notes: 'One more thing: keep a sleep diary.' });
    expect(second.followup.resources).toEqual([]);

    for (const [who, role] of [
      [coach, 'coach'],
      [client, 'client'],
    ] as const) {
      const answer = await listed(who, sessionId);
      expect(answer.viewer_role).toBe(role);
      expect(answer.session).toMatchObject({
        id: sessionId,
        status: 'completed',
        format: 'video',
        duration_minutes: 30,
        coach_name: 'Lena Ortiz',
        client_name: 'Robin Client',
      });
      expect(answer.followups).toEqual([second.followup, first.followup]);
    }

    const events = await eventsOn(client.id, FOLLOWUP_EVENTS.created);
    expect(events.map((payload) => followupEventPayloadSchema.parse(payload).followup)).toEqual([
      first.followup,
      second.followup,
    ]);
    expect(await eventsOn(coach.id, FOLLOWUP_EVENTS.created)).toEqual([]);
  });

  it('the client gets a lasting notification (followup_received) to the follow-up page; a replay adds none', async () => {
    const { coach, client, sessionId } = await pair();
    const key = randomUUID();
    await sent(coach, sessionId, GOOD_BODY, key);
    await sent(coach, sessionId, GOOD_BODY, key);

    const response = await t.call(client.session, 'GET', '/api/notifications');
    expect(response.statusCode, response.body).toBe(200);
    const { notifications } = notificationsPageSchema.parse(response.json());
    expect(notifications).toMatchObject([
      {
        type: 'followup_received',
        title: 'Notes from Lena Ortiz after your session',
        message: NOTIFICATION_TEXTS.followupReceived.message('Lena Ortiz'),
        actor_id: coach.id,
        actor_name: 'Lena Ortiz',
        action_text: NOTIFICATION_TEXTS.followupReceived.action,
        action_url: `/follow-up/${sessionId}`,
        read_at: null,
      },
    ]);
    expect(await eventsOn(client.id, NOTIFICATION_EVENTS.created)).toEqual([
      { notification: notifications[0] },
    ]);
    expect(await eventsOn(coach.id, NOTIFICATION_EVENTS.created)).toEqual([]);
  });

  it('queues the coach_followup email to the client with every value escaped and the resources as links', async () => {
    const coach = await person('coach', 'Lena <b>Ortiz</b>');
    const client = await person('client', 'Robin');
    const sessionId = await chatSession(coach, client, { clientName: 'Robin "R" & Co' });
    await sent(coach, sessionId, {
      notes: 'Line one <script>alert(1)</script>\nLine two & more',
      resources: [{ title: 'Read <this> & "that"', url: 'https://example.com/a?x=1&y="2"' }],
    });

    const [message, ...others] = await outboxFor(t.db, client.email, 'coach_followup');
    expect(others).toHaveLength(0);
    expect(message).toBeDefined();
    if (!message) return;
    expect(message.channel).toBe('email');
    expect(message.subject).toBe('Notes from Lena <b>Ortiz</b> after your session');
    expect(message.bodyText).toContain('Line one <script>alert(1)</script>\nLine two & more');
    expect(message.bodyText).toContain('- Read <this> & "that": https://example.com/a?x=1&y="2"');
    expect(message.bodyText).toContain(`${t.config.publicUrl}/session/${sessionId}`);

    const html = message.bodyHtml ?? '';
    expect(html).not.toMatch(/<script|<b>|<this>/);
    expect(html).toContain('Hi Robin &quot;R&quot; &amp; Co,');
    expect(html).toContain('Lena &lt;b&gt;Ortiz&lt;/b&gt; sent you notes after your video session:');
    expect(html).toContain('Line one &lt;script&gt;alert(1)&lt;/script&gt;\nLine two &amp; more');
    expect(html).toContain(
      '<li><a href="https://example.com/a?x=1&amp;y=&quot;2&quot;">Read &lt;this&gt; &amp; &quot;that&quot;</a></li>',
    );
    expect(html).toContain(`<a href="${t.config.publicUrl}/session/${sessionId}">Open the session</a>`);
    expect(message.data).toMatchObject({
      clientEmail: client.email,
      clientName: 'Robin "R" & Co',
      coachName: 'Lena <b>Ortiz</b>',
      sessionUrl: `${t.config.publicUrl}/session/${sessionId}`,
      sessionId,
    });
  });

  it('sends no email to a client without a confirmed address (they read it in Wellspring)', async () => {
    const { coach, client, sessionId } = await pair({ clientConfirmed: false });
    const answer = await sent(coach, sessionId);
    expect(answer.email).toBe('no_address');
    expect(await outboxFor(t.db, client.email, 'coach_followup')).toHaveLength(0);
    expect((await listed(client, sessionId)).followups).toEqual([answer.followup]);
  });

  it("keeps the follow-up when its email cannot be queued, and says so ('failed')", async () => {
    const { coach, client, sessionId } = await pair();
    // A real failure inside the real path: this database refuses this one recipient's coach_followup.
    await t.pool.query(`
      create or replace function refuse_followup_email() returns trigger language plpgsql as $$
      begin
        if new.template = 'coach_followup' and new.recipient = '${client.email}' then
          raise exception 'outbox unavailable';
        end if;
        return new;
      end $$;
      create trigger refuse_followup_email before insert on outbox_messages
        for each row execute function refuse_followup_email();`);
    try {
      const answer = await sent(coach, sessionId);
      expect(answer.email).toBe('failed');
      expect(await rowsOf(sessionId)).toHaveLength(1);
      expect((await eventsOn(client.id, FOLLOWUP_EVENTS.created)).length).toBe(1);
      expect(await outboxFor(t.db, client.email, 'coach_followup')).toHaveLength(0);
      expect(t.logs.text()).toContain('followups: the email could not be queued');
    } finally {
      await t.pool.query(
        'drop trigger refuse_followup_email on outbox_messages; drop function refuse_followup_email()',
      );
    }
  });

  it('a retried send with the same Idempotency-Key answers the first response and sends nothing again', async () => {
    const { coach, client, sessionId } = await pair();
    const key = randomUUID();
    const first = await post(coach, sessionId, GOOD_BODY, key);
    expect(first.statusCode, first.body).toBe(201);
    const retry = await post(coach, sessionId, GOOD_BODY, key);
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.headers['idempotency-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await rowsOf(sessionId)).toHaveLength(1);
    expect(await outboxFor(t.db, client.email, 'coach_followup')).toHaveLength(1);
    expect(await eventsOn(client.id, FOLLOWUP_EVENTS.created)).toHaveLength(1);

    // The same key for another body is refused; no key at all is refused.
    const reused = await post(coach, sessionId, { notes: 'Something else' }, key);
    expect(reused.statusCode).toBe(422);
    expect(errorOf(reused).code).toBe('IDEMPOTENCY_KEY_REUSED');
    const keyless = await post(coach, sessionId, GOOD_BODY, null);
    expect(keyless.statusCode).toBe(400);
    expect(errorOf(keyless).code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect(await rowsOf(sessionId)).toHaveLength(1);
  });

  it('only the coach sends (the client 403); anyone else gets 404 and an anonymous caller 401', async () => {
    const { coach, client, stranger, sessionId } = await pair();
    const byClient = await post(client, sessionId, GOOD_BODY);
    expect(byClient.statusCode).toBe(403);
    expect(errorOf(byClient)).toMatchObject({ code: 'FORBIDDEN', message: FOLLOWUP_MESSAGES.coachOnly });

    for (const response of [
      await post(stranger, sessionId, GOOD_BODY),
      await t.call(stranger.session, 'GET', `/api/sessions/${sessionId}/followups`),
      await post(coach, randomUUID(), GOOD_BODY),
      await t.call(coach.session, 'GET', `/api/sessions/${randomUUID()}/followups`),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
      expect(errorOf(response).code).toBe('NOT_FOUND');
    }
    expect((await post(null, sessionId, GOOD_BODY)).statusCode).toBe(401);
    expect((await t.call(null, 'GET', `/api/sessions/${sessionId}/followups`)).statusCode).toBe(401);
    expect(await rowsOf(sessionId)).toHaveLength(0);

    // The client's read-only view: the session, no follow-ups yet.
    const answer = await listed(client, sessionId);
    expect(answer).toMatchObject({ viewer_role: 'client', followups: [] });
  });

  it('is refused (409) while the session is live, and accepted once its time has run out', async () => {
    const coach = await person('coach', 'Lena Ortiz');
    const client = await person('client', 'Robin Client');
    const live = await chatSession(coach, client, { status: 'active', startedMinutesAgo: 10 });
    const refused = await post(coach, live, GOOD_BODY);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({ code: 'CONFLICT', message: FOLLOWUP_MESSAGES.sessionActive });
    expect((await listed(client, live)).session.status).toBe('active');

    // Past its end (start + 30 min) it reads completed, even before the lifecycle job has run. (Its
    // start moves back instead of the clock moving on, which would outlive the access tokens.)
    await t.pool.query(
      `update chat_sessions set start_time = start_time - interval '21 minutes' where id = $1`,
      [live],
    );
    expect((await listed(coach, live)).session.status).toBe('completed');
    expect((await sent(coach, live)).followup.session_id).toBe(live);
  });

  it('validates notes and resources with messages a person can act on', async () => {
    const { coach, sessionId } = await pair();
    const cases: [body: unknown, path: string, message: string][] = [
      [{ notes: '   ' }, 'body.notes', FOLLOWUP_MESSAGES.notesRequired],
      [{ resources: [] }, 'body.notes', FOLLOWUP_MESSAGES.notesRequired],
      [{ notes: 'x'.repeat(FOLLOWUP_NOTES_MAX + 1) }, 'body.notes', FOLLOWUP_MESSAGES.notesTooLong],
      [
        {
          notes: 'Hi',
          resources: Array.from({ length: 11 }, () => ({ title: 'A', url: 'https://a.example' })),
        },
        'body.resources',
        FOLLOWUP_MESSAGES.tooManyResources,
      ],
      [
        { notes: 'Hi', resources: [{ title: ' ', url: 'https://a.example' }] },
        'body.resources.0.title',
        FOLLOWUP_MESSAGES.titleRequired,
      ],
      [
        { notes: 'Hi', resources: [{ title: 'x'.repeat(121), url: 'https://a.example' }] },
        'body.resources.0.title',
        FOLLOWUP_MESSAGES.titleTooLong,
      ],
      [
        { notes: 'Hi', resources: [{ title: 'A', url: 'http://a.example' }] },
        'body.resources.0.url',
        FOLLOWUP_MESSAGES.urlNotHttps,
      ],
      [
        { notes: 'Hi', resources: [{ title: 'A', url: 'javascript:alert(1)' }] },
        'body.resources.0.url',
        FOLLOWUP_MESSAGES.urlNotHttps,
      ],
      [
        { notes: 'Hi', resources: [{ title: 'A', url: 'example.com/page' }] },
        'body.resources.0.url',
        FOLLOWUP_MESSAGES.urlInvalid,
      ],
      [
        { notes: 'Hi', resources: [{ title: 'A', url: 'https://bank.example@evil.example/' }] },
        'body.resources.0.url',
        FOLLOWUP_MESSAGES.urlInvalid,
      ],
      [
        { notes: 'Hi', resources: [{ title: 'A', url: 'https://localhost/x' }] },
        'body.resources.0.url',
        FOLLOWUP_MESSAGES.urlInvalid,
      ],
      [
        { notes: 'Hi', resources: [{ title: 'A', url: `https://a.example/${'x'.repeat(2000)}` }] },
        'body.resources.0.url',
        FOLLOWUP_MESSAGES.urlTooLong,
      ],
      [
        { notes: 'Hi', resources: [{ title: 'A', url: '' }] },
        'body.resources.0.url',
        FOLLOWUP_MESSAGES.urlRequired,
      ],
    ];
    for (const [body, path, message] of cases) {
      const response = await post(coach, sessionId, body);
      expect(response.statusCode, `${JSON.stringify(body).slice(0, 80)}: ${response.body}`).toBe(400);
      expect(errorOf(response).details).toContainEqual({ path, message });
    }
    expect(await rowsOf(sessionId)).toHaveLength(0);
  });
});
