import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Puts the whole new state an event carried into a query's cache, so that a fetch already on its way
 * cannot overwrite it afterwards. Events are sent after their change commits, but a fetch that started
 * before the event arrived may have read the database before that commit; its answer, landing later,
 * would put the older state back on screen with no event left to correct it (e.g. "You not here yet"
 * after the room was joined). Such a fetch is cancelled and started again: the new one reads the
 * database after the event's commit, so it brings that state or a newer one.
 */
export function applyLiveSnapshot<T>(queryClient: QueryClient, queryKey: QueryKey, data: T): void {
  const fetching = queryClient.isFetching({ queryKey, exact: true }) > 0;
  // Cancelling reverts to the state before that fetch at once (synchronously), before the new data.
  if (fetching) void queryClient.cancelQueries({ queryKey, exact: true });
  queryClient.setQueryData(queryKey, data);
  if (fetching) void queryClient.invalidateQueries({ queryKey, exact: true });
}
