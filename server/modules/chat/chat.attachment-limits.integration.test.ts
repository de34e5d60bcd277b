import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { CHAT_MESSAGES, chatMessageResponseSchema, type ChatMessage } from '#contracts/chat';
import { CHAT_ATTACHMENT_QUOTA, CHAT_QUOTA_MESSAGES } from '#domain/chat/attachment-quota';
import { bearer, errorOf } from '#test/support/auth';
import { insertChatSession } from '#test/factories/sessions';
import { insertPerson, type Person } from '#test/factories/people';
import { useTestApp } from '#test/support/test-app';
import { buildPng } from '#test/factories/files';

/**
 * with the probe's hostile files: attachment quotas (per person and session,
 * per session, per person and day) and every image re-encoded whatever `kind` it was sent as.
 */
let workDir: string | undefined;
const t = useTestApp(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'wellspring-chat-limits-'));
  return { UPLOADS_DIR: workDir, RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' };
});
afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

const MiB = 1024 * 1024;

async function pair(minutes = 30) {
  const coach = await insertPerson(t.app, 'coach', 'Lena Ortiz');
  const client = await insertPerson(t.app, 'client', 'Robin Client');
  const sessionId = await insertChatSession(t.pool, {
    coachId: coach.id,
    clientId: client.id,
    clientEmail: client.email,
    now: t.clock.now(),
    minutes,
  });
  return { coach, client, sessionId };
}

function upload(
  who: Person,
  sessionId: string,
  bytes: Buffer,
  kind: string,
  name?: string,
  id = randomUUID(),
) {
  const query = new URLSearchParams({ id, kind });
  if (name) query.set('name', name);
  return t.app.inject({
    method: 'POST',
    url: `/api/sessions/${sessionId}/attachments?${query.toString()}`,
    headers: { ...bearer(who.session), 'content-type': 'application/octet-stream' },
    payload: bytes,
  });
}

async function sent(who: Person, sessionId: string, bytes: Buffer, kind: string, name?: string) {
  const response = await upload(who, sessionId, bytes, kind, name);
  expect(response.statusCode, response.body).toBe(201);
  return chatMessageResponseSchema.parse(response.json()).message;
}

async function stored(who: Person, message: ChatMessage): Promise<Buffer> {
  const response = await t.app.inject({
    method: 'GET',
    url: message.attachment!.url,
    headers: bearer(who.session),
  });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

/** A PDF of exactly `bytes` bytes (random filler after the header, as the probe sent). */
const pdfOf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(bytes - 9, 0x41)]);

/** A row standing for an attachment already stored (the quotas count chat_messages rows). */
async function pastAttachment(input: {
  sessionId: string;
  sender: Person;
  senderType: 'coach' | 'client' | 'guest';
  bytes: number;
  sentAt?: Date;
}) {
  const id = randomUUID();
  await t.pool.query(
    `insert into chat_messages (id, session_id, seq, sender_type, sender_user_id, message_content, message_type,
       sent_at, attachment_key, attachment_name, attachment_mime, attachment_size)
     values ($1, $2, (select coalesce(max(seq), 0) + 1 from chat_messages where session_id = $2), $3, $4, '',
       'file', $5, $6, 'old.pdf', 'application/pdf', $7)`,
    [
      id,
      input.sessionId,
      input.senderType,
      input.sender.id,
      input.sentAt ?? t.clock.now(),
      `chat/${input.sessionId}/${id}`,
      input.bytes,
    ],
  );
}

async function messageCount(sessionId: string) {
  const rows = await t.pool.query<{ count: number }>(
    'select count(*)::int as count from chat_messages where session_id = $1',
    [sessionId],
  );
  return rows.rows[0]!.count;
}

async function storedFileCount() {
  const entries = await readdir(workDir!, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).length;
}

describe('chat attachment quotas', () => {
  it('the probe: 19 MiB files into one session are refused with 413 and the quota’s words once the person’s 50 MB are used', async () => {
    const { client, sessionId } = await pair();
    const big = pdfOf(19 * MiB);
    const statuses: number[] = [];
    let refusal: ReturnType<typeof errorOf> | undefined;
    for (let index = 0; index < 4; index += 1) {
      const response = await upload(client, sessionId, big, 'file', `big${index}.pdf`);
      statuses.push(response.statusCode);
      if (response.statusCode !== 201) refusal = errorOf(response);
    }
    expect(statuses).toEqual([201, 201, 413, 413]);
    expect(refusal).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: CHAT_QUOTA_MESSAGES.personSession });
    expect(await messageCount(sessionId)).toBe(2);
    // What was refused was not left on disk.
    expect(await storedFileCount()).toBe(2);
  });

  it('counts everyone in the session together (100 MB), guests included', async () => {
    const { coach, client, sessionId } = await pair();
    const guest = await insertPerson(t.app, 'client', 'Gina Guest');
    await pastAttachment({ sessionId, sender: coach, senderType: 'coach', bytes: 49 * MiB });
    await pastAttachment({ sessionId, sender: guest, senderType: 'guest', bytes: 30 * MiB });
    await pastAttachment({ sessionId, sender: client, senderType: 'client', bytes: 20 * MiB });
    const response = await upload(client, sessionId, pdfOf(2 * MiB), 'file', 'notes.pdf');
    expect(response.statusCode).toBe(413);
    expect(errorOf(response).message).toBe(CHAT_QUOTA_MESSAGES.session);
    // A smaller file still fits (99 MB + 0.5 MB).
    await sent(client, sessionId, pdfOf(MiB / 2), 'file', 'small.pdf');
  });

  it('a day’s budget of 200 MB over all sessions: 429 with Retry-After until enough of it is 24 hours old', async () => {
    const { coach, client, sessionId } = await pair(24 * 60);
    const hour = 60 * 60 * 1000;
    const now = t.clock.now().getTime();
    // 4 × 48 MB in four other sessions, sent almost 24 hours (30 s short), 20, 10 and 1 hours ago.
    for (const ago of [24 * hour - 30_000, 20 * hour, 10 * hour, hour]) {
      const other = await insertChatSession(t.pool, {
        coachId: coach.id,
        clientId: client.id,
        clientEmail: client.email,
        now: new Date(now - ago),
      });
      await pastAttachment({
        sessionId: other,
        sender: client,
        senderType: 'client',
        bytes: 48 * MiB,
        sentAt: new Date(now - ago),
      });
    }
    const file = pdfOf(10 * MiB);
    const refused = await upload(client, sessionId, file, 'file', 'plan.pdf');
    expect(refused.statusCode).toBe(429);
    // The oldest 48 MB leave the window in 30 s, which makes room.
    expect(refused.headers['retry-after']).toBe('30');
    expect(errorOf(refused)).toMatchObject({ code: 'RATE_LIMITED', message: CHAT_QUOTA_MESSAGES.day(30) });
    expect(errorOf(refused).message).toContain('You can send more in a minute.');
    expect(await messageCount(sessionId)).toBe(0);
    // The coach's own budget is untouched.
    await sent(coach, sessionId, file, 'file', 'coach.pdf');

    t.clock.advance(31_000);
    await sent(client, sessionId, file, 'file', 'plan.pdf');
    expect(CHAT_ATTACHMENT_QUOTA.perPersonPerDayBytes).toBe(200 * MiB);
  });

  it('two uploads at once cannot both slip under the quota', async () => {
    const { client, sessionId } = await pair();
    await pastAttachment({ sessionId, sender: client, senderType: 'client', bytes: 40 * MiB });
    const file = pdfOf(6 * MiB);
    const responses = await Promise.all([
      upload(client, sessionId, file, 'file', 'a.pdf'),
      upload(client, sessionId, file, 'file', 'b.pdf'),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 413]);
    expect(await messageCount(sessionId)).toBe(2);
  });

  it('a retry of a message already sent is answered even when the quota is used up now', async () => {
    const { client, sessionId } = await pair();
    const id = randomUUID();
    const file = pdfOf(MiB);
    expect((await upload(client, sessionId, file, 'file', 'a.pdf', id)).statusCode).toBe(201);
    await pastAttachment({ sessionId, sender: client, senderType: 'client', bytes: 49 * MiB });
    expect((await upload(client, sessionId, file, 'file', 'a.pdf', id)).statusCode).toBe(200);
  });
});

/** A photo as a phone writes it: JPEG with EXIF, a GPS position among it. */
const gpsJpeg = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: '#6a8caf' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Pocket 12' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2400/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 300/100',
      },
    })
    .toBuffer();

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7a5c' } })
    .png()
    .toBuffer();

describe('every image is re-encoded, whatever kind it is sent as', () => {
  it('a PNG sent as kind=file is re-encoded to WebP: the bytes differ, it stays a file download', async () => {
    const { coach, client, sessionId } = await pair();
    const original = await png(300, 200);
    const message = await sent(client, sessionId, original, 'file', 'chart.png');
    expect(message).toMatchObject({
      message_type: 'file',
      attachment: { name: 'chart.webp', mime: 'image/webp' },
    });
    const bytes = await stored(coach, message);
    expect(bytes.equals(original)).toBe(false);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 300, height: 200 });
    const download = await t.app.inject({
      method: 'GET',
      url: message.attachment!.url,
      headers: bearer(coach.session),
    });
    expect(download.headers['content-type']).toBe('image/webp');
    expect(download.headers['content-disposition']).toMatch(/^attachment; /);
  });

  it('GPS EXIF never reaches the other party, as a file or as an image', async () => {
    const { coach, client, sessionId } = await pair();
    const photo = await gpsJpeg();
    // The fixture really carries EXIF with a GPS IFD pointer (tag 0x8825).
    const input = await sharp(photo).metadata();
    expect(input.exif?.includes(Buffer.from('PhoneCo'))).toBe(true);
    expect(
      input.exif?.includes(Buffer.from([0x25, 0x88])) || input.exif?.includes(Buffer.from([0x88, 0x25])),
    ).toBe(true);
    for (const kind of ['file', 'image']) {
      const message = await sent(client, sessionId, photo, kind, 'holiday.jpg');
      expect(message.attachment?.mime).toBe('image/webp');
      const bytes = await stored(coach, message);
      expect(bytes.equals(photo)).toBe(false);
      const output = await sharp(bytes).metadata();
      expect(output.exif).toBeUndefined();
      expect(bytes.includes(Buffer.from('Exif'))).toBe(false);
      expect(bytes.includes(Buffer.from('PhoneCo'))).toBe(false);
      // And nothing else on disk holds them.
      const file = await readFile(path.join(workDir!, 'chat', sessionId, message.id));
      expect(file.includes(Buffer.from('PhoneCo'))).toBe(false);
    }
  });

  it('a decompression bomb sent as a file is refused with 413 from its header; nothing is stored', async () => {
    const { client, sessionId } = await pair();
    const before = await storedFileCount();
    for (const [width, height] of [
      [20_000, 20_000],
      [200_000, 200],
    ] as const) {
      const bomb = buildPng(width, height);
      const started = Date.now();
      const response = await upload(client, sessionId, bomb, 'file', 'bomb.png');
      expect(response.statusCode, `${width}×${height}`).toBe(413);
      expect(errorOf(response).message).toBe(CHAT_MESSAGES.imageTooManyPixels);
      expect(Date.now() - started).toBeLessThan(2_000);
    }
    expect(await storedFileCount()).toBe(before);
    expect(await messageCount(sessionId)).toBe(0);
  }, 20_000);

  it('a truncated PNG or JPEG sent as a file is refused with 400', async () => {
    const { client, sessionId } = await pair();
    const jpeg = await gpsJpeg();
    const pngBytes = await png(400, 300);
    for (const [name, whole] of [
      ['cut.jpg', jpeg],
      ['cut.png', pngBytes],
    ] as const) {
      const response = await upload(
        client,
        sessionId,
        whole.subarray(0, Math.floor(whole.length * 0.6)),
        'file',
        name,
      );
      expect(response.statusCode, name).toBe(400);
      expect(errorOf(response).message).toBe(CHAT_MESSAGES.imageUnreadable);
    }
    expect(await messageCount(sessionId)).toBe(0);
  });

  it('a polyglot (an image with an HTML page or a ZIP after it) is re-encoded: the payload is gone', async () => {
    const { coach, client, sessionId } = await pair();
    const html = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
    const zip = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.from('payload.exe'), Buffer.alloc(64, 1)]);
    const cases = [
      { name: 'page.jpg', bytes: Buffer.concat([await gpsJpeg(), html]), marker: Buffer.from('<script') },
      { name: 'page.png', bytes: Buffer.concat([await png(64, 64), html]), marker: Buffer.from('<script') },
      {
        name: 'archive.png',
        bytes: Buffer.concat([await png(64, 64), zip]),
        marker: Buffer.from('payload.exe'),
      },
    ];
    for (const item of cases) {
      for (const kind of ['file', 'image']) {
        const message = await sent(client, sessionId, item.bytes, kind, item.name);
        expect(message.attachment?.mime).toBe('image/webp');
        const bytes = await stored(coach, message);
        expect(bytes.includes(item.marker), `${item.name} as ${kind}`).toBe(false);
        expect(bytes.includes(Buffer.from('PK\x03\x04'))).toBe(false);
        expect((await sharp(bytes).metadata()).format).toBe('webp');
      }
    }
  });
});
