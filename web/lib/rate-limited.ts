import { useSyncExternalStore } from 'react';

/**
 * when the server limits a request (429), the person is told — "Too many
 * requests — trying again in N s", from Retry-After — instead of watching a spinner. The API client
 * reports every 429 here; the notice and the full-screen loader read it. What is retried: the
 * session's token refresh (auth client) and queries (query-client), each after Retry-After.
 */
const DEFAULT_WAIT_SECONDS = 5;
const TICK_MS = 250;
let limitedUntil = 0;
let ticker: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of [...listeners]) listener();
}

/** A 429 arrived: the person waits until now + Retry-After (the latest end wins). */
export function reportRateLimited(retryAfterSeconds: number | undefined, now = Date.now()) {
  const until = now + Math.max(1, retryAfterSeconds ?? DEFAULT_WAIT_SECONDS) * 1000;
  if (until <= limitedUntil) return;
  limitedUntil = until;
  notify();
  // The countdown ticks only while something is limited.
  ticker ??= setInterval(() => {
    notify();
    if (Date.now() >= limitedUntil) {
      clearInterval(ticker);
      ticker = undefined;
    }
  }, TICK_MS);
}

/** Whole seconds left before the limited requests are tried again; null when nothing is limited. */
export function rateLimitSecondsLeft(now = Date.now()): number | null {
  const left = limitedUntil - now;
  return left > 0 ? Math.ceil(left / 1000) : null;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Tests: forget the last 429. */
export function resetRateLimited() {
  limitedUntil = 0;
  if (ticker) clearInterval(ticker);
  ticker = undefined;
  notify();
}

export const rateLimitedText = (seconds: number) => `Too many requests — trying again in ${seconds} s`;

/** The seconds left (null: not limited), re-rendering as they go down. */
export function useRateLimitCountdown(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => rateLimitSecondsLeft(),
    () => null,
  );
}
