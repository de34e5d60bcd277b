import { errorBodySchema } from '#contracts/errors';
import { deleteUploadResponseSchema, uploadResponseSchema, type UploadKind } from '#contracts/uploads';
import { UPLOADED_FILES_PREFIX, uploadsApi } from '#contracts/uploads.api';
import { ERROR_CODES } from '#domain/errors/app-error';
import { pathOf } from '#contracts/endpoint';
import { ApiError, apiRequest } from './api-client';

const UPLOAD_ENDPOINT = { avatar: uploadsApi.uploadAvatar, cover: uploadsApi.uploadCover } as const;

/** What the picker accepts; the server decides by the file's bytes anyway. */
export const ACCEPTED_IMAGE_TYPES = 'image/jpeg,image/png,image/webp';

/**
 * POST /api/uploads/avatar|cover with the file as the body. XMLHttpRequest rather than fetch, because
 * only it reports upload progress. Fails with an ApiError carrying the server's own message.
 */
export function uploadImage(
  kind: UploadKind,
  file: File,
  options: { accessToken: string | null; onProgress?: (fraction: number) => void; signal?: AbortSignal },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(UPLOAD_ENDPOINT[kind].method, pathOf(UPLOAD_ENDPOINT[kind]));
    request.setRequestHeader('accept', 'application/json');
    request.setRequestHeader('content-type', file.type || 'application/octet-stream');
    if (options.accessToken) request.setRequestHeader('authorization', `Bearer ${options.accessToken}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    request.onerror = () =>
      reject(
        new ApiError('SERVICE_UNAVAILABLE', 'Network error. Please check your connection and try again.', 0),
      );
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    request.onload = () => {
      let payload: unknown;
      try {
        payload = JSON.parse(request.responseText);
      } catch {
        payload = undefined;
      }
      if (request.status >= 200 && request.status < 300) {
        const parsed = uploadResponseSchema.safeParse(payload);
        if (parsed.success) resolve(parsed.data.url);
        else reject(new ApiError('INTERNAL_ERROR', ERROR_CODES.INTERNAL_ERROR, request.status));
        return;
      }
      const error = errorBodySchema.safeParse(payload);
      reject(
        error.success
          ? new ApiError(
              error.data.error.code,
              error.data.error.message,
              request.status,
              error.data.error.details,
            )
          : request.status === 413
            ? new ApiError(
                'PAYLOAD_TOO_LARGE',
                'The image is too large. Please use a file of at most 5 MB.',
                413,
              )
            : new ApiError('INTERNAL_ERROR', ERROR_CODES.INTERNAL_ERROR, request.status),
      );
    };
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}

/** DELETE /api/uploads/files/*: one of the caller's own uploads, by the URL the upload answered. */
export async function deleteUploadedImage(url: string): Promise<void> {
  // The key is the rest of the URL, slashes and all (the endpoint's `*`): the URL is called as it is.
  if (!url.startsWith(UPLOADED_FILES_PREFIX)) return;
  await apiRequest(url, deleteUploadResponseSchema, { method: uploadsApi.deleteFile.method });
}
