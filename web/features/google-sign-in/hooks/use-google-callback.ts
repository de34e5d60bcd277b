import { useEffect, useSyncExternalStore } from 'react';
import { toInternalPath } from '#contracts/oauth';
import { ApiError } from '#web/lib/api-client';
import type { AuthClient } from '#web/lib/auth/auth-client';
import { useAuth, useAuthClient } from '#web/lib/auth/use-auth';
import { takeCodeVerifier } from '../api/google-pkce';

/** SPEC §9: Google profile sync 1 s after the sign-in. */
export const PROFILE_SYNC_DELAY_MS = 1000;

const FALLBACK_ERROR = 'Google sign-in did not finish. Please try again.';
const MISSING_VERIFIER =
  'This sign-in was started in another tab or browser, or was already finished. Please start again from the sign-in page.';
const NOTHING_TO_FINISH = 'There is no sign-in to finish here. Please start again from the sign-in page.';

type Outcome = { status: 'exchanging' } | { status: 'signed_in' } | { status: 'error'; message: string };

export type GoogleCallbackState =
  | { status: 'exchanging' }
  | { status: 'signed_in'; redirectTo: string }
  | { status: 'error'; message: string };

/*
 * Exchanges live outside React, keyed by code: the route guard swaps the page for a loader while it
 * learns who just signed in (which unmounts it), and StrictMode runs effects twice. Either way a
 * code is sent once, and the page that mounts again finds how it went.
 */
const outcomes = new Map<string, Outcome>();
const listeners = new Set<() => void>();

function record(code: string, outcome: Outcome) {
  outcomes.set(code, outcome);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

function startExchange(authClient: AuthClient, code: string) {
  if (outcomes.has(code)) return;
  record(code, { status: 'exchanging' });
  const verifier = takeCodeVerifier();
  if (!verifier) {
    record(code, { status: 'error', message: MISSING_VERIFIER });
    return;
  }
  authClient
    .completeSignIn('/auth/v1/token?grant_type=pkce', { auth_code: code, code_verifier: verifier })
    .then(
      () => {
        record(code, { status: 'signed_in' });
        // Not tied to the page: the sync still runs after the browser has moved on to the target.
        setTimeout(() => {
          authClient.reloadUser().catch(() => undefined);
        }, PROFILE_SYNC_DELAY_MS);
      },
      (error: unknown) => {
        // Only the server's messages are written for people; anything else (a bad answer) gets the fallback.
        record(code, {
          status: 'error',
          message: (error instanceof ApiError && error.message) || FALLBACK_ERROR,
        });
      },
    );
}

/**
 * The return page's work (SPEC §2 /auth/callback, /auth/google/callback): an error in the URL is
 * shown from `error_description`; a `code` is exchanged with the verifier this tab kept, once the
 * session restore at start-up has settled (so it cannot overwrite the new session).
 */
export function useGoogleCallback(params: URLSearchParams): GoogleCallbackState {
  const authClient = useAuthClient();
  const { status } = useAuth();
  const code = params.get('code');
  const urlError = params.get('error') ?? params.get('error_description');
  const outcome = useSyncExternalStore(subscribe, () => (code ? outcomes.get(code) : undefined));

  const ready = status !== 'loading';
  useEffect(() => {
    if (!urlError && code && ready) startExchange(authClient, code);
  }, [authClient, code, ready, urlError]);

  if (urlError) return { status: 'error', message: params.get('error_description') || FALLBACK_ERROR };
  if (!code) return { status: 'error', message: NOTHING_TO_FINISH };
  if (outcome?.status === 'signed_in')
    return { status: 'signed_in', redirectTo: toInternalPath(params.get('redirect_to')) };
  if (outcome?.status === 'error') return outcome;
  return { status: 'exchanging' };
}
