import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  payoutMethodListSchema,
  payoutMethodSchema,
  withdrawalListSchema,
  withdrawalSchema,
  type PayoutMethodCreateBody,
  type WithdrawalCreateBody,
} from '../../../../contracts/payouts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/payout-methods: the coach's methods, masked, the default first. */
export const payoutMethodsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['payout-methods', userId],
    queryFn: ({ signal }) => apiRequest('/api/payout-methods', payoutMethodListSchema, { signal }),
  });

/** GET /api/withdrawals/:id: one of the caller's withdrawals. */
export const withdrawalQueryOptions = (userId: string, id: string) =>
  queryOptions({
    queryKey: ['withdrawals', userId, id],
    queryFn: ({ signal }) =>
      apiRequest(`/api/withdrawals/${encodeURIComponent(id)}`, withdrawalSchema, { signal }),
    staleTime: 0,
  });

/** GET /api/withdrawals: the caller's withdrawals, newest first. */
export const withdrawalsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['withdrawals', userId],
    queryFn: ({ signal }) => apiRequest('/api/withdrawals', withdrawalListSchema, { signal }),
    staleTime: 0,
  });

export function useAddPayoutMethod(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutMethodCreateBody) =>
      apiRequest('/api/payout-methods', payoutMethodSchema, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['payout-methods', userId] }),
  });
}

export function useRemovePayoutMethod(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/payout-methods/${encodeURIComponent(id)}`, z.object({ removed: z.literal(true) }), {
        method: 'DELETE',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['payout-methods', userId] }),
  });
}

export function useSetDefaultPayoutMethod(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/payout-methods/${encodeURIComponent(id)}/default`, payoutMethodListSchema, {
        method: 'POST',
      }),
    onSuccess: (list) => queryClient.setQueryData(['payout-methods', userId], list),
  });
}

export const newIdempotencyKey = () => crypto.randomUUID();

/**
 * POST /api/withdrawals with an Idempotency-Key made once per attempt: the caller keeps it to retry
 * the same attempt (after the second-factor step, or a lost answer), so it never pays out twice.
 */
export function useRequestWithdrawal(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: WithdrawalCreateBody; key: string }) =>
      apiRequest('/api/withdrawals', withdrawalSchema, {
        method: 'POST',
        body,
        headers: { 'idempotency-key': key },
      }),
    onSuccess: (withdrawal) => {
      queryClient.setQueryData(['withdrawals', userId, withdrawal.id], withdrawal);
      return queryClient.invalidateQueries({ queryKey: ['withdrawals', userId], exact: true });
    },
  });
}
