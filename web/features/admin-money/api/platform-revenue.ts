import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { RevenueRange } from '#contracts/admin-money';
import { adminMoneyApi } from '#contracts/admin-money.api';
import { pathOf, queryStringOf } from '#contracts/endpoint';
import { api } from '#web/lib/api';
import { downloadFile } from '#web/lib/download-file';

/** GET /api/admin/platform-revenue?range=: totals, the series, by format and recent captures. */
export const platformRevenueQueryOptions = (range: RevenueRange) =>
  queryOptions({
    queryKey: ['admin', 'platform-revenue', range],
    queryFn: ({ signal }) => api(adminMoneyApi.platformRevenue, { query: { range } }, { signal }),
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
  downloadFile(`${pathOf(adminMoneyApi.exportPlatformRevenueCsv)}${queryStringOf({ range })}`, {
    accessToken,
    accept: 'text/csv',
    fallbackName: `platform-revenue-${range}.csv`,
  });
