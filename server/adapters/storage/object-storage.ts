/**
 * Where uploaded files live. Keys are server-generated: `<owner>/<kind>/<name>.<ext>`, lowercase
 * letters, digits and dashes only, so no key can climb out of its prefix or the storage root.
 */
export type StoredObject = { bytes: Buffer; contentType: string };

export type ObjectStorage = {
  put: (key: string, bytes: Buffer, contentType: string) => Promise<void>;
  /** The object, or null when there is none under this key. */
  get: (key: string) => Promise<StoredObject | null>;
  /** Removes the object; true when there was one. */
  delete: (key: string) => Promise<boolean>;
  /** Total size in bytes of the objects whose key starts with `prefix` (an owner's quota). */
  usage: (prefix: string) => Promise<number>;
};

export const STORAGE_KEY_PATTERN = /^[a-z0-9-]{1,64}\/[a-z]{1,32}\/[a-z0-9-]{1,64}\.(webp|jpg|png)$/;
export const STORAGE_PREFIX_PATTERN = /^[a-z0-9-]{1,64}\/$/;

/** The only content types ever served, chosen by the key's extension (never by the stored bytes). */
export const CONTENT_TYPE_BY_EXTENSION = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
} as const;

export const isValidStorageKey = (key: string) => STORAGE_KEY_PATTERN.test(key);

/**
 * Private objects: attachments of the session chat, `chat/<sessionId>/<messageId>`, and of conversations
 * between sessions, `messages/<conversationId>/<messageId>` (two uuids, no extension). They never match
 * STORAGE_KEY_PATTERN, so the public /api/uploads/files/* route refuses them; only their module serves
 * them, to the parties, with the type it checked and stored itself.
 */
export const PRIVATE_STORAGE_KEY_PATTERN = /^(chat|messages)\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/;
const PRIVATE_CONTENT_TYPE = 'application/octet-stream';

export function contentTypeForKey(key: string): string {
  if (PRIVATE_STORAGE_KEY_PATTERN.test(key)) return PRIVATE_CONTENT_TYPE;
  const match = STORAGE_KEY_PATTERN.exec(key);
  if (!match) throw new Error('invalid storage key');
  return CONTENT_TYPE_BY_EXTENSION[match[1] as keyof typeof CONTENT_TYPE_BY_EXTENSION];
}

export function assertValidKey(key: string) {
  if (!isValidStorageKey(key) && !PRIVATE_STORAGE_KEY_PATTERN.test(key))
    throw new Error('invalid storage key');
}

export function assertValidPrefix(prefix: string) {
  if (!STORAGE_PREFIX_PATTERN.test(prefix)) throw new Error('invalid storage prefix');
}
