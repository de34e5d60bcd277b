import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** SPEC §9 data cache: fresh 5 min, kept 10 min, 1 retry, no refetch on focus or reconnect, retry delay doubling to 30 s. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        gcTime: 10 * 60_000,
        retry: (failureCount, error) =>
          failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
    },
  });
}
