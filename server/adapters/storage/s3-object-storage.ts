import { createHash, createHmac } from 'node:crypto';
import type { Clock } from '../../../domain/clock';
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
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as AWS wants it (also encodes !'()*). */
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
 * AWS Signature Version 4 for S3 (header-based). Returns the headers to send: the given ones plus
 * host, x-amz-date, x-amz-content-sha256 and authorization. Every header given is signed.
 */
export function signS3Request(input: SignInput): Record<string, string> {
  const amzDate = input.now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(input.headers).map(([name, value]) => [name.toLowerCase(), value])),
    host: input.url.host,
    'x-amz-content-sha256': input.payloadHash,
    'x-amz-date': amzDate,
  };
  const names = Object.keys(headers).sort();
  const canonicalHeaders = names
    .map((name) => `${name}:${headers[name]!.trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const signedHeaders = names.join(';');
  const canonicalQuery = [...input.url.searchParams.entries()]
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalRequest = [
    input.method,
    input.url.pathname,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    input.payloadHash,
  ].join('\n');
  const scope = `${day}/${input.region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), 's3'),
    'aws4_request',
  );
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
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
    const signed = signS3Request({
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
