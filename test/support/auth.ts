import type { AuthSession } from '../../contracts/auth';
import type { App } from '../../server/app';

let counter = 0;
/** A unique email per call, so tests in one database never collide. */
export const uniqueEmail = (label = 'person') => `${label}.${Date.now().toString(36)}.${(counter += 1)}@example.test`;

export const STRONG_PASSWORD = 'harbor lantern violet oat';

/** Signs up through the real API and returns the session (bearer mode: refresh token in the body). */
export async function signUp(app: App, options: { email?: string; password?: string; data?: Record<string, unknown> } = {}) {
  const email = options.email ?? uniqueEmail();
  const response = await app.inject({
    method: 'POST',
    url: '/auth/v1/signup',
    payload: { email, password: options.password ?? STRONG_PASSWORD, data: options.data ?? { full_name: 'Test Person' } },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return { email, password: options.password ?? STRONG_PASSWORD, session: response.json<AuthSession>() };
}

export async function signIn(app: App, email: string, password = STRONG_PASSWORD) {
  return app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=password', payload: { email, password } });
}

export const refresh = (app: App, refreshToken: string) =>
  app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=refresh_token', payload: { refresh_token: refreshToken } });

export const bearer = (session: Pick<AuthSession, 'access_token'>) => ({ authorization: `Bearer ${session.access_token}` });
