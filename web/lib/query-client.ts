import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** A 429 is tried again after its Retry-After (the person sees the countdown), a few times. */
const RATE_LIMITED_RETRIES = 3;
const isRateLimited = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 429;

/** SPEC §9 data cache: fresh 5 min, kept 10 min, 1 retry (a 429: up to 3, each after its Retry-After), no refetch on focus or reconnect, retry delay doubling to 30 s. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        gcTime: 10 * 60_000,
        retry: (failureCount, error) =>
          isRateLimited(error)
            ? failureCount < RATE_LIMITED_RETRIES
            : failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        retryDelay: (attempt, error) =>
          isRateLimited(error)
            ? Math.min(Math.max(error.retryAfterSeconds ?? 5, 1) * 1000, 60_000)
            : Math.min(1000 * 2 ** attempt, 30_000),
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
    },
  });
}
