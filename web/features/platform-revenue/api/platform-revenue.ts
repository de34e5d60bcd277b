import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { platformRevenueSchema, type RevenueRange } from '../../../../contracts/admin-money';
import { apiRequest } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';

/** GET /api/admin/platform-revenue?range=: totals, the series, by format and recent captures. */
export const platformRevenueQueryOptions = (range: RevenueRange) =>
  queryOptions({
    queryKey: ['admin', 'platform-revenue', range],
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/platform-revenue?range=${range}`, platformRevenueSchema, { signal }),
    // Refunds and captures happen all the time: look again whenever the screen opens.
    staleTime: 0,
    // Switching the range keeps the last numbers on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/platform-revenue/export.csv, saved as a file (web/lib/download-file.ts). */
export const downloadPlatformRevenueCsv = (
  range: RevenueRange,
  accessToken: string | null,
): Promise<string> =>
  downloadFile(`/api/admin/platform-revenue/export.csv?range=${range}`, {
    accessToken,
    accept: 'text/csv',
    fallbackName: `platform-revenue-${range}.csv`,
  });
