import type { AuthClient } from '../auth/auth-client';
import { createRealtimeClient, type RealtimeClient, type RealtimeClientOptions } from './realtime-client';

const clients = new WeakMap<AuthClient, RealtimeClient>();

/**
 * The tab's realtime client, bound to its auth client (one per tab, created on first use): every
 * (re)connect reads the current access token, a refused connection asks for a refresh, sign-out
 * closes the socket and a new sign-in (here or in another tab) reconnects as that person.
 */
export function realtimeClientFor(
  authClient: AuthClient,
  overrides: Pick<RealtimeClientOptions, 'createSocket'> = {},
): RealtimeClient {
  const existing = clients.get(authClient);
  if (existing) return existing;
  const realtime = createRealtimeClient({
    getAccessToken: () => authClient.getState().accessToken,
    refreshAccessToken: () => authClient.refresh(),
    ...overrides,
  });
  let userId = authClient.getState().user?.id ?? null;
  authClient.subscribe((event, state) => {
    if (event === 'SIGNED_OUT') {
      userId = null;
      realtime.close();
      return;
    }
    if (event === 'SIGNED_IN' || event === 'TOKEN_REFRESHED') {
      const next = state.user?.id ?? null;
      const userChanged = userId !== null && next !== userId;
      userId = next;
      realtime.sessionChanged({ userChanged });
    }
  });
  clients.set(authClient, realtime);
  return realtime;
}
