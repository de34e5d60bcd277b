import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthSession } from '#contracts/auth';
import { REALTIME_PATH, type RealtimeError, type SubscribeAck } from '#contracts/realtime';
import { enrollFactorResponseSchema, challengeResponseSchema, sessionSchema } from '#contracts/auth';
import type { AdminRole } from '#domain/auth/permissions';
import type { App } from '#server/app';
import { adminUsers } from '#server/db/schema/index';
import { totpCode, totpStep } from '#server/modules/auth/factors/totp';
import { GUEST_FORBIDDEN_MESSAGE, GUEST_ROUTES } from '#server/plugins/auth-guard';
import { createTestApp } from '../support/app';
import { bearer, errorOf, signIn, signUp, STRONG_PASSWORD, uniqueEmail } from '../support/auth';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { insertGuestInLiveSession } from '../factories/sessions';
import {
  HTTP_PRINCIPALS,
  loadAccessMatrix,
  statusMatches,
  type HttpPrincipal,
  type HttpRow,
} from './access-matrix';

/**
 * The HTTP half of the access matrix (test/authz/access-matrix.json): every principal is built for
 * real through the API (roles through set_last_active_role; admins as admin_users rows plus a TOTP
 * factor enrolled and verified through the API, so they hold aal2), then every route in the file is
 * called as every principal and every mismatch is listed. A registered route missing from the file
 * fails the test, and so does a row for a route the server no longer has.
 *
 * Google sign-in is configured (with an issuer nobody listens on) so its routes are registered too.
 * The `no_role` principal is a fresh account here; its age matters only to auto_assign_role, which
 * the matrix calls without a hint, so nothing changes either way.
 */
const matrix = loadAccessMatrix();

type Caller = {
  headers: Record<string, string>;
  email: string | null;
  userId: string | null;
  token: string | null;
};

let database: TestDatabase;
let app: App;
let clock: Awaited<ReturnType<typeof createTestApp>>['clock'];
const principals = new Map<HttpPrincipal, Caller>();
/** The guest principal's own session (a live one, made for it). */
let guestSessionId: string | undefined;
let targetEmail: string;

async function call(
  method: string,
  url: string,
  session: Pick<AuthSession, 'access_token'>,
  payload?: object,
) {
  const response = await app.inject({
    method: method as 'GET',
    url,
    headers: bearer(session),
    ...(payload ? { payload } : {}),
  });
  if (response.statusCode !== 200)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json<unknown>();
}

/** Enrols a TOTP factor and verifies it at the manual clock: the answer is an aal2 session. */
async function verifyTotp(session: AuthSession): Promise<AuthSession> {
  const factor = enrollFactorResponseSchema.parse(
    await call('POST', '/auth/v1/factors', session, { factor_type: 'totp' }),
  );
  const challenge = challengeResponseSchema.parse(
    await call('POST', `/auth/v1/factors/${factor.id}/challenge`, session),
  );
  const code = totpCode(factor.totp.secret, totpStep(clock.now()));
  const verified = sessionSchema.parse(
    await call('POST', `/auth/v1/factors/${factor.id}/verify`, session, { challenge_id: challenge.id, code }),
  );
  expect(verified.access_token).not.toBe(session.access_token);
  return verified;
}

const admin2 = { aal: 'aal2', roles: [], active: null, admin: true };
const EXPECTED_SHAPE: Record<Exclude<HttpPrincipal, 'anonymous'>, unknown> = {
  client: { aal: 'aal1', roles: ['client'], active: 'client', admin: null },
  coach: { aal: 'aal1', roles: ['coach'], active: 'coach', admin: null },
  dual_role: { aal: 'aal1', roles: ['client', 'coach'], active: 'client', admin: null },
  no_role: { aal: 'aal1', roles: [], active: null, admin: null },
  super_admin: admin2,
  coach_manager: admin2,
  financial_admin: admin2,
  community_moderator: admin2,
  inactive_admin: { ...admin2, admin: false },
  super_admin_aal1: { ...admin2, aal: 'aal1' },
  guest: { aal: 'aal1', roles: [], active: null, admin: null },
};

async function build(name: HttpPrincipal): Promise<Caller> {
  if (name === 'anonymous') return { headers: {}, email: null, userId: null, token: null };
  if (name === 'guest') {
    const { guest, sessionId } = await insertGuestInLiveSession(app, database.db, database.pool);
    // The principal's own live session (a fresh_principal row makes another guest in another session).
    guestSessionId ??= sessionId;
    return expectShape(name, guest, null);
  }
  const { email, session } = await signUp(app, { data: { full_name: `Matrix ${name}` } });
  const setRole = (role: 'client' | 'coach') =>
    call('POST', '/api/rpc/set_last_active_role', session, { role_name: role });

  const asAdmin = async (adminRole: AdminRole, isActive: boolean) => {
    await database.db.insert(adminUsers).values({ userId: session.user.id, adminRole, isActive });
    return verifyTotp(session);
  };

  let current: AuthSession = session;
  switch (name) {
    case 'client':
      await setRole('client');
      break;
    case 'coach':
      await setRole('coach');
      break;
    case 'dual_role':
      await setRole('coach');
      await setRole('client');
      break;
    case 'no_role':
      break;
    case 'super_admin':
    case 'coach_manager':
    case 'financial_admin':
    case 'community_moderator':
      current = await asAdmin(name, true);
      break;
    case 'inactive_admin':
      current = await asAdmin('super_admin', false);
      break;
    case 'super_admin_aal1': {
      await asAdmin('super_admin', true);
      // A new password sign-in: the factor is verified, but this session has not used it.
      const signedIn = await signIn(app, email);
      current = sessionSchema.parse(signedIn.json());
      break;
    }
  }
  return expectShape(name, current, email);
}

/** The principal is what the matrix says it is. */
async function expectShape(
  name: Exclude<HttpPrincipal, 'anonymous'>,
  current: AuthSession,
  email: string | null,
): Promise<Caller> {
  const me = (await app.inject({ method: 'GET', url: '/api/me', headers: bearer(current) })).json<{
    aal: string;
    roles: string[];
    active_role: string | null;
    admin: { is_active: boolean } | null;
  }>();
  expect(
    { aal: me.aal, roles: [...me.roles].sort(), active: me.active_role, admin: me.admin?.is_active ?? null },
    name,
  ).toEqual(EXPECTED_SHAPE[name]);
  return { headers: bearer(current), email, userId: current.user.id, token: current.access_token };
}

/** Fills {uuid}, {unique_email}, {target_email} and {password} in a sample request. */
function fill(value: unknown): unknown {
  if (typeof value === 'string')
    return value
      .replaceAll('{uuid}', randomUUID())
      .replaceAll('{unique_email}', uniqueEmail('matrix'))
      .replaceAll('{target_email}', targetEmail)
      .replaceAll('{password}', STRONG_PASSWORD);
  if (Array.isArray(value)) return value.map(fill);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, fill(entry)]));
  return value;
}

const urlOf = (row: HttpRow) => fill(row.request?.path ?? row.url.replace(/:[A-Za-z]+/g, '{uuid}')) as string;

const rowName = (row: HttpRow) => `${row.method} ${row.url}${row.label ? ` (${row.label})` : ''}`;

// After both halves (HTTP and realtime) have used the app.
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('HTTP access matrix', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    ({ app, clock } = await createTestApp(database.db, {
      AUTH_RATE_LIMIT_MAX: '100000',
      RATE_LIMIT_MAX: '100000',
      INQUIRY_RATE_LIMIT_MAX: '100000',
      MAILBOX_ENABLED: 'true',
      GOOGLE_CLIENT_ID: 'matrix-client',
      GOOGLE_CLIENT_SECRET: 'matrix-secret',
      GOOGLE_ISSUER: 'http://127.0.0.1:9/',
      // Registers the Stripe webhook route (it exists only with a signing secret).
      STRIPE_WEBHOOK_SECRET: 'whsec_matrix_test_secret',
    }));
    targetEmail = (await signUp(app, { data: { full_name: 'Matrix target' } })).email;
    for (const name of HTTP_PRINCIPALS) principals.set(name, await build(name));
    // Sign-up sent each address a confirmation code; codes go at most once a minute per address.
    clock.advance(61_000);
  }, 120_000);

  it('lists every registered HTTP route, and only those', () => {
    const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
    // Static files of the web build are not API routes (the test app has no web build anyway).
    const registered = new Set(
      app.registeredRoutes
        .filter((route) => route.url.startsWith('/api/') || route.url.startsWith('/auth/'))
        .map(key),
    );
    const listed = new Set(matrix.http.map(key));
    expect(
      [...registered].filter((route) => !listed.has(route)).sort(),
      'registered but missing from the matrix',
    ).toEqual([]);
    expect(
      [...listed].filter((route) => !registered.has(route)).sort(),
      'in the matrix but not registered',
    ).toEqual([]);
    expect(registered.size).toBeGreaterThan(30);
    // The guard's list of routes open to a guest names registered routes only (a renamed one would be shut).
    expect([...GUEST_ROUTES].filter((route) => !registered.has(route))).toEqual([]);
  });

  it('names every principal in every row', () => {
    expect(Object.keys(matrix.principals).sort()).toEqual([...HTTP_PRINCIPALS].sort());
    for (const row of matrix.http)
      expect(Object.keys(row.expect).sort(), rowName(row)).toEqual([...HTTP_PRINCIPALS].sort());
    for (const row of matrix.topics)
      expect(Object.keys(row.expect).sort(), row.topic).toEqual([...HTTP_PRINCIPALS].sort());
  });

  it('answers every route as the matrix says, for every principal', async () => {
    const mismatches: {
      route: string;
      principal: HttpPrincipal;
      expected: unknown;
      actual: number;
      body: string;
    }[] = [];
    let calls = 0;
    for (const row of matrix.http) {
      for (const principal of HTTP_PRINCIPALS) {
        const caller = row.request?.fresh_principal ? await build(principal) : principals.get(principal)!;
        const body = row.request?.body === undefined ? undefined : (fill(row.request.body) as object);
        const response = await app.inject({
          method: row.method as 'GET',
          url: urlOf(row),
          headers: caller.headers,
          ...(body === undefined ? {} : { payload: body }),
        });
        calls += 1;
        const expected = row.expect[principal]!;
        if (!statusMatches(response.statusCode, expected))
          mismatches.push({
            route: rowName(row),
            principal,
            expected,
            actual: response.statusCode,
            body: response.body.slice(0, 200),
          });
      }
    }
    expect(calls).toBe(matrix.http.length * HTTP_PRINCIPALS.length);
    expect(mismatches).toEqual([]);
  }, 120_000);

  it('keeps a guest to its session room: its session and chat answer, every step out is refused (probe 1-a)', async () => {
    const guest = principals.get('guest')!;
    expect(guestSessionId).toBeDefined();
    const as = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      app.inject({
        method,
        url,
        headers: { ...guest.headers, 'idempotency-key': randomUUID() },
        ...(payload ? { payload } : {}),
      });
    // The room: its own session, the chat history, a message.
    expect((await as('GET', `/api/sessions/${guestSessionId}`)).statusCode).toBe(200);
    expect((await as('GET', `/api/sessions/${guestSessionId}/messages`)).statusCode).toBe(200);
    const sent = await as('POST', `/api/sessions/${guestSessionId}/messages`, {
      id: randomUUID(),
      content: 'Hello',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    // The probe's escalation: a role, then money and other coaches. Each is 403 with the guard's message.
    const escapes = [
      await as('POST', '/api/rpc/set_last_active_role', { role_name: 'client' }),
      await as('POST', '/api/rpc/set_last_active_role', { role_name: 'coach' }),
      await as('POST', '/api/rpc/auto_assign_role', { as: 'client' }),
      await as('POST', '/api/wallet/top-ups', { amount: 1_000 }),
      await as('POST', '/api/session-requests', {
        coach_id: randomUUID(),
        format: 'text',
        duration_minutes: 15,
        purpose: 'x',
      }),
      await as('POST', '/api/gifts', { kind: 'credit', amount: 1_000, recipient_email: targetEmail }),
      await as('PUT', '/auth/v1/user', { email: uniqueEmail('guest-upgrade') }),
      await as('GET', `/api/sessions/${guestSessionId}/invitations`),
      await as('GET', `/api/sessions/${guestSessionId}/reviews`),
    ];
    for (const response of escapes) {
      expect(response.statusCode, response.body).toBe(403);
      expect(errorOf(response).message).toBe(GUEST_FORBIDDEN_MESSAGE);
    }
    // Still a guest: no role was taken on the way.
    const me = (await as('GET', '/api/me')).json<{ roles: string[]; email: string | null }>();
    expect(me).toMatchObject({ roles: [], email: null });
  });

  it('the aal1 admin is refused by admin APIs for want of the second factor, not as a non-admin', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: principals.get('super_admin_aal1')!.headers,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json<{ error: { code: string } }>().error.code).toBe('INSUFFICIENT_AAL');
    const inactive = await app.inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: principals.get('inactive_admin')!.headers,
    });
    expect(inactive.json<{ error: { code: string } }>().error.code).toBe('FORBIDDEN');
  });
});

/**
 * The realtime half: every topic row is subscribed to by a socket of every principal (the real
 * gateway on a listening server); an anonymous socket is refused at the handshake.
 */
describe('realtime topics in the access matrix', () => {
  const sockets: Socket[] = [];
  afterAll(() => {
    for (const socket of sockets) socket.disconnect();
  });

  /** `ok`, or the code that refused the socket or the subscription. */
  async function outcome(url: string, caller: Caller, topic: string): Promise<string> {
    const socket = connectSocket(url, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: caller.token ? { token: caller.token } : {},
    });
    sockets.push(socket);
    const connected = await new Promise<string | null>((resolve) => {
      socket.once('connect', () => resolve(null));
      socket.once('connect_error', (error: Error & { data?: RealtimeError }) =>
        resolve(error.data?.code ?? error.message),
      );
    });
    if (connected !== null) return connected;
    const ack = (await socket.timeout(5_000).emitWithAck('subscribe', { topic })) as SubscribeAck;
    socket.disconnect();
    return ack.ok ? 'ok' : ack.error.code;
  }

  it('lists every registered topic kind', () => {
    const listed = new Set(matrix.topics.map((row) => row.topic.split(':')[0]));
    expect([...app.realtime.topicKinds()].sort()).toEqual([...listed].sort());
  });

  it('answers every topic as the matrix says, for every principal', async () => {
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const someoneElse = randomUUID();
    const mismatches: { topic: string; principal: HttpPrincipal; expected: string; actual: string }[] = [];
    for (const row of matrix.topics) {
      for (const principal of HTTP_PRINCIPALS) {
        const caller = principals.get(principal)!;
        const topic = row.topic
          .replace('{self}', caller.userId ?? randomUUID())
          .replace('{other}', someoneElse);
        const actual = await outcome(url, caller, topic);
        if (actual !== row.expect[principal])
          mismatches.push({ topic: row.topic, principal, expected: row.expect[principal]!, actual });
      }
    }
    expect(mismatches).toEqual([]);
  }, 60_000);
});
