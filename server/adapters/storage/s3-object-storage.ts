import { createHash } from 'node:crypto';
import { AwsV4Signer } from 'aws4fetch';
import type { Clock } from '#domain/clock';
import { assertValidKey, assertValidPrefix, contentTypeForKey, type ObjectStorage } from './object-storage';

export type S3Options = {
  /** Path-style endpoint, e.g. https://s3.eu-west-1.amazonaws.com or http://127.0.0.1:9000 */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  clock: Clock;
  fetch?: typeof fetch;
};

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** RFC 3986 encoding as AWS wants it (also encodes !'()*), for the bucket and key segments. */
const uriEncode = (value: string) =>
  encodeURIComponent(value).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );

export type SignInput = {
  method: string;
  url: URL;
  headers: Record<string, string>;
  payloadHash: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  now: Date;
};

/**
 * AWS Signature Version 4 for S3 (header-based), by aws4fetch. Returns the headers to send: the given
 * ones plus host, x-amz-date, x-amz-content-sha256 (the payload's SHA-256, so S3 checks the bytes rather
 * than accepting UNSIGNED-PAYLOAD) and authorization. Every header given is signed, content-type included.
 */
export async function signS3Request(input: SignInput): Promise<Record<string, string>> {
  const signer = new AwsV4Signer({
    method: input.method,
    url: input.url.toString(),
    headers: { ...input.headers, 'x-amz-content-sha256': input.payloadHash },
    accessKeyId: input.accessKeyId,
    secretAccessKey: input.secretAccessKey,
    service: 's3',
    region: input.region,
    datetime: input.now.toISOString().replace(/[:-]|\.\d{3}/g, ''),
    allHeaders: true,
  });
  const { headers } = await signer.sign();
  return { ...Object.fromEntries(headers), host: input.url.host };
}

/** An S3-compatible bucket through plain fetch and SigV4 (AWS S3, MinIO, R2…), path-style URLs. */
export function createS3ObjectStorage(options: S3Options): ObjectStorage {
  const doFetch = options.fetch ?? fetch;
  const base = options.endpoint.replace(/\/$/, '');

  async function send(
    method: string,
    objectPath: string,
    query: Record<string, string>,
    body?: Buffer,
    headers: Record<string, string> = {},
  ) {
    const url = new URL(`${base}/${uriEncode(options.bucket)}${objectPath}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    const signed = await signS3Request({
      method,
      url,
      headers,
      payloadHash: sha256Hex(body ?? ''),
      region: options.region,
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      now: options.clock.now(),
    });
    const { host: _host, ...sendHeaders } = signed;
    return doFetch(url, {
      method,
      headers: sendHeaders,
      ...(body ? { body: new Uint8Array(body) } : {}),
      signal: AbortSignal.timeout(15_000),
    });
  }

  const objectPath = (key: string) => {
    assertValidKey(key);
    return `/${key.split('/').map(uriEncode).join('/')}`;
  };

  const fail = async (operation: string, response: Response) => {
    await response.body?.cancel();
    return new Error(`S3 ${operation} failed with status ${response.status}`);
  };

  return {
    async put(key, bytes, contentType) {
      const response = await send('PUT', objectPath(key), {}, bytes, { 'content-type': contentType });
      if (!response.ok) throw await fail('PUT', response);
      await response.body?.cancel();
    },
    async get(key) {
      const response = await send('GET', objectPath(key), {});
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) throw await fail('GET', response);
      return { bytes: Buffer.from(await response.arrayBuffer()), contentType: contentTypeForKey(key) };
    },
    async delete(key) {
      const path = objectPath(key);
      const head = await send('HEAD', path, {});
      await head.body?.cancel();
      if (head.status === 404) return false;
      if (!head.ok) throw await fail('HEAD', head);
      const response = await send('DELETE', path, {});
      if (!response.ok && response.status !== 404) throw await fail('DELETE', response);
      await response.body?.cancel();
      return true;
    },
    async usage(prefix) {
      assertValidPrefix(prefix);
      let total = 0;
      let token: string | undefined;
      do {
        const response = await send('GET', '', {
          'list-type': '2',
          prefix,
          ...(token ? { 'continuation-token': token } : {}),
        });
        if (!response.ok) throw await fail('LIST', response);
        const xml = await response.text();
        for (const match of xml.matchAll(/<Size>(\d+)<\/Size>/g)) total += Number(match[1]);
        const truncated = /<IsTruncated>true<\/IsTruncated>/.test(xml);
        token = truncated
          ? /<NextContinuationToken>([^<]+)<\/NextContinuationToken>/.exec(xml)?.[1]
          : undefined;
      } while (token);
      return total;
    },
  };
}
