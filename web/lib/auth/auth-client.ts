import { z } from 'zod';
import {
  REFRESH_COOKIE_HEADER,
  SESSION_HINT_COOKIE,
  sessionSchema,
  userSchema,
  type AuthSession,
  type AuthUser,
} from '#contracts/auth';
import { ApiError, apiRequest, setAccessTokenProvider } from '../api-client';

/**
 * The browser's session (SPEC §3 Auth session, §4 Auth, §9 token refresh):
 * - the refresh token lives only in an HttpOnly cookie (x-refresh-cookie mode); the access token
 *   only in memory — nothing long-lived is readable by page scripts;
 * - on load the session is restored from the cookie; a 30 s tick refreshes 3 ticks before expiry,
 *   retrying with backoff from 200 ms, doubling, on 502/503/504 and network errors;
 * - sign-in, refresh, user updates and sign-out are broadcast to the other tabs of this browser.
 */
export type AuthStatus = 'loading' | 'signed_in' | 'signed_out';
export type AuthEvent = 'SIGNED_IN' | 'TOKEN_REFRESHED' | 'USER_UPDATED' | 'SIGNED_OUT';
export type AuthState = {
  status: AuthStatus;
  accessToken: string | null;
  /** Unix seconds. */
  expiresAt: number | null;
  user: AuthUser | null;
  /** Why the last session ended ('timeout' after inactivity, 'expired' when the server refused it). */
  endReason: 'signed_out' | 'timeout' | 'expired' | null;
};

export const TICK_MS = 30_000;
const REFRESH_MARGIN_TICKS = 3;
const RETRYABLE_STATUSES = new Set([0, 502, 503, 504]);
const CHANNEL_NAME = 'wellspring-auth';

type Message = { event: AuthEvent; state: AuthState };
type SignOutScope = 'local' | 'global' | 'others';
/** Runs before the logout call, while the session still works (e.g. to report USER_SESSION_END). */
export type BeforeSignOut = (scope: SignOutScope, reason: AuthState['endReason']) => unknown;

const cookieMode = { [REFRESH_COOKIE_HEADER]: '1' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createAuthClient(options: { now?: () => number } = {}) {
  const now = options.now ?? (() => Date.now());
  let state: AuthState = {
    status: 'loading',
    accessToken: null,
    expiresAt: null,
    user: null,
    endReason: null,
  };
  const listeners = new Set<(event: AuthEvent | 'INITIAL', state: AuthState) => void>();
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);
  let ticker: ReturnType<typeof setInterval> | undefined;
  let refreshing: Promise<void> | undefined;
  /** Counts sign-outs (here or in another tab), so a refresh answer that arrives after one is dropped. */
  let signOutCount = 0;
  const beforeSignOut = new Set<BeforeSignOut>();
  /** True while the current session is the one start() restored from the cookie (not signed in on this page). */
  let restored = false;

  function set(next: AuthState, event: AuthEvent | 'INITIAL', broadcast: boolean) {
    state = next;
    for (const listener of listeners) listener(event, state);
    if (broadcast && event !== 'INITIAL') channel?.postMessage({ event, state } satisfies Message);
  }

  function adopt(session: AuthSession, event: AuthEvent) {
    set(
      {
        status: 'signed_in',
        accessToken: session.access_token,
        expiresAt: session.expires_at,
        user: session.user,
        endReason: null,
      },
      event,
      true,
    );
  }

  function clear(reason: AuthState['endReason'], broadcast = true) {
    restored = false;
    signOutCount += 1;
    set(
      { status: 'signed_out', accessToken: null, expiresAt: null, user: null, endReason: reason },
      'SIGNED_OUT',
      broadcast,
    );
  }

  channel?.addEventListener('message', (message: MessageEvent<Message>) => {
    // Another tab signed in, refreshed or signed out: take its state without broadcasting it back.
    if (message.data.event === 'SIGNED_IN' || message.data.event === 'SIGNED_OUT') restored = false;
    if (message.data.event === 'SIGNED_OUT') signOutCount += 1;
    set(message.data.state, message.data.event, false);
  });

  async function requestRefresh(): Promise<AuthSession> {
    let delay = 200;
    for (;;) {
      try {
        return await apiRequest('/auth/v1/token?grant_type=refresh_token', sessionSchema, {
          method: 'POST',
          body: {},
          headers: cookieMode,
        });
      } catch (error) {
        if (error instanceof ApiError && RETRYABLE_STATUSES.has(error.status) && delay <= 30_000) {
          await sleep(delay);
          delay *= 2;
          continue;
        }
        // Too many refreshes from this address: wait as told, the session itself is still good.
        if (error instanceof ApiError && error.status === 429 && delay <= 30_000) {
          await sleep(Math.max((error.retryAfterSeconds ?? 1) * 1000, delay));
          delay *= 2;
          continue;
        }
        throw error;
      }
    }
  }

  /** Refreshes once at a time, even when several callers ask together. */
  function refresh(): Promise<void> {
    // A sign-out while this refresh is on the wire wins: its answer must not sign the person back in.
    const signOutsBefore = signOutCount;
    refreshing ??= requestRefresh()
      .then((session) => {
        if (signOutCount !== signOutsBefore) return;
        if (state.status === 'loading') restored = true;
        adopt(session, state.status === 'signed_in' ? 'TOKEN_REFRESHED' : 'SIGNED_IN');
      })
      .catch((error: unknown) => {
        if (signOutCount !== signOutsBefore) return;
        if (error instanceof ApiError && error.status > 0 && error.status < 500) {
          clear(state.status === 'signed_in' ? 'expired' : null);
          return;
        }
        throw error;
      })
      .finally(() => {
        refreshing = undefined;
      });
    return refreshing;
  }

  function tick() {
    if (state.status !== 'signed_in' || state.expiresAt === null) return;
    if (state.expiresAt * 1000 - now() <= REFRESH_MARGIN_TICKS * TICK_MS)
      void refresh().catch(() => undefined);
  }

  setAccessTokenProvider(() => state.accessToken);

  return {
    getState: () => state,
    subscribe(listener: (event: AuthEvent | 'INITIAL', state: AuthState) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Restores the session from the refresh cookie and starts the refresh tick. */
    async start() {
      ticker ??= setInterval(tick, TICK_MS);
      // No session marker: nobody is signed in here, so there is nothing to restore (and no 400 to log).
      if (
        typeof document !== 'undefined' &&
        !document.cookie.split('; ').includes(`${SESSION_HINT_COOKIE}=1`)
      ) {
        clear(null, false);
        return;
      }
      try {
        await refresh();
      } catch {
        clear(null, false);
      }
      if (state.status === 'loading') clear(null, false);
    },

    stop() {
      if (ticker) clearInterval(ticker);
      ticker = undefined;
      channel?.close();
      setAccessTokenProvider(undefined);
    },

    refresh,
    tick,
    isRestoredSession: () => restored,

    onBeforeSignOut(hook: BeforeSignOut) {
      beforeSignOut.add(hook);
      return () => {
        beforeSignOut.delete(hook);
      };
    },

    /**
     * Any endpoint that answers a session (sign-in, sign-up, verify, factor verify, a guest link's
     * redeem). `schema` reads an answer that carries more than the session (e.g. the guest's session id).
     */
    async completeSignIn<T extends AuthSession = AuthSession>(
      path: string,
      body: unknown,
      event: AuthEvent = 'SIGNED_IN',
      schema: z.ZodType<T> = sessionSchema as unknown as z.ZodType<T>,
    ): Promise<T> {
      const session = await apiRequest(path, schema, { method: 'POST', body, headers: cookieMode });
      if (event === 'SIGNED_IN') restored = false;
      adopt(session, event);
      return session;
    },

    async reloadUser() {
      const user = await apiRequest('/auth/v1/user', userSchema);
      set({ ...state, user }, 'USER_UPDATED', true);
      return user;
    },

    setUser(user: AuthUser) {
      set({ ...state, user }, 'USER_UPDATED', true);
    },

    async signOut(scope: SignOutScope = 'local', reason: AuthState['endReason'] = 'signed_out') {
      if (state.status === 'signed_in' && scope !== 'others')
        await Promise.allSettled([...beforeSignOut].map(async (hook) => hook(scope, reason)));
      try {
        await apiRequest(`/auth/v1/logout?scope=${scope}`, z.object({}), {
          method: 'POST',
          headers: cookieMode,
        });
      } catch {
        // Signing out locally must work even when the server cannot be reached.
      }
      if (scope !== 'others') clear(reason);
    },
  };
}

export type AuthClient = ReturnType<typeof createAuthClient>;
