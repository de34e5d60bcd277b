import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '#domain/clock';
import { createS3ObjectStorage, signS3Request } from './s3-object-storage';

const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const CREDENTIALS = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
};

describe('signS3Request', () => {
  it('matches the AWS SigV4 documentation example (GET Bucket, list objects)', async () => {
    const headers = await signS3Request({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/?max-keys=2&prefix=J'),
      headers: {},
      payloadHash: EMPTY_SHA256,
      region: 'us-east-1',
      ...CREDENTIALS,
      now: new Date('2013-05-24T00:00:00Z'),
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;x-amz-content-sha256;x-amz-date, ' +
        'Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7',
    );
    expect(headers['x-amz-date']).toBe('20130524T000000Z');
  });

  it('matches the AWS SigV4 documentation examples with signed headers (GET Object range, PUT Object)', async () => {
    const get = await signS3Request({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { range: 'bytes=0-9' },
      payloadHash: EMPTY_SHA256,
      region: 'us-east-1',
      ...CREDENTIALS,
      now: new Date('2013-05-24T00:00:00Z'),
    });
    expect(get.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    const put = await signS3Request({
      method: 'PUT',
      url: new URL('https://examplebucket.s3.amazonaws.com/test%24file.text'),
      headers: { date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
      payloadHash: createHash('sha256').update('Welcome to Amazon S3.').digest('hex'),
      region: 'us-east-1',
      ...CREDENTIALS,
      now: new Date('2013-05-24T00:00:00Z'),
    });
    expect(put.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class, ' +
        'Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
    );
  });
});

type Received = { method: string; url: string; headers: IncomingMessage['headers']; body: Buffer };

describe('S3 object storage against a local server', () => {
  let server: Server;
  let endpoint: string;
  const objects = new Map<string, Buffer>();
  const received: Received[] = [];
  const clock = createManualClock('2026-11-21T09:00:00Z');

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', async () => {
        const body = Buffer.concat(chunks);
        const url = new URL(request.url ?? '/', 'http://local');
        received.push({
          method: request.method ?? '',
          url: request.url ?? '',
          headers: request.headers,
          body,
        });
        // The shape every signed request must have; anything else is refused like S3 would.
        const auth = request.headers.authorization ?? '';
        const shapeOk =
          /^AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE\/20261121\/eu-test-1\/s3\/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$/.test(
            auth,
          ) &&
          request.headers['x-amz-date'] === '20261121T090000Z' &&
          request.headers['x-amz-content-sha256'] === createHash('sha256').update(body).digest('hex') &&
          auth.includes('host;') &&
          auth.includes('x-amz-content-sha256;x-amz-date');
        // Recompute the signature from what actually arrived, with the signer checked above.
        const signedNames = /SignedHeaders=([^,]+)/.exec(auth)?.[1]?.split(';') ?? [];
        const expected = (
          await signS3Request({
            method: request.method ?? '',
            url: new URL(request.url ?? '/', `http://${request.headers.host}`),
            headers: Object.fromEntries(
              signedNames
                .filter((name) => !['host', 'x-amz-date', 'x-amz-content-sha256'].includes(name))
                .map((name) => [name, String(request.headers[name])]),
            ),
            payloadHash: String(request.headers['x-amz-content-sha256']),
            region: 'eu-test-1',
            ...CREDENTIALS,
            now: clock.now(),
          })
        ).authorization;
        if (!shapeOk || expected !== auth) {
          response.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
          return;
        }
        const key = url.pathname.replace(/^\/wellspring-test\//, '');
        if (request.method === 'PUT') {
          objects.set(key, body);
          response.writeHead(200).end();
        } else if (request.method === 'GET' && url.searchParams.get('list-type') === '2') {
          const prefix = url.searchParams.get('prefix') ?? '';
          const sizes = [...objects]
            .filter(([name]) => name.startsWith(prefix))
            .map(([, bytes]) => bytes.length);
          response
            .writeHead(200, { 'content-type': 'application/xml' })
            .end(
              `<ListBucketResult><IsTruncated>false</IsTruncated>${sizes.map((size) => `<Contents><Size>${size}</Size></Contents>`).join('')}</ListBucketResult>`,
            );
        } else if (request.method === 'GET' || request.method === 'HEAD') {
          const stored = objects.get(key);
          if (!stored) response.writeHead(404).end();
          else response.writeHead(200).end(request.method === 'GET' ? stored : undefined);
        } else if (request.method === 'DELETE') {
          objects.delete(key);
          response.writeHead(204).end();
        } else response.writeHead(405).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const storage = () =>
    createS3ObjectStorage({
      endpoint,
      bucket: 'wellspring-test',
      region: 'eu-test-1',
      ...CREDENTIALS,
      clock,
    });

  it('puts, reads, sums and deletes objects with signed requests', async () => {
    const s3 = storage();
    const key = '0f6c1e2a-1111-4222-8333-444455556666/avatar/9d5e8c1a-aaaa-4bbb-8ccc-dddddddddddd.webp';
    await s3.put(key, Buffer.from('RIFF....WEBPdata'), 'image/webp');
    const put = received.at(-1)!;
    expect(put.method).toBe('PUT');
    expect(put.url).toBe(`/wellspring-test/${key}`);
    expect(put.headers['content-type']).toBe('image/webp');
    expect(put.headers.authorization).toContain(
      'SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date',
    );

    expect(await s3.get(key)).toEqual({ bytes: Buffer.from('RIFF....WEBPdata'), contentType: 'image/webp' });
    expect(await s3.usage('0f6c1e2a-1111-4222-8333-444455556666/')).toBe(16);
    expect(await s3.usage('other-user/')).toBe(0);
    expect(await s3.delete(key)).toBe(true);
    expect(await s3.get(key)).toBeNull();
    expect(await s3.delete(key)).toBe(false);
  });

  it('refuses bad keys before any request is sent', async () => {
    const s3 = storage();
    const before = received.length;
    for (const key of [
      '../x.webp',
      'a/avatar/../../x.webp',
      '/etc/passwd',
      'a/avatar/x.html',
      'a\\avatar\\x.webp',
    ])
      await expect(s3.get(key)).rejects.toThrow('invalid storage key');
    await expect(s3.usage('../')).rejects.toThrow('invalid storage prefix');
    expect(received.length).toBe(before);
  });

  it('fails loudly when the server refuses the signature', async () => {
    const wrong = createS3ObjectStorage({
      endpoint,
      bucket: 'wellspring-test',
      region: 'eu-test-1',
      accessKeyId: CREDENTIALS.accessKeyId,
      secretAccessKey: 'not-the-secret',
      clock,
    });
    await expect(wrong.put('a/avatar/b.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(
      'S3 PUT failed with status 403',
    );
  });
});
