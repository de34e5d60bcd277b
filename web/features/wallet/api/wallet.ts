import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  paymentSchema,
  topUpSchema,
  walletSchema,
  type DemoConfirmBody,
  type TopUpBody,
} from '../../../../contracts/wallet';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/wallet: the caller's balance, held amount and recent transactions. */
export const walletQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['wallet', userId],
    queryFn: ({ signal }) => apiRequest('/api/wallet', walletSchema, { signal }),
  });

/**
 * Money-moving POSTs carry an Idempotency-Key made once per attempt (the caller keeps it for a retry of
 * the same attempt, so a lost answer never pays twice).
 */
const idempotent = (key: string) => ({ 'idempotency-key': key });

export const newIdempotencyKey = () => crypto.randomUUID();

export function useCreateTopUp() {
  return useMutation({
    mutationFn: ({ body, key }: { body: TopUpBody; key: string }) =>
      apiRequest('/api/wallet/top-ups', topUpSchema, { method: 'POST', body, headers: idempotent(key) }),
  });
}

export function useDemoConfirm(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, body, key }: { paymentId: string; body: DemoConfirmBody; key: string }) =>
      apiRequest(`/api/wallet/top-ups/${encodeURIComponent(paymentId)}/demo-confirm`, paymentSchema, {
        method: 'POST',
        body,
        headers: idempotent(key),
      }),
    onSuccess: async (payment) => {
      if (payment.status === 'succeeded')
        await queryClient.invalidateQueries({ queryKey: walletQueryOptions(userId).queryKey });
    },
  });
}
