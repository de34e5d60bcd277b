import { createContext, useContext, useSyncExternalStore } from 'react';
import type { AuthClient, AuthState } from './auth-client';

export const AuthClientContext = createContext<AuthClient | null>(null);

export function useAuthClient(): AuthClient {
  const client = useContext(AuthClientContext);
  if (!client) throw new Error('useAuthClient must be used within the AuthClientContext provider');
  return client;
}

/** The current auth state; re-renders on sign-in, refresh, user update and sign-out (in any tab). */
export function useAuth(): AuthState {
  const client = useAuthClient();
  return useSyncExternalStore(client.subscribe, client.getState, client.getState);
}
