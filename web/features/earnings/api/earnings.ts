import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { EarningsRange } from '#contracts/earnings';
import { earningsApi } from '#contracts/earnings.api';
import { pathOf } from '#contracts/endpoint';
import { api } from '#web/lib/api';
import { downloadFile } from '#web/lib/download-file';

export const EARNINGS_SESSIONS_PAGE_SIZE = 10;

/** GET /api/earnings?range=&page=: balances, the series, by format, a page of sessions, transactions. */
export const earningsQueryOptions = (userId: string, range: EarningsRange, page: number) =>
  queryOptions({
    queryKey: ['earnings', userId, range, page],
    queryFn: ({ signal }) =>
      api(
        earningsApi.summary,
        { query: { range, page, page_size: EARNINGS_SESSIONS_PAGE_SIZE } },
        { signal },
      ),
    // Earnings move with every session and payout: look again whenever the screen opens.
    staleTime: 0,
    // Switching the range or the page keeps the last numbers on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

/** After a withdrawal (or anything else that moves a coach's money) every earnings view is out of date. */
export const invalidateEarnings = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: ['earnings'] });

/** GET /api/earnings/export.csv, saved as a file (web/lib/download-file.ts). Returns the file name. */
export const downloadEarningsCsv = (accessToken: string | null): Promise<string> =>
  downloadFile(pathOf(earningsApi.exportCsv), {
    accessToken,
    accept: 'text/csv',
    fallbackName: 'wellspring-earnings.csv',
  });
