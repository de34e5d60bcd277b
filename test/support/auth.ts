import { and, desc, eq, like } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import type { AuthSession } from '#contracts/auth';
import { APP_CODE_BY_AUTH_ERROR, isAuthErrorCode } from '#contracts/auth-errors';
import type { Role } from '#domain/auth/roles';
import type { App } from '#server/app';
import type { Database } from '#server/db/client';
import { outboxMessages, securityEvents } from '#server/db/schema/index';

let counter = 0;
/** A unique email per call, so tests in one database never collide. */
export const uniqueEmail = (label = 'person') =>
  `${label}.${Date.now().toString(36)}.${(counter += 1)}@example.test`;

export const STRONG_PASSWORD = 'harbor lantern violet oat';

/** Signs up through the real API and returns the session (bearer mode: refresh token in the body). */
export async function signUp(
  app: App,
  options: { email?: string; password?: string; data?: Record<string, unknown> } = {},
) {
  const email = options.email ?? uniqueEmail();
  const response = await app.inject({
    method: 'POST',
    url: '/auth/v1/signup',
    payload: {
      email,
      password: options.password ?? STRONG_PASSWORD,
      data: options.data ?? { full_name: 'Test Person' },
    },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return { email, password: options.password ?? STRONG_PASSWORD, session: response.json<AuthSession>() };
}

export async function signIn(app: App, email: string, password = STRONG_PASSWORD) {
  return app.inject({
    method: 'POST',
    url: '/auth/v1/token?grant_type=password',
    payload: { email, password },
  });
}

export const refresh = (app: App, refreshToken: string) =>
  app.inject({
    method: 'POST',
    url: '/auth/v1/token?grant_type=refresh_token',
    payload: { refresh_token: refreshToken },
  });

export const bearer = (session: Pick<AuthSession, 'access_token'>) => ({
  authorization: `Bearer ${session.access_token}`,
});

// ---- Helpers for the auth integration suites (token lifecycle, abuse, factors, flows).

/** What app.inject() resolves to. */
export type Injected = Awaited<ReturnType<App['inject']>>;

type AppErrorView = {
  code: string;
  message: string;
  details?: { path: string; message: string }[];
  /** /auth/v1 only: GoTrue's error code (`error_code`). */
  authCode?: string;
};

/**
 * An error response as the app reads it: the API's `{ error }` body, or a /auth/v1 GoTrue body
 * (`{ code, error_code, msg }`) translated to the app's code the way the web client does.
 */
function appErrorOf(response: Injected): AppErrorView | undefined {
  const body = response.json<Record<string, unknown>>();
  const nested = body.error as AppErrorView | undefined;
  if (nested && typeof nested === 'object') return nested;
  if (typeof body.error_code === 'string' && typeof body.msg === 'string') {
    const authCode = body.error_code;
    return {
      code: isAuthErrorCode(authCode) ? APP_CODE_BY_AUTH_ERROR[authCode] : 'INTERNAL_ERROR',
      message: body.msg,
      authCode,
    };
  }
  return undefined;
}

/** The app `error.code` of an error response (undefined for a success). */
export const errorCode = (response: Injected) => appErrorOf(response)?.code;

/** The claims of an access token, decoded without verification (the server verifies; tests only read). */
export const claimsOf = (accessToken: string) =>
  decodeJwt(accessToken) as {
    sub: string;
    session_id: string;
    aal: 'aal1' | 'aal2';
    amr: { method: string; timestamp: number }[];
    iat: number;
    exp: number;
    iss: string;
    aud: string;
    email: string | null;
  };

/** A call with the session's bearer token; `null` calls without one (anonymous). */
export const authed = (
  app: App,
  session: Pick<AuthSession, 'access_token'> | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => app.inject({ method, url, headers: session ? bearer(session) : {}, ...(payload ? { payload } : {}) });

/** The `error` body of an error response (SPEC's `{ error: { code, message, details? } }`). */
export const errorOf = (response: Injected) => appErrorOf(response) as AppErrorView;

/**
 * Signs up through the API, then takes each role in order through set_last_active_role (the last
 * one is active; `null` or `[]`: no role). Returns the session; throws if a step is refused.
 */
export async function signUpWithRole(
  app: App,
  role: Role | readonly Role[] | null,
  options: { fullName?: string; email?: string } = {},
): Promise<AuthSession> {
  const { session } = await signUp(app, {
    ...(options.email ? { email: options.email } : {}),
    data: { full_name: options.fullName ?? 'Test Person' },
  });
  const roles: readonly Role[] = role === null ? [] : typeof role === 'string' ? [role] : role;
  for (const name of roles) {
    const response = await authed(app, session, 'POST', '/api/rpc/set_last_active_role', { role_name: name });
    if (response.statusCode !== 200)
      throw new Error(`set_last_active_role ${name} failed: ${response.statusCode} ${response.body}`);
  }
  return session;
}

/** Sign-up with any body (phone, missing fields, weak passwords), returning the raw response. */
export const signUpRaw = (app: App, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/auth/v1/signup', payload, headers });

/** Password sign-in with any body (phone, missing fields), returning the raw response. */
export const signInRaw = (app: App, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=password', payload, headers });

/** Messages queued for one address, newest first (codes are sent at most once a minute per address). */
export async function outboxFor(db: Database, recipient: string, template?: string) {
  return db
    .select()
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.recipient, recipient),
        template ? eq(outboxMessages.template, template) : like(outboxMessages.template, 'auth_%'),
      ),
    )
    .orderBy(desc(outboxMessages.createdAt));
}

/** The 6-digit code in the newest auth message to an address (template e.g. 'auth_otp'); throws if none. */
export async function latestCode(db: Database, recipient: string, template?: string): Promise<string> {
  const [message] = await outboxFor(db, recipient, template);
  const code = message ? /\b(\d{6})\b/.exec(message.bodyText)?.[1] : undefined;
  if (!code) throw new Error(`no code was sent to ${recipient}${template ? ` (${template})` : ''}`);
  return code;
}

/** Security events of one type for one user (the server-observed log). */
export const securityEventsOf = (db: Database, userId: string, type: string) =>
  db
    .select()
    .from(securityEvents)
    .where(and(eq(securityEvents.userId, userId), eq(securityEvents.eventType, type)));

/** The Set-Cookie headers of a response as an array. */
export function setCookiesOf(response: Injected): string[] {
  const header = response.headers['set-cookie'];
  if (header === undefined) return [];
  return Array.isArray(header) ? header : [String(header)];
}
