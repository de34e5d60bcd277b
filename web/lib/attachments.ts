import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TOO_LARGE_MESSAGE,
  type AttachmentKind,
} from '#contracts/attachments';
import { queryStringOf } from '#contracts/endpoint';
import { errorBodySchema } from '#contracts/errors';
import { ERROR_CODES } from '#domain/errors/app-error';
import { ApiError } from './api-client';

/**
 * A message's attachment in the browser (contracts/attachments.ts), the same for the session chat and
 * conversations between sessions: sending the raw bytes under a browser-made message id, and fetching
 * what was sent with the bearer token (attachments are private, so a plain src or link could not).
 */

/** An image, file or voice note on its way: the sender's own copy, sent again as is by a retry. */
export type PendingAttachment = { kind: AttachmentKind; file: Blob; name: string; durationMs?: number };

/** A picked file and how it goes: pictures as images, the rest as files (the server checks the bytes). */
/** A recorded voice note as an attachment to send ("Voice note.webm", its length). */
export const voiceAttachment = (voice: {
  blob: Blob;
  durationMs: number;
  extension: string;
}): PendingAttachment => ({
  kind: 'voice',
  file: voice.blob,
  name: `Voice note.${voice.extension}`,
  durationMs: voice.durationMs,
});

export type PickedFile = { kind: Exclude<AttachmentKind, 'voice'>; file: File };

/** Pictures the server shows inline (re-encoded); any other file goes as a download. */
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

export const kindOfFile = (file: File): PickedFile['kind'] => (IMAGE_TYPES.has(file.type) ? 'image' : 'file');

/**
 * Picked files sorted into those that go and the refusals to show (empty, or over their kind's limit:
 * the server's own words, before any upload).
 */
export function sortPickedFiles(files: readonly File[]): { accepted: PickedFile[]; refused: string[] } {
  const accepted: PickedFile[] = [];
  const refused: string[] = [];
  for (const file of files) {
    const kind = kindOfFile(file);
    if (file.size === 0) refused.push(`${file.name}: the file is empty.`);
    else if (file.size > ATTACHMENT_MAX_BYTES[kind])
      refused.push(
        files.length > 1
          ? `${file.name}: ${ATTACHMENT_TOO_LARGE_MESSAGE[kind]}`
          : ATTACHMENT_TOO_LARGE_MESSAGE[kind],
      );
    else accepted.push({ kind, file });
  }
  return { accepted, refused };
}

const networkError = () =>
  new ApiError('SERVICE_UNAVAILABLE', 'Network error. Please check your connection and try again.', 0);

/** The server's error body as an ApiError (a 413 from a proxy without one still names the problem). */
async function errorFrom(response: Response, tooLarge: string): Promise<ApiError> {
  const parsed = errorBodySchema.safeParse(await response.json().catch(() => undefined));
  if (parsed.success) {
    const { code, message, details, requestId } = parsed.data.error;
    return new ApiError(code, message, response.status, details, requestId);
  }
  if (response.status === 413) return new ApiError('PAYLOAD_TOO_LARGE', tooLarge, 413);
  return new ApiError('INTERNAL_ERROR', ERROR_CODES.INTERNAL_ERROR, response.status);
}

/**
 * fetch() with the bearer token and the session cookie, for the calls that cannot go through api():
 * an abort stays an abort, a lost connection becomes a network error, a refusal the server's ApiError.
 */
async function fetchWithToken(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: Blob },
  options: { accessToken: string | null; signal?: AbortSignal | undefined; tooLarge: string },
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: {
        ...init.headers,
        ...(options.accessToken ? { authorization: `Bearer ${options.accessToken}` } : {}),
      },
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkError();
  }
  if (!response.ok) throw await errorFrom(response, options.tooLarge);
  return response;
}

/**
 * POST `path` (an …/attachments endpoint) with the raw bytes as the body and the message's id, kind,
 * name and length in the query: 201 new, 200 when this id was already sent (a retry). The server decides
 * the type from the bytes; the declared type is only a hint. Answers the response's JSON.
 */
export async function uploadAttachment(
  path: string,
  upload: PendingAttachment & { id: string },
  options: { accessToken: string | null; signal?: AbortSignal },
): Promise<unknown> {
  const query = queryStringOf({
    id: upload.id,
    kind: upload.kind,
    name: upload.name,
    duration_ms: upload.durationMs === undefined ? undefined : Math.round(upload.durationMs),
  });
  const response = await fetchWithToken(
    `${path}${query}`,
    {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/octet-stream' },
      body: upload.file,
    },
    { ...options, tooLarge: ATTACHMENT_TOO_LARGE_MESSAGE[upload.kind] },
  );
  return response.json();
}

/** GET an attachment's bytes with the bearer token: shown through an object URL, or saved as a download. */
export async function fetchAttachment(
  url: string,
  options: { accessToken: string | null; signal?: AbortSignal },
): Promise<Blob> {
  const response = await fetchWithToken(url, {}, { ...options, tooLarge: ERROR_CODES.PAYLOAD_TOO_LARGE });
  return response.blob();
}

/** An attachment's bytes in the query cache, by its URL (the sender's own copy is put there on send). */
export const attachmentQueryKey = (url: string) => ['attachment', url] as const;
