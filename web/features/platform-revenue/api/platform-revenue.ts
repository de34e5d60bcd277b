import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { platformRevenueSchema, type RevenueRange } from '../../../../contracts/admin-money';
import { errorBodySchema } from '../../../../contracts/errors';
import { ERROR_CODES } from '../../../../domain/errors/app-error';
import { ApiError, apiRequest } from '../../../lib/api-client';

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

const FILENAME = /filename="([^"]+)"/;

/**
 * GET /api/admin/platform-revenue/export.csv with the bearer token, saved through a blob link (a
 * plain link could not carry the token). Failures become ApiError like every other call.
 */
export async function downloadPlatformRevenueCsv(
  range: RevenueRange,
  accessToken: string | null,
): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`/api/admin/platform-revenue/export.csv?range=${range}`, {
      headers: { accept: 'text/csv', ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}) },
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(
      'SERVICE_UNAVAILABLE',
      'Network error. Please check your connection and try again.',
      0,
    );
  }
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(await response.json().catch(() => undefined));
    if (parsed.success)
      throw new ApiError(
        parsed.data.error.code,
        parsed.data.error.message,
        response.status,
        parsed.data.error.details,
      );
    throw new ApiError('INTERNAL_ERROR', ERROR_CODES.INTERNAL_ERROR, response.status);
  }
  const filename =
    FILENAME.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `platform-revenue-${range}.csv`;
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has started the download.
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  }
  return filename;
}
