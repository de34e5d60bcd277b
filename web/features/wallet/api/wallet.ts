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

/**
 * GET /api/wallet/top-ups/:id: the payment as the server knows it. With Stripe the wallet is credited by
 * the signed webhook, so after the browser confirms the card this is polled until the webhook has
 * landed (see StripeCardForm).
 */
export const topUpQueryOptions = (userId: string, paymentId: string, attempt = 0) =>
  queryOptions({
    // `attempt`: each confirmation polls under its own key, so an older answer never decides a newer one.
    queryKey: ['wallet', userId, 'top-up', paymentId, attempt],
    queryFn: ({ signal }) =>
      apiRequest(`/api/wallet/top-ups/${encodeURIComponent(paymentId)}`, paymentSchema, { signal }),
    // Always ask the server again: this is a status that is expected to change.
    staleTime: 0,
    gcTime: 0,
  });

/** Reloads the balance and transactions after money landed. */
export function useRefreshWallet(userId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: walletQueryOptions(userId).queryKey, exact: true });
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
