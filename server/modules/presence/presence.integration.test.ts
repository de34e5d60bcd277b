import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { AuthSession } from '#contracts/auth';
import { coachSearchResponseSchema, recommendedCoachesResponseSchema } from '#contracts/discovery';
import { favoritesResponseSchema } from '#contracts/favorites';
import { coachPageSchema } from '#contracts/coach-pages';
import { PRESENCE_EVENT, presenceSchema } from '#contracts/presence';
import { BROADCAST_TOPIC } from '#contracts/realtime';
import {
  chatSessions,
  coachApplications,
  coachDirectory,
  profiles,
  realtimeEvents,
} from '#server/db/schema/index';
import { errorOf, signUpWithRole } from '#test/support/auth';
import { useTestApp } from '#test/support/test-app';

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });

let counter = 0;

/** Coach role + an approved application (what discovery lists and presence requires). */
async function approvedCoach(options: { username?: string } = {}) {
  counter += 1;
  const session = await signUpWithRole(t.app, 'coach', { fullName: `Presence Coach ${counter}` });
  await t.db.insert(coachApplications).values({
    userId: session.user.id,
    status: 'approved',
    experience: 'Ten years of sleep coaching.',
    bio: 'Calm, practical sleep coaching.',
  });
  const username = options.username ?? `presence-coach-${counter}`;
  const patched = await t.call(session, 'PATCH', '/api/profiles/me', { username, categories: ['sleep'] });
  expect(patched.statusCode, patched.body).toBe(200);
  return { session, coachId: session.user.id, username };
}

const getPresence = (session: AuthSession | null) => t.call(session, 'GET', '/api/me/presence');
const putPresence = (session: AuthSession | null, body: object) =>
  t.call(session, 'PUT', '/api/me/presence', body);
const confirm = (session: AuthSession | null) => t.call(session, 'POST', '/api/me/presence/confirm');

const presenceOf = (response: Awaited<ReturnType<typeof getPresence>>) => {
  expect(response.statusCode, response.body).toBe(200);
  return presenceSchema.parse(response.json());
};

/** PRESENCE_EVENT payloads recorded on the broadcast topic for one coach, oldest first. */
async function broadcastsFor(coachId: string) {
  const rows = await t.db
    .select()
    .from(realtimeEvents)
    .where(and(eq(realtimeEvents.topic, BROADCAST_TOPIC), eq(realtimeEvents.type, PRESENCE_EVENT)))
    .orderBy(realtimeEvents.seq);
  return rows.filter((row) => row.payload.coach_id === coachId).map((row) => row.payload);
}

async function startSession(coachId: string) {
  const client = await signUpWithRole(t.app, 'client', { fullName: 'Busy Client' });
  const now = t.clock.now();
  const [row] = await t.db
    .insert(chatSessions)
    .values({
      coachId,
      clientId: client.user.id,
      clientName: 'Busy Client',
      format: 'text',
      status: 'active',
      createdAt: now,
      startTime: now,
      paymentAmount: 2_000,
      sessionValue: 6_000,
      clientPurpose: 'Sleep better',
      updatedAt: now,
    })
    .returning({ id: chatSessions.id });
  return row!.id;
}

const endSession = (sessionId: string) =>
  t.db
    .update(chatSessions)
    .set({ status: 'completed', endTime: t.clock.now(), completedBy: 'coach' })
    .where(eq(chatSessions.id, sessionId));

const directoryOnline = async (coachId: string) =>
  (
    await t.db
      .select({ isOnline: coachDirectory.isOnline })
      .from(coachDirectory)
      .where(eq(coachDirectory.coachId, coachId))
  )[0]?.isOnline;

describe('who may use /api/me/presence', () => {
  it('refuses anonymous callers, clients, coaches without an approved application and applicants without the coach role', async () => {
    for (const call of [getPresence(null), putPresence(null, { is_online: true }), confirm(null)])
      expect((await call).statusCode).toBe(401);

    const client = await signUpWithRole(t.app, 'client');
    const unapprovedCoach = await signUpWithRole(t.app, 'coach');
    // Approved application, but the coach role was never taken (or was removed).
    const approvedClient = await signUpWithRole(t.app, 'client');
    await t.db
      .insert(coachApplications)
      .values({ userId: approvedClient.user.id, status: 'approved', experience: 'x', bio: 'x' });

    for (const [who, session] of Object.entries({ client, unapprovedCoach, approvedClient })) {
      for (const response of [
        await getPresence(session),
        await putPresence(session, { is_online: true }),
        await confirm(session),
      ]) {
        expect(response.statusCode, `${who}: ${response.body}`).toBe(403);
        expect(errorOf(response).code).toBe('FORBIDDEN');
      }
    }
    // Nothing changed for any of them.
    const rows = await t.db
      .select({ isOnline: profiles.isOnline, confirmedAt: profiles.lastOnlineConfirmAt })
      .from(profiles)
      .where(eq(profiles.userId, unapprovedCoach.user.id));
    expect(rows).toEqual([{ isOnline: false, confirmedAt: null }]);
  });

  it('validates the body', async () => {
    const { session } = await approvedCoach();
    for (const body of [{}, { is_online: 'yes' }, { is_online: true, last_online_confirm_at: null }]) {
      const response = await putPresence(session, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION_ERROR');
    }
    expect(presenceOf(await getPresence(session)).is_online).toBe(false);
  });
});

describe('going online, confirming, going offline', () => {
  it('records last_online_confirm_at with the injected clock and announces each change on the broadcast topic', async () => {
    const { session, coachId } = await approvedCoach();
    expect(presenceOf(await getPresence(session))).toEqual({
      is_online: false,
      last_online_confirm_at: null,
      is_busy: false,
    });

    const deliver = vi.spyOn(t.app.realtime, 'deliver');
    try {
      const start = t.clock.now().getTime();
      const at = (minutes: number) => new Date(start + minutes * 60_000);
      const iso = (minutes: number) => at(minutes).toISOString();
      expect(presenceOf(await putPresence(session, { is_online: true }))).toEqual({
        is_online: true,
        last_online_confirm_at: iso(0),
        is_busy: false,
      });
      // Discovery's read model follows in the same transaction.
      expect(await directoryOnline(coachId)).toBe(true);
      expect(await broadcastsFor(coachId)).toEqual([{ coach_id: coachId, is_online: true, is_busy: false }]);
      // Delivered after the commit, as recorded.
      const delivered = deliver.mock.calls.flatMap(([events]) => events);
      expect(delivered).toHaveLength(1);
      expect(delivered[0]).toMatchObject({
        topic: BROADCAST_TOPIC,
        type: PRESENCE_EVENT,
        payload: { coach_id: coachId, is_online: true, is_busy: false },
      });

      // "Yes, I'm online" later: a new confirmation, nothing new for others to see.
      t.clock.set(at(5));
      expect(presenceOf(await confirm(session))).toEqual({
        is_online: true,
        last_online_confirm_at: iso(5),
        is_busy: false,
      });
      // Going online again refreshes the confirmation too, without a broadcast.
      t.clock.set(at(8));
      expect(presenceOf(await putPresence(session, { is_online: true })).last_online_confirm_at).toBe(iso(8));
      expect(await broadcastsFor(coachId)).toHaveLength(1);

      t.clock.set(at(11));
      expect(presenceOf(await putPresence(session, { is_online: false }))).toEqual({
        is_online: false,
        last_online_confirm_at: iso(8),
        is_busy: false,
      });
      expect(await directoryOnline(coachId)).toBe(false);
      expect(await broadcastsFor(coachId)).toEqual([
        { coach_id: coachId, is_online: true, is_busy: false },
        { coach_id: coachId, is_online: false, is_busy: false },
      ]);
      expect(deliver.mock.calls.flatMap(([events]) => events)).toHaveLength(2);

      // Confirming while offline changes nothing.
      t.clock.set(at(14));
      expect(presenceOf(await confirm(session))).toEqual({
        is_online: false,
        last_online_confirm_at: iso(8),
        is_busy: false,
      });
      expect(await broadcastsFor(coachId)).toHaveLength(2);
    } finally {
      deliver.mockRestore();
    }
  });

  it('broadcasts a hidden status as offline (show_online_status false)', async () => {
    const { session, coachId } = await approvedCoach();
    const hidden = await t.call(session, 'PATCH', '/api/profiles/me', { show_online_status: false });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(presenceOf(await putPresence(session, { is_online: true })).is_online).toBe(true);
    // Others saw offline before and still do: nothing to announce.
    expect(await broadcastsFor(coachId)).toEqual([]);
    expect(await directoryOnline(coachId)).toBe(false);
    // Showing it while online: others now see online, and are told; hiding it again: offline.
    const shown = await t.call(session, 'PATCH', '/api/profiles/me', { show_online_status: true });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(await directoryOnline(coachId)).toBe(true);
    const hiddenAgain = await t.call(session, 'PATCH', '/api/profiles/me', { show_online_status: false });
    expect(hiddenAgain.statusCode, hiddenAgain.body).toBe(200);
    expect((await broadcastsFor(coachId)).map((payload) => payload.is_online)).toEqual([true, false]);
  });
});

describe('busy: an active chat session', () => {
  it('shows in the coach presence, discovery cards and the coach page, and announce() records it', async () => {
    const { session, coachId, username } = await approvedCoach({ username: 'busy-bee-coach' });
    await putPresence(session, { is_online: true });
    const card = async () => {
      const response = await t.call(null, 'GET', '/api/coaches?q=Presence&pageSize=48');
      const found = coachSearchResponseSchema
        .parse(response.json())
        .coaches.find((coach) => coach.coach_id === coachId);
      return found && { is_online: found.is_online, is_busy: found.is_busy };
    };
    const pageOnline = async () =>
      coachPageSchema.parse((await t.call(null, 'GET', `/api/coach-pages/${username}`)).json()).online;

    // A client who follows the coach sees the card on /client-favorites too.
    const follower = await signUpWithRole(t.app, 'client', { fullName: 'Follower' });
    expect((await t.call(follower, 'PUT', `/api/favorites/${coachId}`, {})).statusCode).toBe(200);
    const favoriteCard = async () => {
      const found = favoritesResponseSchema
        .parse((await t.call(follower, 'GET', '/api/favorites')).json())
        .coaches.find((coach) => coach.coach_id === coachId);
      return found && { is_online: found.is_online, is_busy: found.is_busy };
    };
    const recommendedCard = async () => {
      const found = recommendedCoachesResponseSchema
        .parse((await t.call(null, 'GET', '/api/coaches/recommended')).json())
        .coaches.find((coach) => coach.coach_id === coachId);
      return found && { is_online: found.is_online, is_busy: found.is_busy };
    };

    expect(await card()).toEqual({ is_online: true, is_busy: false });

    const sessionId = await startSession(coachId);
    expect(presenceOf(await getPresence(session)).is_busy).toBe(true);
    expect(await card()).toEqual({ is_online: true, is_busy: true });
    expect(await favoriteCard()).toEqual({ is_online: true, is_busy: true });
    expect(await recommendedCard()).toEqual({ is_online: true, is_busy: true });
    expect(await pageOnline()).toMatchObject({ is_online: true, is_busy: true });

    // What the chat sessions call inside their transaction when a session starts.
    const started = await t.db.transaction((tx) => t.app.presence.announce(tx, coachId));
    expect(started).toMatchObject({
      topic: BROADCAST_TOPIC,
      type: PRESENCE_EVENT,
      payload: { coach_id: coachId, is_online: true, is_busy: true },
    });

    // Hiding the online status hides busy too.
    await t.call(session, 'PATCH', '/api/profiles/me', { show_online_status: false });
    expect(await card()).toEqual({ is_online: false, is_busy: false });
    expect(await favoriteCard()).toEqual({ is_online: false, is_busy: false });
    expect(await recommendedCard()).toEqual({ is_online: false, is_busy: false });
    expect(await pageOnline()).toBeUndefined();
    expect((await t.db.transaction((tx) => t.app.presence.announce(tx, coachId))).payload).toEqual({
      coach_id: coachId,
      is_online: false,
      is_busy: false,
    });
    await t.call(session, 'PATCH', '/api/profiles/me', { show_online_status: true });

    await endSession(sessionId);
    expect(presenceOf(await getPresence(session)).is_busy).toBe(false);
    expect(await card()).toEqual({ is_online: true, is_busy: false });
    expect(await favoriteCard()).toEqual({ is_online: true, is_busy: false });
    expect(await pageOnline()).toMatchObject({ is_online: true, is_busy: false });
    const ended = await t.db.transaction((tx) => t.app.presence.announceMany(tx, [coachId, coachId]));
    expect(ended.map((event) => event.payload)).toEqual([
      { coach_id: coachId, is_online: true, is_busy: false },
    ]);

    // Recorded in the caller's transaction: a rolled-back change announces nothing.
    const before = await broadcastsFor(coachId);
    await expect(
      t.db.transaction(async (tx) => {
        await t.app.presence.announce(tx, coachId);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await broadcastsFor(coachId)).toEqual(before);
  });

  it('announce() waits for an uncommitted change of the same coach and announces what it committed', async () => {
    const { coachId } = await approvedCoach();
    // Another transaction is changing the coach's presence and has not committed yet.
    const other = await t.pool.connect();
    try {
      await other.query('begin');
      await other.query('update profiles set is_online = true where user_id = $1', [coachId]);
      let settled = false;
      const announced = t.db
        .transaction((tx) => t.app.presence.announce(tx, coachId))
        .then((event) => {
          settled = true;
          return event;
        });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(settled).toBe(false);
      await other.query('commit');
      // Without the row lock it would have announced the old state (offline).
      expect((await announced).payload).toEqual({ coach_id: coachId, is_online: true, is_busy: false });
    } finally {
      other.release();
    }
  });
});

describe('PATCH /api/profiles/me cannot set presence', () => {
  it('refuses is_online and last_online_confirm_at and leaves them unchanged', async () => {
    const { session, coachId } = await approvedCoach();
    for (const body of [{ is_online: true }, { last_online_confirm_at: '2026-01-01T00:00:00Z' }]) {
      const response = await t.call(session, 'PATCH', '/api/profiles/me', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION_ERROR');
    }
    expect(presenceOf(await getPresence(session))).toEqual({
      is_online: false,
      last_online_confirm_at: null,
      is_busy: false,
    });
    expect(await directoryOnline(coachId)).toBe(false);
    expect(await broadcastsFor(coachId)).toEqual([]);
  });
});
