import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadResponseSchema } from '#contracts/uploads';
import { createTestApp } from '#test/support/app';
import { bearer, signUp } from '#test/support/auth';
import { createTestDatabase, type TestDatabase } from '#test/support/database';
import type { App } from '#server/app';
import { STORAGE_KEY_PATTERN } from '#server/adapters/storage/object-storage';
import { MAX_UPLOAD_BYTES } from './uploads.service';

/**
 * T10 (R22) against the real app, real PostgreSQL for sign-in and the real filesystem: every image
 * in the corpus is generated here with sharp or by hand, so no binary fixture is committed.
 */
let database: TestDatabase;
let app: App;
let workDir: string;
let root: string;
let sentinel: string;
const SENTINEL_BYTES = Buffer.from('outside the storage root: must never be served or deleted');

type Headers = Record<string, string>;
let alice: Headers;
let bob: Headers;

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7a5c' } });

/** A hand-made PNG: 1-bit greyscale, all zero, compressed by zlib (a 20000×20000 bomb is ~25 kB). */
function flatPng(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const raw = Buffer.alloc((1 + Math.ceil(width / 8)) * height); // filter byte 0 + zero pixels per row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function upload(
  kind: 'avatar' | 'cover',
  bytes: Buffer,
  headers: Headers,
  contentType = 'image/png',
  url?: string,
) {
  return app.inject({
    method: 'POST',
    url: url ?? `/api/uploads/${kind}`,
    headers: { ...headers, 'content-type': contentType },
    payload: bytes,
  });
}

/** Every file under the work directory, relative to it. */
async function walk(dir: string, base = dir): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await walk(full, base)));
    else files.push(path.relative(base, full));
  }
  return files;
}

const keyOf = (url: string) => url.replace('/api/uploads/files/', '');

describe('uploads (R22, T10)', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    workDir = await mkdtemp(path.join(tmpdir(), 'wellspring-uploads-'));
    root = path.join(workDir, 'root');
    sentinel = path.join(workDir, 'secret.webp');
    await writeFile(sentinel, SENTINEL_BYTES);
    ({ app } = await createTestApp(database.db, { UPLOADS_DIR: root, RATE_LIMIT_MAX: '100000' }));
    alice = bearer((await signUp(app)).session);
    bob = bearer((await signUp(app)).session);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.drop();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('re-encodes an avatar to WebP within 512×512 and serves it with locked-down headers', async () => {
    const original = await solid(1200, 800).png().toBuffer();
    const response = await upload('avatar', original, alice);
    expect(response.statusCode, response.body).toBe(200);
    const { url } = uploadResponseSchema.parse(response.json());
    expect(keyOf(url)).toMatch(STORAGE_KEY_PATTERN);
    expect(keyOf(url).split('/').slice(1, 2)).toEqual(['avatar']);

    const served = await app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const metadata = await sharp(served.rawPayload).metadata();
    expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
      format: 'webp',
      width: 512,
      height: 341,
    });
    expect(served.rawPayload.equals(original)).toBe(false);
  });

  it('fits a cover into 1920×640 and never enlarges a small picture', async () => {
    const big = await upload('cover', await solid(4000, 1000).jpeg().toBuffer(), alice, 'image/jpeg');
    expect(big.statusCode, big.body).toBe(200);
    const bigMeta = await sharp(
      (await app.inject({ method: 'GET', url: uploadResponseSchema.parse(big.json()).url })).rawPayload,
    ).metadata();
    expect([bigMeta.width, bigMeta.height]).toEqual([1920, 480]);

    const small = await upload('cover', await solid(300, 100).webp().toBuffer(), alice, 'image/webp');
    expect(small.statusCode, small.body).toBe(200);
    const smallMeta = await sharp(
      (await app.inject({ method: 'GET', url: uploadResponseSchema.parse(small.json()).url })).rawPayload,
    ).metadata();
    expect([smallMeta.width, smallMeta.height]).toEqual([300, 100]);
  });

  it('rotates by EXIF and strips every metadata block, GPS included', async () => {
    const withGps = await solid(400, 200)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Make: 'Wellspring test camera' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '51/1 30/1 0/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '0/1 7/1 0/1',
        },
      })
      .toBuffer();
    const input = await sharp(withGps).metadata();
    // The fixture really carries an orientation and a GPS IFD pointer (tag 0x8825, little-endian).
    expect(input.orientation).toBe(6);
    expect(input.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const response = await upload('avatar', withGps, alice, 'image/jpeg');
    expect(response.statusCode, response.body).toBe(200);
    const stored = await readFile(
      path.join(root, ...keyOf(uploadResponseSchema.parse(response.json()).url).split('/')),
    );
    expect(stored.equals(withGps)).toBe(false);
    const output = await sharp(stored).metadata();
    expect(output.exif).toBeUndefined();
    expect(output.xmp).toBeUndefined();
    expect(output.icc).toBeUndefined();
    expect(output.orientation).toBeUndefined();
    expect(stored.includes(Buffer.from('Wellspring test camera'))).toBe(false);
    expect(stored.includes(Buffer.from('Exif'))).toBe(false);
    // Rotated by the EXIF orientation: 400×200 became 200×400.
    expect([output.width, output.height]).toEqual([200, 400]);
  });

  it('refuses every file that is not a well-formed JPEG, PNG or WebP (the T10 corpus)', async () => {
    const png = await solid(64, 64).png().toBuffer();
    const jpeg = await solid(64, 64).jpeg().toBuffer();
    const gif = await solid(64, 64).gif().toBuffer();
    const html = Buffer.from(
      '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
    );
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
    );
    const truncatedJpeg = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    const polyglot = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), html]);
    const pngHeaderOnly = png.subarray(0, 8);
    const overLimit = Buffer.concat([png, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - png.length)]);
    expect(overLimit.length).toBe(MAX_UPLOAD_BYTES + 1);

    const corpus: { name: string; bytes: Buffer; type: string; status: number[] }[] = [
      { name: 'HTML sent as image/png', bytes: html, type: 'image/png', status: [415] },
      { name: 'HTML sent as image/jpeg', bytes: html, type: 'image/jpeg', status: [415] },
      { name: 'SVG with script', bytes: svg, type: 'image/svg+xml', status: [415] },
      { name: 'SVG with script sent as image/png', bytes: svg, type: 'image/png', status: [415] },
      { name: 'GIF', bytes: gif, type: 'image/gif', status: [415] },
      { name: 'GIF sent as image/png', bytes: gif, type: 'image/png', status: [415] },
      { name: 'zero bytes', bytes: Buffer.alloc(0), type: 'image/png', status: [400, 415] },
      { name: 'a PNG signature and nothing else', bytes: pngHeaderOnly, type: 'image/png', status: [400] },
      { name: 'truncated JPEG', bytes: truncatedJpeg, type: 'image/jpeg', status: [400] },
      { name: 'JPEG magic followed by HTML (polyglot)', bytes: polyglot, type: 'image/jpeg', status: [400] },
      { name: 'limit + 1 byte', bytes: overLimit, type: 'image/png', status: [413] },
      { name: 'a real PNG as text/html', bytes: png, type: 'text/html', status: [415] },
      {
        name: 'a real PNG as application/octet-stream',
        bytes: png,
        type: 'application/octet-stream',
        status: [415],
      },
    ];
    const mismatches: { name: string; status: number; body: string }[] = [];
    for (const item of corpus) {
      const response = await upload('avatar', item.bytes, alice, item.type);
      if (!item.status.includes(response.statusCode))
        mismatches.push({ name: item.name, status: response.statusCode, body: response.body.slice(0, 160) });
    }
    expect(mismatches).toEqual([]);
  });

  it('accepts a real image whatever Content-Type it claims (the bytes decide)', async () => {
    const jpeg = await solid(64, 64).jpeg().toBuffer();
    const response = await upload('avatar', jpeg, alice, 'image/png');
    expect(response.statusCode, response.body).toBe(200);
    const served = await app.inject({ method: 'GET', url: uploadResponseSchema.parse(response.json()).url });
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('refuses a decompression bomb fast', async () => {
    const bomb = flatPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(1_000_000);
    const header = await sharp(bomb, { limitInputPixels: false }).metadata();
    expect([header.width, header.height]).toEqual([20_000, 20_000]);
    const before = process.memoryUsage().rss;
    const started = performance.now();
    const response = await upload('avatar', bomb, alice);
    const elapsed = performance.now() - started;
    expect(response.statusCode).toBe(413);
    expect(elapsed).toBeLessThan(1000);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  it('makes up every stored name itself: a name in the query or headers is ignored', async () => {
    const png = await solid(32, 32).png().toBuffer();
    const response = await app.inject({
      method: 'POST',
      url: '/api/uploads/avatar?name=../../evil.html&key=%2e%2e%2fevil',
      headers: {
        ...alice,
        'content-type': 'image/png',
        'x-file-name': '../../evil.html',
        'content-disposition': 'attachment; filename="../../evil.html"',
      },
      payload: png,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(keyOf(uploadResponseSchema.parse(response.json()).url)).toMatch(STORAGE_KEY_PATTERN);
  });

  it('needs a signed-in caller to upload or delete', async () => {
    const png = await solid(32, 32).png().toBuffer();
    expect((await upload('avatar', png, {})).statusCode).toBe(401);
    expect((await upload('cover', png, { authorization: 'Bearer a.b.c' })).statusCode).toBe(401);
  });

  it('refuses traversal, encoded, NUL, overlong and absolute keys on GET and DELETE', async () => {
    const owned = keyOf(
      uploadResponseSchema.parse((await upload('avatar', await solid(32, 32).png().toBuffer(), alice)).json())
        .url,
    );
    const userId = owned.split('/')[0]!;
    const hostile = [
      '../secret.webp',
      '../../secret.webp',
      `${userId}/avatar/../../../secret.webp`,
      '%2e%2e%2fsecret.webp',
      '%2e%2e/%2e%2e/secret.webp',
      '%252e%252e%252fsecret.webp',
      '..%5csecret.webp',
      '..\\secret.webp',
      `${userId}\\avatar\\x.webp`,
      `${userId}/avatar/x.webp%00.png`,
      `${userId}/avatar/x%00.webp`,
      `${'a'.repeat(300)}/avatar/x.webp`,
      `${userId}/avatar/${'b'.repeat(300)}.webp`,
      '/etc/passwd',
      '%2fetc%2fpasswd',
      encodeURIComponent(sentinel),
      `${userId}/avatar/%E2%80%AEpbew.x`,
      `${userId.toUpperCase()}/avatar/x.webp`,
      `${userId}/avatar/x.html`,
      `${userId}/avatar/x.svg`,
      `${userId}/avatar`,
      '',
    ];
    const problems: string[] = [];
    for (const key of hostile) {
      for (const method of ['GET', 'DELETE'] as const) {
        const response = await app.inject({ method, url: `/api/uploads/files/${key}`, headers: alice });
        if (response.statusCode < 400 || response.statusCode >= 500)
          problems.push(`${method} ${key}: ${response.statusCode}`);
        if (response.rawPayload.includes(SENTINEL_BYTES))
          problems.push(`${method} ${key}: served the sentinel`);
      }
    }
    expect(problems).toEqual([]);
    expect(await readFile(sentinel)).toEqual(SENTINEL_BYTES);
    // The owner's file is still there.
    expect((await app.inject({ method: 'GET', url: `/api/uploads/files/${owned}` })).statusCode).toBe(200);
  });

  it("lets only the owner delete a file; another user's delete changes nothing", async () => {
    const { url } = uploadResponseSchema.parse(
      (await upload('avatar', await solid(48, 48).png().toBuffer(), alice)).json(),
    );
    const asBob = await app.inject({ method: 'DELETE', url, headers: bob });
    expect(asBob.statusCode).toBe(403);
    expect((await app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);

    const asAlice = await app.inject({ method: 'DELETE', url, headers: alice });
    expect(asAlice.statusCode).toBe(200);
    expect(asAlice.json()).toEqual({ deleted: true });
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url, headers: alice })).statusCode).toBe(404);
  });

  it('enforces the per-user quota at N + 1, and a delete frees space', async () => {
    const picture = await solid(256, 256).png().toBuffer();
    // The stored size of this picture, measured through the real pipeline with a throwaway account.
    const probe = bearer((await signUp(app)).session);
    const probeUrl = uploadResponseSchema.parse((await upload('avatar', picture, probe)).json()).url;
    const size = (await app.inject({ method: 'GET', url: probeUrl })).rawPayload.length;
    expect(size).toBeGreaterThan(0);

    const limited = await createTestApp(database.db, {
      UPLOADS_DIR: root,
      UPLOAD_QUOTA_BYTES: String(size * 3),
      RATE_LIMIT_MAX: '100000',
    });
    try {
      const carol = bearer((await signUp(limited.app)).session);
      const urls: string[] = [];
      for (let index = 0; index < 3; index += 1) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/uploads/avatar',
          headers: { ...carol, 'content-type': 'image/png' },
          payload: picture,
        });
        expect(response.statusCode, response.body).toBe(200);
        urls.push(uploadResponseSchema.parse(response.json()).url);
      }
      const fourth = await limited.app.inject({
        method: 'POST',
        url: '/api/uploads/avatar',
        headers: { ...carol, 'content-type': 'image/png' },
        payload: picture,
      });
      expect(fourth.statusCode).toBe(413);
      expect(fourth.json<{ error: { code: string; message: string } }>().error).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        message: 'You have no upload space left. Please delete a picture first.',
      });
      // Someone else's quota is their own.
      const dave = bearer((await signUp(limited.app)).session);
      expect(
        (
          await limited.app.inject({
            method: 'POST',
            url: '/api/uploads/cover',
            headers: { ...dave, 'content-type': 'image/png' },
            payload: picture,
          })
        ).statusCode,
      ).toBe(200);

      expect((await limited.app.inject({ method: 'DELETE', url: urls[0]!, headers: carol })).statusCode).toBe(
        200,
      );
      const afterDelete = await limited.app.inject({
        method: 'POST',
        url: '/api/uploads/avatar',
        headers: { ...carol, 'content-type': 'image/png' },
        payload: picture,
      });
      expect(afterDelete.statusCode, afterDelete.body).toBe(200);
    } finally {
      await limited.app.close();
    }
  });

  it('wrote nothing outside the storage root, and only server-made names inside it', async () => {
    const files = await walk(workDir);
    const outside = files.filter((file) => !file.startsWith(`root${path.sep}`));
    expect(outside).toEqual(['secret.webp']);
    const inside = files
      .filter((file) => file.startsWith(`root${path.sep}`))
      .map((file) => file.slice(5).split(path.sep).join('/'));
    expect(inside.length).toBeGreaterThan(5);
    expect(inside.filter((key) => !STORAGE_KEY_PATTERN.test(key))).toEqual([]);
    expect(await readFile(sentinel)).toEqual(SENTINEL_BYTES);
  });
});
