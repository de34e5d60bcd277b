import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { decodeJwt, exportJWK, generateKeyPair } from 'jose';
import * as oidc from 'openid-client';
import { Provider } from 'oidc-provider';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessionSchema, userSchema, type AuthSession } from '#contracts/auth';
import { createTestApp } from '#test/support/app';
import { bearer, errorCode, refresh, signIn, signUp, uniqueEmail } from '#test/support/auth';
import { createTestDatabase, type TestDatabase } from '#test/support/database';
import type { App } from '#server/app';
import {
  authSessions,
  identities,
  oauthFlows,
  outboxMessages,
  securityEvents,
  users,
} from '#server/db/schema/index';

/**
 * Google sign-in end to end against a real OpenID Provider (oidc-provider) on 127.0.0.1: the test
 * plays the browser — our /authorize, the provider's login and consent pages, our /callback, the
 * return page's code exchange — with nothing of our code mocked.
 */

const CLIENT_ID = 'wellspring-test-client';
const CLIENT_SECRET = 'client-secret-for-tests-only-0123456789abcdef';
const OTHER_CLIENT_ID = 'some-other-app';
const OTHER_CLIENT_SECRET = 'another-secret-for-tests-only-0123456789abcd';
/** The app is driven with inject; the provider only ever hands this address back to the "browser". */
const PUBLIC_URL = 'http://127.0.0.1:4399';
const REDIRECT_URI = `${PUBLIC_URL}/auth/v1/callback`;

type GoogleAccount = { sub: string; email: string; email_verified: boolean; name: string; picture: string };
const accounts = new Map<string, GoogleAccount>();
let accountCounter = 0;

function googleAccount(overrides: Partial<GoogleAccount> = {}): GoogleAccount {
  accountCounter += 1;
  const sub = `10${Date.now()}${accountCounter}`;
  const account: GoogleAccount = {
    sub,
    email: uniqueEmail('google'),
    email_verified: true,
    name: 'Ada Lovelace',
    picture: `https://lh3.example.test/a/${sub}.png`,
    ...overrides,
  };
  accounts.set(account.sub, account);
  return account;
}

async function startProvider() {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const client = (client_id: string, client_secret: string) => ({
    client_id,
    client_secret,
    redirect_uris: [REDIRECT_URI],
    grant_types: ['authorization_code'],
    response_types: ['code'],
  });
  const provider = new Provider(issuer, {
    clients: [client(CLIENT_ID, CLIENT_SECRET), client(OTHER_CLIENT_ID, OTHER_CLIENT_SECRET)],
    pkce: { required: () => true },
    // Like Google: email and profile claims travel inside the ID token of the code flow.
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    findAccount: async (_ctx, sub) => {
      const account = accounts.get(sub);
      return account ? { accountId: sub, claims: async () => ({ ...account }) } : undefined;
    },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test-signing-key' }] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
  });
  server.on('request', provider.callback());
  return { issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * A browser at the provider: keeps its cookies, follows its redirects, signs in as `sub` on the
 * login page and accepts the consent page, until the provider sends it to our redirect URI.
 */
async function browseProvider(authorizationUrl: string, sub: string): Promise<URL> {
  const jar = new Map<string, string>();
  const visit = async (url: string, init: { method?: string; body?: string } = {}) => {
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      body: init.body,
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(init.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const index = pair.indexOf('=');
      const [name, value] = [pair.slice(0, index), pair.slice(index + 1)];
      if (value) jar.set(name, value);
      else jar.delete(name);
    }
    return response;
  };
  let response = await visit(authorizationUrl);
  for (let step = 0; step < 12; step += 1) {
    const location = response.headers.get('location');
    if (!location)
      throw new Error(
        `the provider answered ${response.status} without a redirect: ${await response.text()}`,
      );
    const url = new URL(location, authorizationUrl);
    if (`${url.origin}${url.pathname}` === REDIRECT_URI) return url;
    if (url.pathname.startsWith('/interaction/')) {
      const page = await (await visit(url.href)).text();
      const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1] ?? '';
      const form: Record<string, string> =
        prompt === 'login' ? { prompt, login: sub, password: 'anything' } : { prompt };
      response = await visit(url.href, { method: 'POST', body: new URLSearchParams(form).toString() });
    } else {
      response = await visit(url.href);
    }
  }
  throw new Error('too many redirects at the provider');
}

/** The browser's PKCE pair for our own code exchange (what GoogleSignInButton makes). */
function browserPkce() {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

type RoundTrip = { verifier: string; providerUrl: URL; returnPage: URL; code: string | null };

/** Our /authorize -> provider login and consent -> our /callback. Stops at the return page. */
async function googleRoundTrip(
  app: App,
  account: GoogleAccount,
  options: {
    query?: Record<string, string>;
    headers?: Record<string, string>;
    path?: string;
    tamperState?: boolean;
  } = {},
): Promise<RoundTrip> {
  const pkce = browserPkce();
  const query = new URLSearchParams({
    provider: 'google',
    code_challenge: pkce.challenge,
    code_challenge_method: 's256',
    ...options.query,
  });
  const authorize = await app.inject({
    method: 'GET',
    url: `${options.path ?? '/auth/v1/authorize'}?${query.toString()}`,
    headers: options.headers,
  });
  expect(authorize.statusCode, authorize.body).toBe(302);
  expect(authorize.headers['cache-control']).toBe('no-store');
  const providerUrl = new URL(String(authorize.headers.location));
  const back = await browseProvider(providerUrl.href, account.sub);
  if (options.tamperState) back.searchParams.set('state', randomBytes(32).toString('base64url'));
  const callback = await app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
  expect(callback.statusCode).toBe(302);
  const returnPage = new URL(String(callback.headers.location), PUBLIC_URL);
  expect(returnPage.pathname).toBe('/auth/google/callback');
  return { verifier: pkce.verifier, providerUrl, returnPage, code: returnPage.searchParams.get('code') };
}

const exchange = (app: App, authCode: string, verifier: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/auth/v1/token?grant_type=pkce',
    payload: { auth_code: authCode, code_verifier: verifier },
    headers,
  });

/** The whole sign-in: round trip, then the return page's exchange. */
async function signInWithGoogle(
  app: App,
  account: GoogleAccount,
  options: Parameters<typeof googleRoundTrip>[2] = {},
) {
  const trip = await googleRoundTrip(app, account, options);
  expect(trip.returnPage.searchParams.get('error_description')).toBeNull();
  expect(trip.code).toBeTruthy();
  const response = await exchange(app, trip.code ?? '', trip.verifier);
  expect(response.statusCode, response.body).toBe(200);
  return { ...trip, session: sessionSchema.parse(response.json()) };
}

describe('Google sign-in (OpenID Connect code + PKCE) against a real provider', () => {
  let database: TestDatabase;
  let provider: Awaited<ReturnType<typeof startProvider>>;
  let app: App;
  let clock: Awaited<ReturnType<typeof createTestApp>>['clock'];
  let logs: Awaited<ReturnType<typeof createTestApp>>['logs'];

  const sessionCount = async () =>
    (await database.db.select({ n: sql<number>`count(*)::int` }).from(authSessions))[0]?.n ?? 0;
  const userCount = async () =>
    (await database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]?.n ?? 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    provider = await startProvider();
    ({ app, clock, logs } = await createTestApp(database.db, {
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
      GOOGLE_ISSUER: provider.issuer,
      PUBLIC_URL,
      // Many sign-ins from one test address within a minute.
      AUTH_RATE_LIMIT_MAX: '10000',
    }));
  });
  afterAll(async () => {
    await app.close();
    await provider.close();
    await database.drop();
  });
  beforeEach(() => {
    // The provider signs with the real time; our checks read the injected clock.
    clock.set(new Date());
  });

  it('says Google is available in /auth/v1/settings', async () => {
    const response = await app.inject({ method: 'GET', url: '/auth/v1/settings' });
    expect(response.json()).toMatchObject({ external: { google: true } });
  });

  it('signs a new person up: authorize -> provider -> callback -> return page -> pkce exchange -> session', async () => {
    const account = googleAccount({ name: 'Grace Hopper' });
    const trip = await googleRoundTrip(app, account, {
      query: { redirect_to: '/portal?tab=sessions', role: 'coach' },
    });

    // Our redirect to the provider: its authorization endpoint, our exact redirect URI, the scopes,
    // state, nonce and a PKCE challenge of our own (not the browser's).
    expect(`${trip.providerUrl.origin}${trip.providerUrl.pathname}`).toBe(`${provider.issuer}/auth`);
    const sent = trip.providerUrl.searchParams;
    expect(sent.get('client_id')).toBe(CLIENT_ID);
    expect(sent.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(sent.get('response_type')).toBe('code');
    expect(sent.get('scope')?.split(' ').sort()).toEqual(['email', 'openid', 'profile']);
    expect(sent.get('state')).toMatch(/^[\w-]{43}$/);
    expect(sent.get('nonce')).toMatch(/^[\w-]{43}$/);
    expect(sent.get('code_challenge_method')).toBe('S256');
    expect(sent.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(sent.get('code_challenge')).not.toBe(
      createHash('sha256').update(trip.verifier).digest('base64url'),
    );

    // Back on our return page with a one-time code and the internal target.
    expect(trip.returnPage.searchParams.get('redirect_to')).toBe('/portal?tab=sessions');
    expect(trip.code).toMatch(/^[\w-]{43}$/);

    const usersBefore = await userCount();
    const response = await exchange(app, trip.code ?? '', trip.verifier, { 'x-refresh-cookie': '1' });
    expect(response.statusCode, response.body).toBe(200);
    const session = sessionSchema.parse(response.json());
    // Cookie mode: the refresh token only in the HttpOnly cookie.
    expect(session.refresh_token).toBeNull();
    expect(String(response.headers['set-cookie'])).toMatch(/wellspring-refresh=.+HttpOnly/i);
    expect(await userCount()).toBe(usersBefore);

    expect(session.user).toMatchObject({
      email: account.email,
      app_metadata: { provider: 'google', providers: ['google'] },
      user_metadata: { full_name: 'Grace Hopper', avatar_url: account.picture, role: 'coach' },
    });
    expect(session.user.email_confirmed_at).not.toBeNull();
    expect(session.user.identities).toHaveLength(1);
    expect(session.user.identities[0]).toMatchObject({
      provider: 'google',
      identity_data: {
        sub: account.sub,
        email: account.email,
        email_verified: true,
        full_name: 'Grace Hopper',
      },
    });
    expect(decodeJwt(session.access_token)).toMatchObject({
      sub: session.user.id,
      aal: 'aal1',
      amr: [{ method: 'oauth' }],
    });

    const me = await app.inject({ method: 'GET', url: '/auth/v1/user', headers: bearer(session) });
    expect(me.statusCode).toBe(200);
    expect(userSchema.parse(me.json()).id).toBe(session.user.id);

    const [signedIn] = await database.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, session.user.id), eq(securityEvents.eventType, 'USER_SIGNED_IN')));
    expect(signedIn?.eventDetails).toMatchObject({ method: 'oauth', provider: 'google' });

    // Neither our one-time code nor the provider's code reaches the logs.
    expect(logs.text()).not.toContain(trip.code ?? '');
    expect(logs.text()).not.toContain(sent.get('nonce') ?? '');
  });

  it('signs the same Google account in to the same person next time', async () => {
    const account = googleAccount();
    const first = await signInWithGoogle(app, account);
    const usersBefore = await userCount();
    const second = await signInWithGoogle(app, account);
    expect(second.session.user.id).toBe(first.session.user.id);
    expect(await userCount()).toBe(usersBefore);
    expect(second.session.user.identities).toHaveLength(1);
  });

  it('refuses a tampered state: error on the return page, no code and no session', async () => {
    const account = googleAccount();
    const sessionsBefore = await sessionCount();
    const usersBefore = await userCount();
    const trip = await googleRoundTrip(app, account, { tamperState: true });
    expect(trip.code).toBeNull();
    expect(trip.returnPage.searchParams.get('error')).toBe('invalid_request');
    expect(trip.returnPage.searchParams.get('error_description')).toBe(
      'This sign-in link has expired or was already used. Please start again.',
    );
    expect(await sessionCount()).toBe(sessionsBefore);
    expect(await userCount()).toBe(usersBefore);
    const [stored] = await database.db
      .select()
      .from(identities)
      .where(eq(identities.providerId, account.sub));
    expect(stored).toBeUndefined();
  });

  it('answers a provider callback once: the same state a second time is refused', async () => {
    const account = googleAccount();
    const pkce = browserPkce();
    const authorize = await app.inject({
      method: 'GET',
      url: `/auth/v1/authorize?provider=google&code_challenge=${pkce.challenge}&code_challenge_method=s256`,
    });
    const back = await browseProvider(String(authorize.headers.location), account.sub);
    const first = await app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(new URL(String(first.headers.location), PUBLIC_URL).searchParams.get('code')).toBeTruthy();
    const replay = await app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    const replayPage = new URL(String(replay.headers.location), PUBLIC_URL);
    expect(replayPage.searchParams.get('code')).toBeNull();
    expect(replayPage.searchParams.get('error')).toBe('invalid_request');
  });

  it('refuses a flow that comes back after 10 minutes', async () => {
    const account = googleAccount();
    const pkce = browserPkce();
    const authorize = await app.inject({
      method: 'GET',
      url: `/auth/v1/authorize?provider=google&code_challenge=${pkce.challenge}&code_challenge_method=s256`,
    });
    const back = await browseProvider(String(authorize.headers.location), account.sub);
    clock.advance(10 * 60_000 + 1000);
    const callback = await app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    const page = new URL(String(callback.headers.location), PUBLIC_URL);
    expect(page.searchParams.get('code')).toBeNull();
    expect(page.searchParams.get('error_description')).toBe(
      'This sign-in link has expired or was already used. Please start again.',
    );
  });

  it('shows a cancelled consent at the provider as a plain error, not the provider text', async () => {
    const pkce = browserPkce();
    const authorize = await app.inject({
      method: 'GET',
      url: `/auth/v1/authorize?provider=google&code_challenge=${pkce.challenge}`,
    });
    const state = new URL(String(authorize.headers.location)).searchParams.get('state') ?? '';
    const callback = await app.inject({
      method: 'GET',
      url: `/auth/v1/callback?${new URLSearchParams({ error: 'access_denied', error_description: '<script>alert(1)</script>', state }).toString()}`,
    });
    const page = new URL(String(callback.headers.location), PUBLIC_URL);
    expect(page.searchParams.get('error')).toBe('access_denied');
    expect(page.searchParams.get('error_description')).toBe('Google sign-in was cancelled.');
  });

  it('refuses a replayed auth code', async () => {
    const account = googleAccount();
    const trip = await googleRoundTrip(app, account);
    const first = await exchange(app, trip.code ?? '', trip.verifier);
    expect(first.statusCode).toBe(200);
    const sessionsAfterFirst = await sessionCount();
    const replay = await exchange(app, trip.code ?? '', trip.verifier);
    expect(replay.statusCode).toBe(403);
    expect(errorCode(replay)).toBe('INVALID_CODE');
    expect(await sessionCount()).toBe(sessionsAfterFirst);
  });

  it('refuses a code without its verifier, and the code is spent by the attempt', async () => {
    const account = googleAccount();
    const trip = await googleRoundTrip(app, account);
    const sessionsBefore = await sessionCount();
    const wrong = await exchange(app, trip.code ?? '', browserPkce().verifier);
    expect(wrong.statusCode).toBe(403);
    expect(errorCode(wrong)).toBe('INVALID_CODE');
    expect(await sessionCount()).toBe(sessionsBefore);
    // Whoever holds the real verifier cannot use an intercepted-and-tried code either.
    const right = await exchange(app, trip.code ?? '', trip.verifier);
    expect(right.statusCode).toBe(403);
    expect(await sessionCount()).toBe(sessionsBefore);
    const [event] = await database.db
      .select()
      .from(securityEvents)
      .where(
        and(
          eq(securityEvents.eventType, 'SIGN_IN_FAILED'),
          sql`${securityEvents.eventDetails}->>'reason' = 'pkce_mismatch'`,
        ),
      );
    expect(event?.severity).toBe('warning');
  });

  it('refuses an auth code exchanged more than 5 minutes after the callback', async () => {
    const trip = await googleRoundTrip(app, googleAccount());
    clock.advance(5 * 60_000 + 1000);
    const late = await exchange(app, trip.code ?? '', trip.verifier);
    expect(late.statusCode).toBe(403);
  });

  it.each([
    '//evil.example/path',
    '/\\evil.example',
    '/\t/evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    'evil.example',
  ])('falls back to / for the open redirect %j', async (target) => {
    const trip = await googleRoundTrip(app, googleAccount(), { query: { redirect_to: target } });
    expect(trip.returnPage.searchParams.get('redirect_to')).toBe('/');
    // The return page carries only our code and the internal path: nothing else can steer the browser.
    expect([...trip.returnPage.searchParams.keys()].sort()).toEqual(['code', 'redirect_to']);
  });

  it('refuses a plain (non-S256) PKCE method and a malformed challenge', async () => {
    const pkce = browserPkce();
    const plain = await app.inject({
      method: 'GET',
      url: `/auth/v1/authorize?provider=google&code_challenge=${pkce.challenge}&code_challenge_method=plain`,
    });
    expect(plain.statusCode).toBe(400);
    const short = await app.inject({
      method: 'GET',
      url: '/auth/v1/authorize?provider=google&code_challenge=abc',
    });
    expect(short.statusCode).toBe(400);
  });

  describe('an account that already exists with the same email', () => {
    const codeFor = async (email: string) => {
      const [message] = await database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, email));
      return /\b(\d{6})\b/.exec(message?.bodyText ?? '')?.[1] ?? '';
    };

    it('joins a confirmed account when Google vouches for the address, keeping its password', async () => {
      const { email, session: passwordSession } = await signUp(app);
      const verify = await app.inject({
        method: 'POST',
        url: '/auth/v1/verify',
        payload: { type: 'signup', email, token: await codeFor(email) },
      });
      expect(verify.statusCode).toBe(200);
      const { session } = await signInWithGoogle(app, googleAccount({ email }));
      expect(session.user.id).toBe(passwordSession.user.id);
      expect(session.user.identities.map((identity) => identity.provider).sort()).toEqual([
        'email',
        'google',
      ]);
      expect(session.user.app_metadata).toMatchObject({ provider: 'email', providers: ['email', 'google'] });
      expect((await signIn(app, email)).statusCode).toBe(200);
    });

    it('takes over an unconfirmed account for the verified owner: password and sessions of whoever made it end', async () => {
      const { email, session: squatter } = await signUp(app);
      const { session } = await signInWithGoogle(app, googleAccount({ email }));
      expect(session.user.id).toBe(squatter.user.id);
      expect(session.user.email_confirmed_at).not.toBeNull();
      const passwordSignIn = await signIn(app, email);
      expect(passwordSignIn.statusCode).toBe(400);
      expect((await refresh(app, squatter.refresh_token ?? '')).statusCode).toBeGreaterThanOrEqual(400);
    });

    it('refuses to join it when Google has not verified the address', async () => {
      const { email, session: owner } = await signUp(app);
      const sessionsBefore = await sessionCount();
      const trip = await googleRoundTrip(app, googleAccount({ email, email_verified: false }));
      expect(trip.code).toBeNull();
      expect(trip.returnPage.searchParams.get('error_description')).toBe(
        'An account with this email address already exists. Sign in with your email, then link Google in your settings.',
      );
      expect(await sessionCount()).toBe(sessionsBefore);
      expect((await refresh(app, owner.refresh_token ?? '')).statusCode).toBe(200);
    });
  });

  describe('linking and unlinking', () => {
    it('links a Google account to the signed-in person (bearer, recent sign-in)', async () => {
      const { session: owner } = await signUp(app);
      const account = googleAccount({ email: uniqueEmail('other-address') });
      const { session, returnPage } = await signInWithGoogle(app, account, {
        path: '/auth/v1/user/identities/authorize',
        headers: bearer(owner),
        query: { redirect_to: '/settings/security' },
      });
      expect(returnPage.searchParams.get('redirect_to')).toBe('/settings/security');
      expect(session.user.id).toBe(owner.user.id);
      expect(session.user.email).toBe(owner.user.email);
      const google = session.user.identities.find((identity) => identity.provider === 'google');
      expect(google?.identity_data).toMatchObject({ sub: account.sub, email: account.email });
      expect(session.user.app_metadata.providers).toEqual(['email', 'google']);

      // Signing in with Google later reaches the same account.
      const later = await signInWithGoogle(app, account);
      expect(later.session.user.id).toBe(owner.user.id);
    });

    it('answers the provider URL as JSON for fetch callers (skip_http_redirect=true)', async () => {
      const { session: owner } = await signUp(app);
      const response = await app.inject({
        method: 'GET',
        url: `/auth/v1/user/identities/authorize?provider=google&code_challenge=${browserPkce().challenge}&skip_http_redirect=true`,
        headers: bearer(owner),
      });
      expect(response.statusCode).toBe(200);
      expect(new URL(response.json<{ url: string }>().url).origin).toBe(provider.issuer);
    });

    it('needs a bearer and a recent sign-in to start linking', async () => {
      const challenge = browserPkce().challenge;
      const anonymous = await app.inject({
        method: 'GET',
        url: `/auth/v1/user/identities/authorize?provider=google&code_challenge=${challenge}`,
      });
      expect(anonymous.statusCode).toBe(401);

      const { session: owner } = await signUp(app);
      clock.advance(6 * 60_000);
      const stale = await app.inject({
        method: 'GET',
        url: `/auth/v1/user/identities/authorize?provider=google&code_challenge=${challenge}`,
        headers: bearer(owner),
      });
      expect(stale.statusCode).toBe(400);
      expect(errorCode(stale)).toBe('REAUTHENTICATION_NEEDED');
    });

    it('refuses to link a Google account that belongs to someone else', async () => {
      const account = googleAccount();
      const { session: googleUser } = await signInWithGoogle(app, account);
      const { session: other } = await signUp(app);
      const trip = await googleRoundTrip(app, account, {
        path: '/auth/v1/user/identities/authorize',
        headers: bearer(other),
      });
      expect(trip.code).toBeNull();
      expect(trip.returnPage.searchParams.get('error_description')).toBe(
        'This Google account is already linked to another Wellspring account.',
      );
      const [stored] = await database.db
        .select()
        .from(identities)
        .where(eq(identities.providerId, account.sub));
      expect(stored?.userId).toBe(googleUser.user.id);
    });

    it('refuses to unlink the last way to sign in', async () => {
      const { session } = await signInWithGoogle(app, googleAccount());
      const only = session.user.identities[0];
      expect(only?.provider).toBe('google');
      const response = await app.inject({
        method: 'DELETE',
        url: `/auth/v1/user/identities/${only?.id}`,
        headers: bearer(session),
      });
      expect(response.statusCode).toBe(409);
      expect(errorCode(response)).toBe('CONFLICT');
      const [stored] = await database.db
        .select()
        .from(identities)
        .where(eq(identities.id, only?.id ?? ''));
      expect(stored).toBeDefined();
    });

    it('unlinks Google when another way to sign in remains', async () => {
      const { session: owner } = await signUp(app);
      const account = googleAccount({ email: uniqueEmail('linked') });
      const { session } = await signInWithGoogle(app, account, {
        path: '/auth/v1/user/identities/authorize',
        headers: bearer(owner),
      });
      const google = session.user.identities.find((identity) => identity.provider === 'google');
      const response = await app.inject({
        method: 'DELETE',
        url: `/auth/v1/user/identities/${google?.id}`,
        headers: bearer(session),
      });
      expect(response.statusCode, response.body).toBe(200);
      const user = userSchema.parse(response.json());
      expect(user.identities.map((identity) => identity.provider)).toEqual(['email']);
      expect(user.app_metadata).toMatchObject({ provider: 'email', providers: ['email'] });
      const [stored] = await database.db
        .select()
        .from(identities)
        .where(eq(identities.providerId, account.sub));
      expect(stored).toBeUndefined();
    });
  });

  describe('grant_type=id_token', () => {
    /** An ID token the provider issues straight to a browser-side client (as Google one-tap does). */
    async function idTokenFor(
      account: GoogleAccount,
      options: { nonce?: string; clientId?: string; clientSecret?: string } = {},
    ) {
      const config = await oidc.discovery(
        new URL(provider.issuer),
        options.clientId ?? CLIENT_ID,
        options.clientSecret ?? CLIENT_SECRET,
        undefined,
        {
          execute: [oidc.allowInsecureRequests],
        },
      );
      const verifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: REDIRECT_URI,
        scope: 'openid email profile',
        state,
        ...(options.nonce ? { nonce: options.nonce } : {}),
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      });
      const back = await browseProvider(url.href, account.sub);
      const tokens = await oidc.authorizationCodeGrant(config, back, {
        pkceCodeVerifier: verifier,
        expectedState: state,
        expectedNonce: options.nonce,
      });
      if (!tokens.id_token) throw new Error('no id_token');
      return tokens.id_token;
    }
    const grant = (body: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=id_token',
        payload: { provider: 'google', ...body },
      });
    const hex = (value: string) => createHash('sha256').update(value).digest('hex');

    it('signs in with a valid ID token and its nonce', async () => {
      const account = googleAccount();
      const nonce = randomBytes(16).toString('hex');
      const idToken = await idTokenFor(account, { nonce: hex(nonce) });
      const response = await grant({ id_token: idToken, nonce });
      expect(response.statusCode, response.body).toBe(200);
      const session: AuthSession = sessionSchema.parse(response.json());
      expect(session.user.email).toBe(account.email);
      expect(session.user.identities[0]).toMatchObject({
        provider: 'google',
        identity_data: { sub: account.sub },
      });
    });

    it('refuses a wrong or missing nonce', async () => {
      const account = googleAccount();
      const idToken = await idTokenFor(account, { nonce: hex('the-real-nonce') });
      expect((await grant({ id_token: idToken, nonce: 'another-nonce' })).statusCode).toBe(400);
      expect((await grant({ id_token: idToken })).statusCode).toBe(400);
      // The value inside the token is public: presenting it back proves nothing.
      expect((await grant({ id_token: idToken, nonce: hex('the-real-nonce') })).statusCode).toBe(400);
    });

    it('refuses a token issued to another client, a forged signature and an expired token', async () => {
      const account = googleAccount();
      const foreign = await idTokenFor(account, {
        clientId: OTHER_CLIENT_ID,
        clientSecret: OTHER_CLIENT_SECRET,
      });
      const foreignResponse = await grant({ id_token: foreign });
      expect(foreignResponse.statusCode).toBe(400);
      expect(errorCode(foreignResponse)).toBe('INVALID_CREDENTIALS');

      const genuine = await idTokenFor(account);
      const [header, payload, signature = ''] = genuine.split('.');
      const forgedPayload = Buffer.from(
        JSON.stringify({ ...decodeJwt(genuine), email: 'victim@example.test' }),
      ).toString('base64url');
      expect((await grant({ id_token: `${header}.${forgedPayload}.${signature}` })).statusCode).toBe(400);
      expect(
        (await grant({ id_token: `${header}.${payload}.${signature.slice(0, -4)}AAAA` })).statusCode,
      ).toBe(400);

      clock.advance(2 * 3_600_000);
      expect((await grant({ id_token: genuine })).statusCode).toBe(400);
      const [stored] = await database.db
        .select()
        .from(identities)
        .where(eq(identities.providerId, account.sub));
      expect(stored).toBeUndefined();
    });
  });

  it('keeps the flows it stores free of the browser verifier and the raw state', async () => {
    const trip = await googleRoundTrip(app, googleAccount());
    const rows = await database.db.select().from(oauthFlows);
    const serialized = JSON.stringify(rows);
    expect(serialized).not.toContain(trip.verifier);
    expect(serialized).not.toContain(trip.providerUrl.searchParams.get('state') ?? '');
    expect(serialized).not.toContain(trip.code ?? '');
  });
});

describe('without Google configured', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('has no Google routes and refuses the pkce and id_token grants', async () => {
    const { app } = await createTestApp(database.db);
    const settings = await app.inject({ method: 'GET', url: '/auth/v1/settings' });
    expect(settings.json()).toMatchObject({ external: { google: false } });
    const authorize = await app.inject({
      method: 'GET',
      url: `/auth/v1/authorize?provider=google&code_challenge=${browserPkce().challenge}`,
    });
    expect(authorize.statusCode).toBe(404);
    const pkce = await exchange(app, 'some-code', browserPkce().verifier);
    expect(pkce.statusCode).toBe(400);
    await app.close();
  });
});
