import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '#test/support/app';
import { bearer, signIn, signUp, STRONG_PASSWORD } from '#test/support/auth';
import { useTestDatabase } from '#test/support/test-app';
import { securityEvents } from '#server/db/schema/index';

const event = (type: string) => ({
  event_type: type,
  event_details: {
    user_agent: 'Mozilla/5.0 test',
    timestamp: '2026-11-21T09:00:00Z',
    url: 'http://localhost/portal',
  },
  severity: 'info',
});

describe('security events', () => {
  const database = useTestDatabase();

  it('stores browser events as client-reported, at most 60 per person per minute plus one flood marker', async () => {
    const { app } = await createTestApp(database.db, { RATE_LIMIT_MAX: '100000' });
    const { session } = await signUp(app);
    const types = [
      'USER_LOGIN',
      'TAB_HIDDEN',
      'TAB_VISIBLE',
      'SUSPICIOUS_RAPID_ACTIVITY',
      'USER_SESSION_END',
    ];
    const responses = await Promise.all(
      Array.from({ length: 150 }, (_, index) =>
        app.inject({
          method: 'POST',
          url: '/api/rpc/log_security_event_safe',
          headers: bearer(session),
          payload: event(types[index % types.length] ?? 'TAB_HIDDEN'),
        }),
      ),
    );
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    expect(responses.filter((response) => response.json().stored === true)).toHaveLength(60);
    const stored = await database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, session.user.id), eq(securityEvents.clientReported, true)));
    expect(stored[0]?.count).toBe(60);
    const flood = await database.db
      .select()
      .from(securityEvents)
      .where(
        and(
          eq(securityEvents.userId, session.user.id),
          eq(securityEvents.eventType, 'CLIENT_EVENTS_THROTTLED'),
        ),
      );
    expect(flood).toHaveLength(1);
    await app.close();
  });

  it('refuses unknown event types, extra detail fields and anonymous callers', async () => {
    const { app } = await createTestApp(database.db);
    const { session } = await signUp(app);
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/rpc/log_security_event_safe',
      headers: bearer(session),
      payload: event('ADMIN_GRANTED'),
    });
    expect(unknown.statusCode).toBe(400);
    const extra = await app.inject({
      method: 'POST',
      url: '/api/rpc/log_security_event_safe',
      headers: bearer(session),
      payload: { ...event('TAB_HIDDEN'), event_details: { password: 'hunter2' } },
    });
    expect(extra.statusCode).toBe(400);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/rpc/log_security_event_safe',
          payload: event('TAB_HIDDEN'),
        })
      ).statusCode,
    ).toBe(401);
    await app.close();
  });

  it('logs sign-ins and failures on the server without secrets, and keeps the log append-only', async () => {
    const { app, logs } = await createTestApp(database.db);
    const { email, session } = await signUp(app);
    await signIn(app, email, 'not the password at all');
    await signIn(app, email);
    const rows = await database.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.userId, session.user.id));
    const types = rows.map((row) => row.eventType);
    expect(types).toEqual(expect.arrayContaining(['USER_SIGNED_UP', 'SIGN_IN_FAILED', 'USER_SIGNED_IN']));
    const everything = JSON.stringify(rows) + logs.text();
    expect(everything).not.toContain(STRONG_PASSWORD);
    expect(everything).not.toContain('not the password at all');
    expect(everything).not.toMatch(/eyJ[\w-]{10,}\.[\w-]{10,}/);
    expect(everything).not.toContain(session.refresh_token ?? 'no-token');
    await expect(
      database.db.delete(securityEvents).where(eq(securityEvents.userId, session.user.id)),
    ).rejects.toThrow();
    await app.close();
  });
});
