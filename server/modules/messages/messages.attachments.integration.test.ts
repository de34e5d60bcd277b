import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { AuthSession } from '#contracts/auth';
import { ATTACHMENT_MESSAGES, ATTACHMENT_VOICE_MAX_MS } from '#contracts/attachments';
import {
  conversationAttachmentPath,
  conversationResponseSchema,
  conversationsPageSchema,
  MESSAGE_ATTACHMENT_QUOTA,
  MESSAGE_ATTACHMENT_TEXTS,
  MESSAGE_EVENTS,
  MESSAGE_TEXTS,
  messageEventPayloadSchema,
  messageResponseSchema,
  messagesPageSchema,
  SAFETY_TEXTS,
} from '#contracts/messages';
import { buildOfficeZip, buildPng, buildVoiceWebm } from '#test/factories/files';
import { bearer, errorOf, outboxFor, signUpWithRole, uniqueEmail } from '#test/support/auth';
import { useTestApp } from '#test/support/test-app';

/**
 * The session chat's attachments in conversations between sessions (#17 Must have 1 and 7): the same
 * preparation (pictures re-encoded, files by their bytes, voice notes), only between the two parties, a
 * block respected, idempotent by the browser's id, held to the day's budgets.
 */
let workDir: string | undefined;
const t = useTestApp(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'wellspring-messages-'));
  return { UPLOADS_DIR: workDir, RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' };
});
afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

const MiB = 1024 * 1024;

type Person = { session: AuthSession; id: string; email: string };

async function person(role: 'coach' | 'client', fullName: string): Promise<Person> {
  const email = uniqueEmail(role);
  const session = await signUpWithRole(t.app, role, { fullName, email });
  return { session, id: session.user.id, email };
}

async function pair() {
  const coach = await person('coach', 'Lena Ortiz');
  const client = await person('client', 'Robin Client');
  const started = await t.call(client.session, 'POST', '/api/conversations', { coach_id: coach.id });
  expect(started.statusCode, started.body).toBe(201);
  const conversationId = conversationResponseSchema.parse(started.json()).conversation.id;
  return { coach, client, conversationId };
}

type Upload = { id?: string; kind: string; name?: string; duration_ms?: number; contentType?: string };

function upload(who: Person | null, conversationId: string, bytes: Buffer, input: Upload) {
  const query = new URLSearchParams({ id: input.id ?? randomUUID(), kind: input.kind });
  if (input.name !== undefined) query.set('name', input.name);
  if (input.duration_ms !== undefined) query.set('duration_ms', String(input.duration_ms));
  return t.app.inject({
    method: 'POST',
    url: `/api/conversations/${conversationId}/attachments?${query.toString()}`,
    headers: {
      ...(who ? bearer(who.session) : {}),
      'content-type': input.contentType ?? 'application/octet-stream',
    },
    payload: bytes,
  });
}

async function uploaded(who: Person, conversationId: string, bytes: Buffer, input: Upload) {
  const response = await upload(who, conversationId, bytes, input);
  expect(response.statusCode, response.body).toBe(201);
  return messageResponseSchema.parse(response.json()).message;
}

const download = (who: Person | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: who ? bearer(who.session) : {} });

async function history(who: Person, conversationId: string) {
  const response = await t.call(who.session, 'GET', `/api/conversations/${conversationId}/messages`);
  expect(response.statusCode, response.body).toBe(200);
  return messagesPageSchema.parse(response.json()).messages;
}

async function eventsOn(userId: string) {
  const result = await t.pool.query<{ payload: Record<string, unknown> }>(
    'select payload from realtime_events where topic = $1 and type = $2 order by seq',
    [`user:${userId}`, MESSAGE_EVENTS.created],
  );
  return result.rows.map((row) => messageEventPayloadSchema.parse(row.payload).message);
}

/** Every stored file under the storage root (relative paths). */
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(workDir!, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(workDir!, path.join(entry.parentPath, entry.name)));
}

async function messageCount(conversationId: string) {
  const rows = await t.pool.query<{ count: number }>(
    'select count(*)::int as count from inquiry_messages where conversation_id = $1',
    [conversationId],
  );
  return rows.rows[0]!.count;
}

/** A photo as a phone writes it: JPEG with EXIF, a GPS position among it. */
const gpsJpeg = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#6a8caf' } })
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

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** A PDF of exactly `bytes` bytes. */
const pdfOf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(bytes - 9, 0x41)]);

describe('attachments in conversations between sessions', () => {
  it('a picture is re-encoded (WebP, EXIF gone), reaches the other party live and by email, and is served to both privately', async () => {
    const { coach, client, conversationId } = await pair();
    await t.pool.query('update users set email_confirmed_at = $2 where id = $1', [coach.id, t.clock.now()]);
    const photo = await gpsJpeg();
    expect((await sharp(photo).metadata()).exif?.includes(Buffer.from('PhoneCo'))).toBe(true);
    const id = randomUUID();
    const message = await uploaded(client, conversationId, photo, {
      id,
      kind: 'image',
      name: 'C:\\Users\\robin\\holiday.JPG',
      contentType: 'image/jpeg',
    });
    expect(message).toMatchObject({
      id,
      conversation_id: conversationId,
      seq: 1,
      sender_type: 'client',
      sender_user_id: client.id,
      type: 'image',
      content: '',
      attachment: {
        name: 'holiday.webp',
        mime: 'image/webp',
        duration_ms: null,
        url: conversationAttachmentPath(conversationId, id),
      },
    });

    // Both parties' topics carry the message with its attachment; both histories and lists show it.
    for (const who of [coach, client]) {
      expect(await eventsOn(who.id)).toEqual([message]);
      expect(await history(who, conversationId)).toEqual([message]);
      const file = await download(who, message.attachment!.url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(file.headers['content-disposition']).toBe(
        `inline; filename="holiday.webp"; filename*=UTF-8''holiday.webp`,
      );
      expect(file.headers['cache-control']).toMatch(/^private/);
      expect(file.rawPayload.length).toBe(message.attachment!.size);
      const output = await sharp(file.rawPayload).metadata();
      expect(output).toMatchObject({ format: 'webp', width: 640, height: 480 });
      expect(output.exif).toBeUndefined();
      expect(file.rawPayload.includes(Buffer.from('PhoneCo'))).toBe(false);
    }
    const onDisk = await readFile(path.join(workDir!, 'messages', conversationId, id));
    expect(onDisk.includes(Buffer.from('PhoneCo'))).toBe(false);
    const list = conversationsPageSchema.parse(
      (await t.call(coach.session, 'GET', '/api/conversations')).json(),
    );
    expect(list.conversations[0]).toMatchObject({ last_message: { id, type: 'image' }, unread_count: 1 });

    // The coach is away: the alert says what came, never the bytes.
    const [alert] = await outboxFor(t.db, coach.email, 'coach_inquiry_alert');
    expect(alert?.data).toMatchObject({
      messageContent: MESSAGE_ATTACHMENT_TEXTS.preview.image,
      chatUrl: `${t.config.publicUrl}/chat/${conversationId}`,
    });
  });

  it('a file is typed by its bytes, never its name or declared type, and saved under a cleaned name', async () => {
    const { coach, client, conversationId } = await pair();
    const cases = [
      { bytes: PDF, name: '../../Zoë’s\u202eplan.pdf', mime: 'application/pdf', shown: 'Zoë’splan.pdf' },
      {
        bytes: Buffer.from('Breathe in for four, out for six.\n'),
        name: 'notes.html',
        mime: 'text/plain; charset=utf-8',
        shown: 'notes.html.txt',
      },
      {
        bytes: buildOfficeZip('word/document.xml'),
        name: 'journal',
        mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        shown: 'journal.docx',
      },
    ];
    for (const item of cases) {
      const message = await uploaded(coach, conversationId, item.bytes, {
        kind: 'file',
        name: item.name,
        contentType: 'text/html',
      });
      expect(message).toMatchObject({
        type: 'file',
        sender_type: 'coach',
        attachment: { name: item.shown, mime: item.mime, size: item.bytes.length, duration_ms: null },
      });
      const file = await download(client, message.attachment!.url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(item.mime);
      expect(file.headers['content-disposition']).toMatch(/^attachment; filename="[\x20-\x7e]+"; /);
      expect(file.headers['content-disposition']).toContain(
        `filename*=UTF-8''${encodeURIComponent(item.shown)}`,
      );
      expect(file.rawPayload.equals(item.bytes)).toBe(true);
    }
    // The coach's attachment is the client's notification, in words.
    const notifications = await t.call(client.session, 'GET', '/api/notifications');
    expect(notifications.json()).toMatchObject({
      notifications: [{ type: 'coach_message', message: MESSAGE_ATTACHMENT_TEXTS.preview.file }],
    });
  });

  it('a voice note keeps its length and plays inline; it needs one, of at most 5 minutes', async () => {
    const { coach, client, conversationId } = await pair();
    const message = await uploaded(client, conversationId, buildVoiceWebm(), {
      kind: 'voice',
      duration_ms: 4_200,
      contentType: 'audio/webm;codecs=opus',
    });
    expect(message).toMatchObject({
      type: 'voice',
      attachment: { name: 'Voice note.webm', mime: 'audio/webm', duration_ms: 4_200 },
    });
    const file = await download(coach, message.attachment!.url);
    expect(file.headers['content-type']).toBe('audio/webm');
    expect(file.headers['content-disposition']).toMatch(/^inline; /);

    const missing = await upload(client, conversationId, buildVoiceWebm(), { kind: 'voice' });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).details).toEqual([
      { path: 'querystring.duration_ms', message: ATTACHMENT_MESSAGES.voiceDurationRequired },
    ]);
    const tooLong = await upload(client, conversationId, buildVoiceWebm(), {
      kind: 'voice',
      duration_ms: ATTACHMENT_VOICE_MAX_MS + 1,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(errorOf(tooLong).details).toEqual([
      { path: 'querystring.duration_ms', message: ATTACHMENT_MESSAGES.voiceTooLong },
    ]);
  });

  it('a retried id is answered with its message, never doubled; another message’s id is 409', async () => {
    const { coach, client, conversationId } = await pair();
    const id = randomUUID();
    const first = await uploaded(client, conversationId, PDF, { id, kind: 'file', name: 'plan.pdf' });
    const again = await upload(client, conversationId, PDF, { id, kind: 'file', name: 'plan.pdf' });
    expect(again.statusCode).toBe(200);
    expect(messageResponseSchema.parse(again.json()).message).toEqual(first);
    // Two tabs retrying at once: one message.
    const racing = randomUUID();
    const answers = await Promise.all(
      [1, 2, 3].map(() => upload(client, conversationId, PDF, { id: racing, kind: 'file', name: 'b.pdf' })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 201]);
    expect(await messageCount(conversationId)).toBe(2);
    expect((await eventsOn(coach.id)).map((message) => message.id)).toEqual([id, racing]);

    // The id of another message: the other party's, a text's, or the same id as another kind.
    const text = await t.call(coach.session, 'POST', `/api/conversations/${conversationId}/messages`, {
      id: randomUUID(),
      content: 'Got it, thank you.',
    });
    const textId = messageResponseSchema.parse(text.json()).message.id;
    for (const [who, taken, kind] of [
      [coach, id, 'file'],
      [client, textId, 'file'],
      [client, id, 'image'],
    ] as const) {
      const refused = await upload(who, conversationId, PDF, { id: taken, kind, name: 'x.pdf' });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(errorOf(refused).message).toBe(MESSAGE_TEXTS.idTaken);
    }
    expect(await messageCount(conversationId)).toBe(3);
    expect((await storedFiles()).filter((file) => file.includes(conversationId))).toHaveLength(2);
  });

  it('only the two parties: 404 for anyone else on upload and download, as for none; 401 without sign-in', async () => {
    const { coach, client, conversationId } = await pair();
    const message = await uploaded(client, conversationId, PDF, { kind: 'file', name: 'plan.pdf' });
    const otherCoach = await person('coach', 'Other Coach');
    const otherClient = await person('client', 'Other Client');
    const before = await storedFiles();
    for (const stranger of [otherCoach, otherClient]) {
      const sent = await upload(stranger, conversationId, PDF, { kind: 'file', name: 'x.pdf' });
      expect(sent.statusCode).toBe(404);
      expect(errorOf(sent).message).toBe(MESSAGE_TEXTS.notFound);
      const read = await download(stranger, message.attachment!.url);
      expect(read.statusCode).toBe(404);
      expect(read.rawPayload.includes(PDF)).toBe(false);
    }
    expect((await upload(null, conversationId, PDF, { kind: 'file' })).statusCode).toBe(401);
    expect((await download(null, message.attachment!.url)).statusCode).toBe(401);
    expect(await storedFiles()).toEqual(before);

    // A party of another conversation cannot reach this message through their own conversation.
    const own = await t.call(otherClient.session, 'POST', '/api/conversations', { coach_id: coach.id });
    const ownId = conversationResponseSchema.parse(own.json()).conversation.id;
    const through = await download(otherClient, conversationAttachmentPath(ownId, message.id));
    expect(through.statusCode).toBe(404);
    expect(errorOf(through).message).toBe(ATTACHMENT_MESSAGES.attachmentNotFound);
    // A text message has no attachment to serve; the public file route never serves the private key.
    const text = await t.call(client.session, 'POST', `/api/conversations/${conversationId}/messages`, {
      id: randomUUID(),
      content: 'Hello',
    });
    const textId = messageResponseSchema.parse(text.json()).message.id;
    expect((await download(coach, conversationAttachmentPath(conversationId, textId))).statusCode).toBe(404);
    const publicRoute = await download(coach, `/api/uploads/files/messages/${conversationId}/${message.id}`);
    expect(publicRoute.statusCode).not.toBe(200);
  });

  it('a block stops attachments both ways with a clear 403 and stores nothing; the history stays readable', async () => {
    const { coach, client, conversationId } = await pair();
    const kept = await uploaded(coach, conversationId, PDF, { kind: 'file', name: 'plan.pdf' });
    expect((await t.call(client.session, 'PUT', `/api/blocks/${coach.id}`)).statusCode).toBe(201);
    const before = await storedFiles();
    const fromCoach = await upload(coach, conversationId, PDF, { kind: 'file', name: 'again.pdf' });
    expect(fromCoach.statusCode).toBe(403);
    expect(errorOf(fromCoach).message).toBe(SAFETY_TEXTS.blockedByOther);
    const fromClient = await upload(client, conversationId, PDF, { kind: 'file', name: 'mine.pdf' });
    expect(fromClient.statusCode).toBe(403);
    expect(errorOf(fromClient).message).toBe(SAFETY_TEXTS.blockedByYou);
    expect(await storedFiles()).toEqual(before);
    expect((await download(client, kept.attachment!.url)).statusCode).toBe(200);
    expect(await messageCount(conversationId)).toBe(1);
  });

  it('holds each kind to its limits with a message that names them, and stores nothing refused', async () => {
    const { client, conversationId } = await pair();
    const before = await storedFiles();
    const refusals = [
      { bytes: Buffer.alloc(0), kind: 'file', status: 400, message: ATTACHMENT_MESSAGES.attachmentEmpty },
      { bytes: PDF, kind: 'image', status: 415, message: ATTACHMENT_MESSAGES.imageType },
      {
        bytes: Buffer.from('MZ\x90\0\x03'),
        kind: 'file',
        status: 415,
        message: ATTACHMENT_MESSAGES.fileType,
      },
      { bytes: PDF, kind: 'voice', status: 415, message: ATTACHMENT_MESSAGES.voiceType, duration: 1_000 },
      {
        bytes: buildPng(6_000, 6_000),
        kind: 'image',
        status: 413,
        message: ATTACHMENT_MESSAGES.imageTooManyPixels,
      },
      { bytes: pdfOf(20 * MiB + 1), kind: 'file', status: 413, message: ATTACHMENT_MESSAGES.fileTooLarge },
      { bytes: pdfOf(10 * MiB + 1), kind: 'image', status: 413, message: ATTACHMENT_MESSAGES.imageTooLarge },
    ];
    for (const refusal of refusals) {
      const response = await upload(client, conversationId, refusal.bytes, {
        kind: refusal.kind,
        name: 'x',
        ...(refusal.duration ? { duration_ms: refusal.duration } : {}),
      });
      expect(response.statusCode, `${refusal.kind}: ${response.body}`).toBe(refusal.status);
      expect(errorOf(response).message).toBe(refusal.message);
    }
    const unknownKind = await upload(client, conversationId, PDF, { kind: 'video' });
    expect(unknownKind.statusCode).toBe(400);
    expect(await storedFiles()).toEqual(before);
    expect(await messageCount(conversationId)).toBe(0);
  });

  it('a day’s budget per conversation (50 MB) and over all (200 MB): 429 with Retry-After until enough of it is 24 hours old', async () => {
    const { coach, client, conversationId } = await pair();
    const hour = 60 * 60 * 1000;
    const now = t.clock.now().getTime();
    /** A row standing for an attachment already sent (the budgets count inquiry_messages rows). */
    const pastAttachment = (conversation: string, bytes: number, agoMs: number) => {
      const id = randomUUID();
      return t.pool.query(
        `with seq as (update inquiry_conversations set last_seq = last_seq + 1 where id = $1 returning last_seq)
         insert into inquiry_messages (id, conversation_id, seq, sender_type, sender_user_id, message_content,
           message_type, created_at, attachment_key, attachment_name, attachment_mime, attachment_size)
         select $2, $1, last_seq, 'client', $3, '', 'file', $4, $5, 'old.pdf', 'application/pdf', $6 from seq`,
        [conversation, id, client.id, new Date(now - agoMs), `messages/${conversation}/${id}`, bytes],
      );
    };
    // 45 MB here: 30 MB almost a day ago (40 s short), 15 MB an hour ago.
    await pastAttachment(conversationId, 30 * MiB, 24 * hour - 40_000);
    await pastAttachment(conversationId, 15 * MiB, hour);
    const file = pdfOf(6 * MiB);
    const refused = await upload(client, conversationId, file, { kind: 'file', name: 'plan.pdf' });
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.headers['retry-after']).toBe('40');
    expect(errorOf(refused)).toMatchObject({
      code: 'RATE_LIMITED',
      message: MESSAGE_ATTACHMENT_TEXTS.conversationDay(40),
    });
    expect(errorOf(refused).message).toContain('You can send more in a minute.');
    // A smaller one still fits (45 + 4 MB), and the coach's budget is their own.
    await uploaded(client, conversationId, pdfOf(4 * MiB), { kind: 'file', name: 'small.pdf' });
    await uploaded(coach, conversationId, file, { kind: 'file', name: 'coach.pdf' });

    // Over all of the client's conversations: 4 other coaches, 45 MB each two hours ago.
    for (const name of ['Ana', 'Ben', 'Cleo', 'Dev']) {
      const other = await person('coach', `${name} Coach`);
      const started = await t.call(client.session, 'POST', '/api/conversations', { coach_id: other.id });
      const otherId = conversationResponseSchema.parse(started.json()).conversation.id;
      await pastAttachment(otherId, 45 * MiB, 2 * hour);
    }
    t.clock.advance(41_000);
    const overAll = await upload(client, conversationId, pdfOf(2 * MiB), { kind: 'file', name: 'c.pdf' });
    expect(overAll.statusCode, overAll.body).toBe(429);
    // The 30 MB left the day: 19 MB here + 180 MB elsewhere + 2 MB is over 200 MB, until the oldest
    // 45 MB (two hours old) is a day old.
    expect(overAll.headers['retry-after']).toBe(String(22 * 3600 - 41));
    expect(errorOf(overAll).message).toBe(MESSAGE_ATTACHMENT_TEXTS.day(22 * 3600 - 41));
    expect(errorOf(overAll).message).toContain('You can send more in about 22 hours.');
    // 1 MB still fits.
    await uploaded(client, conversationId, pdfOf(MiB), { kind: 'file', name: 'd.pdf' });
    expect(MESSAGE_ATTACHMENT_QUOTA).toMatchObject({
      perConversationPerDayBytes: 50 * MiB,
      perDayBytes: 200 * MiB,
    });
  });

  it('keeps the table honest: a text needs words, an attachment needs its object, a caption may be empty', async () => {
    const { client, conversationId } = await pair();
    const insert = (type: string, content: string, key: string | null) =>
      t.pool.query(
        `insert into inquiry_messages (id, conversation_id, seq, sender_type, sender_user_id, message_content,
           message_type, created_at, attachment_key, attachment_mime, attachment_size)
         values ($1, $2, 1, 'client', $3, $4, $5, now(), $6, $7, $8)`,
        [
          randomUUID(),
          conversationId,
          client.id,
          content,
          type,
          key,
          key ? 'application/pdf' : null,
          key ? 10 : null,
        ],
      );
    await expect(insert('text', '   ', null)).rejects.toThrow(/inquiry_messages_content_ck/);
    await expect(insert('text', 'x'.repeat(501), null)).rejects.toThrow(/inquiry_messages_content_ck/);
    await expect(insert('file', '', null)).rejects.toThrow(/inquiry_messages_attachment_ck/);
    await expect(insert('text', 'hi', 'messages/a/b')).rejects.toThrow(/inquiry_messages_attachment_ck/);
    await expect(insert('file', 'x'.repeat(501), 'messages/a/b')).rejects.toThrow(
      /inquiry_messages_content_ck/,
    );
    await insert('file', '', 'messages/a/b');
  });
});
