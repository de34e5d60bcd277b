import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefundBody, SessionPaymentsPage } from '#contracts/admin-money';
import { adminMoneyApi } from '#contracts/admin-money.api';
import { api } from '#web/lib/api';

const ROOT = ['admin', 'session-payments'] as const;

/** GET /api/admin/session-payments: captured session payments, newest first, 20 a page (keyset). */
export const sessionPaymentsQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: [...ROOT, q],
    queryFn: ({ pageParam, signal }) =>
      api(adminMoneyApi.listPayments, { query: { q: q || undefined, cursor: pageParam } }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    // Other admins refund too: look again whenever the panel opens.
    staleTime: 0,
  });

/** A fresh Idempotency-Key per refund attempt; the dialog keeps it to retry the same attempt. */
export { newIdempotencyKey } from '#web/lib/api';

/**
 * POST /api/admin/session-payments/:id/refunds with the attempt's Idempotency-Key. On success the
 * refunded payment is replaced in every cached page at once, then the lists are fetched again.
 */
export function useRefundSessionPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ holdId, body, key }: { holdId: string; body: RefundBody; key: string }) =>
      api(adminMoneyApi.refund, { params: { holdId }, body }, { idempotencyKey: key }),
    onSuccess: async (result) => {
      queryClient.setQueriesData<{ pages: SessionPaymentsPage[]; pageParams: unknown[] }>(
        { queryKey: ROOT },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              payments: page.payments.map((payment) =>
                payment.id === result.payment.id ? result.payment : payment,
              ),
            })),
          },
      );
      await queryClient.invalidateQueries({ queryKey: ROOT });
    },
    // Refused because another refund came first: show what is left now.
    onError: () => queryClient.invalidateQueries({ queryKey: ROOT }),
  });
}
