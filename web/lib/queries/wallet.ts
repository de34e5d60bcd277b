import { queryOptions } from '@tanstack/react-query';
import { walletApi } from '#contracts/wallet.api';
import { api } from '../api';

/** The key of the caller's wallet: every screen that shows the balance reads and refreshes this one. */
export const walletQueryKey = (userId: string) => ['wallet', userId] as const;

/** GET /api/wallet: the caller's balance, held amount and recent transactions. */
export const walletQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: walletQueryKey(userId),
    queryFn: ({ signal }) => api(walletApi.get, undefined, { signal }),
  });
