import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { earningsSchema, type EarningsRange } from '../../../../contracts/earnings';
import { errorBodySchema } from '../../../../contracts/errors';
import { ERROR_CODES } from '../../../../domain/errors/app-error';
import { ApiError, apiRequest } from '../../../lib/api-client';

export const EARNINGS_SESSIONS_PAGE_SIZE = 10;

/** GET /api/earnings?range=&page=: balances, the series, by format, a page of sessions, transactions. */
export const earningsQueryOptions = (userId: string, range: EarningsRange, page: number) =>
  queryOptions({
    queryKey: ['earnings', userId, range, page],
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/earnings?range=${range}&page=${page}&page_size=${EARNINGS_SESSIONS_PAGE_SIZE}`,
        earningsSchema,
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

const FILENAME = /filename="([^"]+)"/;

/**
 * GET /api/earnings/export.csv with the bearer token, saved through a blob link (a plain link could
 * not carry the token). Failures become ApiError like every other call. Returns the file name.
 */
export async function downloadEarningsCsv(accessToken: string | null): Promise<string> {
  let response: Response;
  try {
    response = await fetch('/api/earnings/export.csv', {
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
    FILENAME.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'wellspring-earnings.csv';
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
