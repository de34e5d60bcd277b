import { errorBodySchema } from '#contracts/errors';
import { ERROR_CODES } from '#domain/errors/app-error';
import { ApiError } from './api-client';
import { saveBlob } from './save-blob';

const FILENAME = /filename="([^"]+)"/;

/**
 * GETs a file from the API with the bearer token and saves it through a blob link (a plain link could
 * not carry the token): the CSV exports. Failures become ApiError like every other call. Returns the
 * file name the server gave (Content-Disposition), else `fallbackName`.
 */
export async function downloadFile(
  path: string,
  { accessToken, accept, fallbackName }: { accessToken: string | null; accept: string; fallbackName: string },
): Promise<string> {
  let response: Response;
  try {
    response = await fetch(path, {
      headers: { accept, ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}) },
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
  const filename = FILENAME.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  saveBlob(await response.blob(), filename);
  return filename;
}
