import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { settlementApi } from '#contracts/settlement.api';
import type { CreateSessionRequest, SessionRequest } from '#contracts/sessions';
import { walletQueryOptions as walletBalanceQueryOptions } from '#web/lib/queries/wallet';
import type { SessionFormat } from '#domain/coaching/categories';
import { api } from '#web/lib/api';
import { applyLiveSnapshot } from '#web/lib/realtime/live-snapshot';
import { sessionQueryOptions } from '#web/lib/queries/sessions';
import { sessionRequestsApi } from '#contracts/session-requests.api';

/**
 * The client's side of instant sessions (contracts/sessions.ts):
 * the quote, the request (money held, so every POST carries an Idempotency-Key), the waiting room's
 * request and the fallback offers.
 */

/** Money-moving POSTs carry an Idempotency-Key made once per attempt and reused only to retry it. */
export { newIdempotencyKey } from '#web/lib/api';

export const sessionRequestQueryKey = (id: string) => ['session-request', id] as const;

/**
 * GET /api/sessions/:id for an accepted request's session: is it still live? (An old waiting-room link
 * must not offer "Go to your session" once it is over.) The one shared session query.
 */
export const requestSessionQueryOptions = sessionQueryOptions;

/** GET /api/session-requests/:id: a party's view of one request. */
export const sessionRequestQueryOptions = (id: string) =>
  queryOptions({
    queryKey: sessionRequestQueryKey(id),
    queryFn: ({ signal }) => api(sessionRequestsApi.get, { params: { id } }, { signal }),
    // A status that is expected to change: never served stale from an earlier visit.
    staleTime: 0,
  });

/** GET /api/session-requests/:id/alternatives: online coaches in the category, and the coach asked. */
export const alternativesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...sessionRequestQueryKey(id), 'alternatives'],
    queryFn: ({ signal }) => api(sessionRequestsApi.alternatives, { params: { id } }, { signal }),
    staleTime: 30_000,
  });

/** GET /api/wallet, the wallet screen's own query, so a top-up there shows here too. */
export { walletQueryOptions as walletBalanceQueryOptions } from '#web/lib/queries/wallet';

export type QuoteInput = { coachId: string; format: SessionFormat; minutes: number; coupon: string | null };

/** GET /api/coaches/:coachId/quote: the price before anything is held (coupon errors are 422). */
export const quoteQueryOptions = ({ coachId, format, minutes, coupon }: QuoteInput) =>
  queryOptions({
    queryKey: ['session-quote', coachId, format, minutes, coupon ?? ''],
    queryFn: ({ signal }) =>
      api(
        settlementApi.quote,
        { params: { coachId }, query: { format, minutes, coupon: coupon ?? undefined } },
        { signal },
      ),
    staleTime: 60_000,
  });

/**
 * Puts a request the server just answered (or an event carried) into the cache: the waiting room opens
 * without a wait, and an older fetch still on its way cannot put an earlier state back.
 */
export function storeRequest(queryClient: QueryClient, request: SessionRequest) {
  applyLiveSnapshot(queryClient, sessionRequestQueryKey(request.id), request);
}

export function useCreateSessionRequest(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: CreateSessionRequest; key: string }) =>
      api(sessionRequestsApi.create, { body }, { idempotencyKey: key }),
    onSuccess: (request) => storeRequest(queryClient, request),
    // The hold moved money (or a refusal may mean the balance changed elsewhere).
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletBalanceQueryOptions(userId).queryKey }),
  });
}

export function useCancelSessionRequest(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string; key: string }) => api(sessionRequestsApi.cancel, { params: { id } }),
    onSuccess: (request) => storeRequest(queryClient, request),
    // Cancelled, or refused because the coach answered first: either way read the request again.
    onSettled: (_answer, _error, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionRequestQueryKey(id), exact: true }),
        queryClient.invalidateQueries({ queryKey: walletBalanceQueryOptions(userId).queryKey }),
      ]),
  });
}
