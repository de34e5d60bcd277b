import type { FastifyReply } from 'fastify';
import {
  ATTACHMENT_IMAGE_MAX_PIXELS,
  ATTACHMENT_KINDS,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MESSAGES,
  ATTACHMENT_NAME_MAX,
  ATTACHMENT_TOO_LARGE_MESSAGE,
  type AttachmentKind,
} from '#contracts/attachments';
import type { EndpointDefinition } from '#contracts/endpoint';
import { AppError } from '#domain/errors/app-error';
import type { ObjectStorage } from '#server/adapters/storage/object-storage';
import { inScope, type Handler, type HandlerContext, type HttpApp, type Route } from '#server/http/route';
import {
  FILE_TYPES,
  IMAGE_EXTENSIONS,
  processUpload,
  type DetectedType,
  type ImagePolicy,
  type UploadPolicy,
} from './upload-pipeline';

/**
 * A message's attachment — an image, a file or a voice note — in the session chat (server/modules/chat)
 * and in conversations between sessions (server/modules/messages): the one place where it is prepared,
 * stored and served. What an upload really is is decided by the upload pipeline (upload-pipeline.ts) from
 * its bytes, never from the sender's file name, declared type or kind. Every image — sent as an image or
 * as a file — is decoded and re-encoded to WebP there (rotated by EXIF, metadata dropped, within a pixel
 * limit). Each module keeps its own rules of who may send and read, its quotas and its storage keys.
 */

/** The longest side of a re-encoded image (never enlarged). */
export const ATTACHMENT_IMAGE_MAX_SIDE = 2048;

export type PreparedAttachment = {
  bytes: Buffer;
  mime: string;
  name: string;
  durationMs: number | null;
};

/** An attachment upload: the message id (made by the sender's browser), its kind and what the query said. */
export type AttachmentUpload = {
  id: string;
  kind: AttachmentKind;
  name?: string | undefined;
  duration_ms?: number | undefined;
};

/** An attachment to serve: its bytes, the type checked on upload, the name and the message type. */
export type AttachmentFile = { bytes: Buffer; mime: string; name: string; kind: AttachmentKind };

const ATTACHMENT_IMAGES: ImagePolicy = {
  formats: ['jpeg', 'png', 'webp', 'gif'],
  maxPixels: ATTACHMENT_IMAGE_MAX_PIXELS,
  box: { width: ATTACHMENT_IMAGE_MAX_SIDE, height: ATTACHMENT_IMAGE_MAX_SIDE },
  failOn: 'error',
  messages: {
    tooManyPixels: ATTACHMENT_MESSAGES.imageTooManyPixels,
    unreadable: ATTACHMENT_MESSAGES.imageUnreadable,
    unsupported: ATTACHMENT_MESSAGES.imageType,
  },
};

/** What each kind takes. A file may be an image: it goes through the image pipeline all the same. */
const POLICIES: Record<AttachmentKind, UploadPolicy> = {
  image: {
    image: ATTACHMENT_IMAGES,
    documents: false,
    voice: false,
    messages: { unsupported: ATTACHMENT_MESSAGES.imageType },
  },
  file: {
    image: ATTACHMENT_IMAGES,
    documents: true,
    voice: false,
    messages: { unsupported: ATTACHMENT_MESSAGES.fileType },
  },
  voice: {
    image: null,
    documents: false,
    voice: true,
    messages: { unsupported: ATTACHMENT_MESSAGES.voiceType },
  },
};

// Bidirectional overrides and isolates could make "photo‮gpj.exe" read as "photo.exe.jpg".
const UNSAFE_IN_NAME = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;

/**
 * The name to show and to save the file as: the last path segment of the sender's name, without control
 * or formatting characters, at most ATTACHMENT_NAME_MAX characters, and ending in an extension of the
 * detected type (appended when it does not: "page.html" holding plain text becomes "page.html.txt").
 * An extension in `replaced` is swapped for the detected type's (a re-encoded "photo.png" is "photo.webp").
 */
export function attachmentName(
  given: string | undefined,
  fallback: string,
  detected: DetectedType,
  replaced: readonly string[] = [],
): string {
  const segment = (given ?? '').split(/[/\\]/).at(-1) ?? '';
  let name = segment.replace(UNSAFE_IN_NAME, '').replace(/\s+/g, ' ').trim();
  if (name === '' || /^\.+$/.test(name)) name = fallback;
  let dot = name.lastIndexOf('.');
  if (dot > 0 && replaced.includes(name.slice(dot + 1).toLowerCase())) {
    name = name.slice(0, dot);
    dot = -1;
  }
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  const matches = detected.extensions.includes(extension);
  const base = matches ? name.slice(0, dot) : name;
  const suffix = matches ? name.slice(dot) : `.${detected.extensions[0]}`;
  const room = ATTACHMENT_NAME_MAX - suffix.length;
  return `${[...base].slice(0, room).join('').trimEnd() || fallback}${suffix}`;
}

/**
 * Checks an upload of `kind` and makes what is stored: the bytes (every image re-encoded, whatever the
 * kind), the detected MIME type and the cleaned name. Throws AppError with a message that names the
 * broken limit.
 */
export async function prepareAttachment(input: {
  kind: AttachmentKind;
  bytes: Buffer;
  name: string | undefined;
  durationMs: number | undefined;
}): Promise<PreparedAttachment> {
  const { kind, bytes } = input;
  if (bytes.length === 0) throw new AppError('VALIDATION_ERROR', ATTACHMENT_MESSAGES.attachmentEmpty);
  if (bytes.length > ATTACHMENT_MAX_BYTES[kind])
    throw new AppError('PAYLOAD_TOO_LARGE', ATTACHMENT_TOO_LARGE_MESSAGE[kind]);
  const processed = await processUpload(bytes, POLICIES[kind]);
  if (kind === 'voice' && input.durationMs === undefined)
    throw new AppError('VALIDATION_ERROR', ATTACHMENT_MESSAGES.voiceDurationRequired);
  const fallback = kind === 'image' ? 'Image' : kind === 'voice' ? 'Voice note' : 'File';
  return {
    bytes: processed.bytes,
    mime: processed.type.mime,
    name:
      processed.family === 'image'
        ? attachmentName(input.name, fallback, FILE_TYPES.webp, IMAGE_EXTENSIONS)
        : attachmentName(input.name, fallback, processed.type),
    durationMs: kind === 'voice' ? (input.durationMs ?? null) : null,
  };
}

/**
 * Stores a prepared attachment under `key`, then runs `write` (the message's transaction). When the write
 * is refused, the object is deleted unless a message owns it (`isOwned`: a concurrent retry of the same
 * id that won), so no refused upload leaves bytes behind.
 */
export async function storeAttachment<T>(
  storage: Pick<ObjectStorage, 'put' | 'delete'>,
  input: { key: string; prepared: PreparedAttachment; isOwned: () => Promise<boolean> },
  write: () => Promise<T>,
): Promise<T> {
  await storage.put(input.key, input.prepared.bytes, input.prepared.mime);
  try {
    return await write();
  } catch (error) {
    const owned = await input.isOwned().catch(() => false);
    if (!owned) await storage.delete(input.key).catch(() => false);
    throw error;
  }
}

/**
 * Content-Disposition for serving: files download (attachment), images and voice notes show inline; the
 * name as an ASCII fallback and in full as RFC 5987 UTF-8.
 */
export function contentDisposition(kind: AttachmentKind, name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind === 'file' ? 'attachment' : 'inline'}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Sends an attachment's bytes to one of its parties, so that nothing in it can run as a page. */
export function replyWithAttachment(reply: FastifyReply, file: AttachmentFile): FastifyReply {
  return (
    reply
      .type(file.mime)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', contentDisposition(file.kind, file.name))
      // Even a file that somehow held markup could not run as a page.
      .header('content-security-policy', "default-src 'none'; sandbox")
      // An attachment never changes; only this person's browser keeps it, per bearer token.
      .header('cache-control', 'private, max-age=86400, immutable')
      .header('vary', 'Authorization')
      .send(file.bytes)
  );
}

/** The largest body an attachment route reads (the largest kind); each kind has its own limit below it. */
export const ATTACHMENT_BODY_LIMIT = Math.max(...Object.values(ATTACHMENT_MAX_BYTES));

const isAttachmentKind = (value: unknown): value is AttachmentKind =>
  typeof value === 'string' && (ATTACHMENT_KINDS as readonly string[]).includes(value);

/**
 * Registers an attachment upload endpoint (`…/attachments?id&kind&name&duration_ms`, the raw bytes as the
 * body): the bytes are read whatever Content-Type the browser declares (never trusted) — a parser for
 * every type, in a scope of its own so no other route reads raw bodies — and a declared length over the
 * kind's limit is refused before the body is read, naming the limit (a hook of this scope: it runs before
 * the endpoint's access check). The handler gets the bytes beside the validated input.
 */
export async function attachmentUploadRoute<const E extends EndpointDefinition>(
  app: HttpApp,
  route: Route,
  endpoint: E,
  handler: (context: HandlerContext<E>, bytes: Buffer) => ReturnType<Handler<E>>,
): Promise<void> {
  await inScope(app, (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: ATTACHMENT_BODY_LIMIT },
      (_request, body, done) => {
        done(null, body);
      },
    );
    scope.addHook('onRequest', async (request) => {
      const kind = (request.query as Record<string, unknown>).kind;
      const length = Number(request.headers['content-length']);
      if (isAttachmentKind(kind) && length > ATTACHMENT_MAX_BYTES[kind])
        throw new AppError('PAYLOAD_TOO_LARGE', ATTACHMENT_TOO_LARGE_MESSAGE[kind]);
    });
    route(scope, endpoint, { bodyLimit: ATTACHMENT_BODY_LIMIT }, (context) =>
      handler(context, Buffer.isBuffer(context.request.body) ? context.request.body : Buffer.alloc(0)),
    );
  });
}
