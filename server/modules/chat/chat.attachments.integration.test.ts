import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CHAT_ATTACHMENT_MAX_BYTES,
  CHAT_EVENTS,
  CHAT_MESSAGES,
  CHAT_TYPING_SERVER_GAP_MS,
  CHAT_VOICE_MAX_MS,
  chatAttachmentPath,
  chatHistorySchema,
  chatMessageEventPayloadSchema,
  chatMessageResponseSchema,
  chatTypingEventPayloadSchema,
  type ChatMessage,
} from '#contracts/chat';
import { bearer, errorOf } from '#test/support/auth';
import { insertChatSession } from '#test/factories/sessions';
import { insertPerson, type Person } from '#test/factories/people';
import { useTestApp } from '#test/support/test-app';
import { buildPng, buildOfficeZip, buildVoiceWebm } from '#test/factories/files';

let workDir: string | undefined;
const t = useTestApp(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'wellspring-chat-'));
  return { UPLOADS_DIR: workDir, RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' };
});
afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

const person = (role: 'coach' | 'client', fullName: string) => insertPerson(t.app, role, fullName);

/** A chat session row as the accept of a request leaves it (money plays no part in chat). */
const session = (coach: Person, client: Person, status: 'active' | 'completed' = 'active') =>
  insertChatSession(t.pool, {
    coachId: coach.id,
    clientId: client.id,
    clientEmail: client.email,
    now: t.clock.now(),
    status,
  });

async function pair() {
  const coach = await person('coach', 'Lena Ortiz');
  const client = await person('client', 'Robin Client');
  return { coach, client, sessionId: await session(coach, client) };
}

type Upload = { id?: string; kind: string; name?: string; duration_ms?: number; contentType?: string };

function upload(who: Person | null, sessionId: string, bytes: Buffer, input: Upload) {
  const query = new URLSearchParams({ id: input.id ?? randomUUID(), kind: input.kind });
  if (input.name !== undefined) query.set('name', input.name);
  if (input.duration_ms !== undefined) query.set('duration_ms', String(input.duration_ms));
  return t.app.inject({
    method: 'POST',
    url: `/api/sessions/${sessionId}/attachments?${query.toString()}`,
    headers: {
      ...(who ? bearer(who.session) : {}),
      'content-type': input.contentType ?? 'application/octet-stream',
    },
    payload: bytes,
  });
}

async function uploaded(who: Person, sessionId: string, bytes: Buffer, input: Upload): Promise<ChatMessage> {
  const response = await upload(who, sessionId, bytes, input);
  expect(response.statusCode, response.body).toBe(201);
  return chatMessageResponseSchema.parse(response.json()).message;
}

const download = (who: Person | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: who ? bearer(who.session) : {} });

async function eventsOn(userId: string, type: string) {
  const result = await t.pool.query<{ payload: Record<string, unknown> }>(
    'select payload from realtime_events where topic = $1 and type = $2 order by seq',
    [`user:${userId}`, type],
  );
  return result.rows.map((row) => row.payload);
}

/** Every stored file under the storage root (relative paths). */
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(workDir!, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(workDir!, path.join(entry.parentPath, entry.name)));
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7a5c' } })
    .png()
    .toBuffer();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe('chat attachments', () => {
  it('sends an image: re-encoded to WebP, announced to both parties, served to both with private headers', async () => {
    const { coach, client, sessionId } = await pair();
    const id = randomUUID();
    const message = await uploaded(client, sessionId, await png(640, 480), {
      id,
      kind: 'image',
      name: 'C:\\Users\\robin\\garden.png',
      contentType: 'image/png',
    });
    expect(message).toMatchObject({
      id,
      session_id: sessionId,
      seq: 1,
      sender_type: 'client',
      message_type: 'image',
      message_content: '',
      attachment: {
        name: 'garden.webp',
        mime: 'image/webp',
        duration_ms: null,
        url: chatAttachmentPath(sessionId, id),
      },
    });
    for (const who of [coach, client]) {
      const created = await eventsOn(who.id, CHAT_EVENTS.messageCreated);
      expect(created.map((payload) => chatMessageEventPayloadSchema.parse(payload).message)).toEqual([
        message,
      ]);
      const history = chatHistorySchema.parse(
        (await t.call(who.session, 'GET', `/api/sessions/${sessionId}/messages`)).json(),
      );
      expect(history.messages).toEqual([message]);

      const file = await download(who, message.attachment!.url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['content-disposition']).toBe(
        `inline; filename="garden.webp"; filename*=UTF-8''garden.webp`,
      );
      expect(file.headers['cache-control']).toMatch(/^private/);
      expect(file.rawPayload.length).toBe(message.attachment!.size);
      const decoded = await sharp(file.rawPayload).metadata();
      expect(decoded).toMatchObject({ format: 'webp', width: 640, height: 480 });
    }
    expect(await storedFiles()).toContain(path.join('chat', sessionId, id));
  });

  it('an image sent as a file is still an image: re-encoded to WebP, named for it, served as a download', async () => {
    const { coach, sessionId, client } = await pair();
    const original = await png(20, 20);
    const message = await uploaded(coach, sessionId, original, { kind: 'file', name: 'chart.exe' });
    expect(message).toMatchObject({
      message_type: 'file',
      attachment: { name: 'chart.exe.webp', mime: 'image/webp' },
    });
    const file = await download(client, message.attachment!.url);
    expect(file.headers['content-disposition']).toMatch(/^attachment; /);
    expect(file.rawPayload.equals(original)).toBe(false);
  });

  it('sends files of each allowed type as downloads, typed by their bytes, never by their name', async () => {
    const { coach, client, sessionId } = await pair();
    const cases = [
      { bytes: PDF, name: 'plan.pdf', mime: 'application/pdf', shown: 'plan.pdf' },
      {
        bytes: Buffer.from('Breathe in for four, out for six.\n'),
        name: '../../notes.html',
        mime: 'text/plain; charset=utf-8',
        shown: 'notes.html.txt',
      },
      {
        bytes: buildOfficeZip('word/document.xml'),
        name: 'journal.docx',
        mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        shown: 'journal.docx',
      },
      {
        bytes: buildOfficeZip('xl/workbook.xml'),
        name: 'sleep log.xlsx',
        mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        shown: 'sleep log.xlsx',
      },
      {
        bytes: buildOfficeZip('ppt/presentation.xml'),
        name: 'slides',
        mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
        shown: 'slides.pptx',
      },
      { bytes: PDF, name: 'Zoë’s\u202eplan.pdf', mime: 'application/pdf', shown: 'Zoë’splan.pdf' },
    ];
    for (const item of cases) {
      const message = await uploaded(coach, sessionId, item.bytes, {
        kind: 'file',
        name: item.name,
        contentType: 'text/html',
      });
      expect(message).toMatchObject({
        message_type: 'file',
        sender_type: 'coach',
        attachment: { name: item.shown, mime: item.mime, size: item.bytes.length, duration_ms: null },
      });
      const file = await download(client, message.attachment!.url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(item.mime);
      expect(file.headers['content-disposition']).toMatch(
        /^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/,
      );
      expect(file.headers['content-disposition']).toContain(
        `filename*=UTF-8''${encodeURIComponent(item.shown)}`,
      );
      expect(file.rawPayload.equals(item.bytes)).toBe(true);
    }
  });

  it('sends a voice note (WebM or Ogg) with its length, played inline', async () => {
    const { coach, client, sessionId } = await pair();
    const webm = await uploaded(client, sessionId, buildVoiceWebm(), {
      kind: 'voice',
      duration_ms: 4_200,
      contentType: 'audio/webm;codecs=opus',
    });
    expect(webm).toMatchObject({
      message_type: 'voice',
      attachment: { name: 'Voice note.webm', mime: 'audio/webm', duration_ms: 4_200 },
    });
    const ogg = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(200, 1)]);
    const oggMessage = await uploaded(client, sessionId, ogg, {
      kind: 'voice',
      name: 'memo.ogg',
      duration_ms: CHAT_VOICE_MAX_MS,
    });
    expect(oggMessage.attachment).toMatchObject({
      name: 'memo.ogg',
      mime: 'audio/ogg',
      duration_ms: 300_000,
    });
    const file = await download(coach, webm.attachment!.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('audio/webm');
    expect(file.headers['content-disposition']).toMatch(/^inline; /);
  });

  it('refuses wrong bytes for the kind with a clear message, and stores nothing', async () => {
    const { client, sessionId } = await pair();
    const before = await storedFiles();
    const refusals = [
      { bytes: PDF, kind: 'image', status: 415, message: CHAT_MESSAGES.imageType },
      // PNG magic, but not a PNG.
      {
        bytes: Buffer.concat([
          Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
          Buffer.alloc(64, 7),
        ]),
        kind: 'image',
        status: 400,
        message: CHAT_MESSAGES.imageUnreadable,
      },
      {
        bytes: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]),
        kind: 'file',
        status: 415,
        message: CHAT_MESSAGES.fileType,
      },
      // A ZIP that is no Office document.
      { bytes: buildOfficeZip(null), kind: 'file', status: 415, message: CHAT_MESSAGES.fileType },
      { bytes: await png(10, 10), kind: 'voice', status: 415, message: CHAT_MESSAGES.voiceType },
      { bytes: Buffer.alloc(0), kind: 'file', status: 400, message: CHAT_MESSAGES.attachmentEmpty },
    ];
    for (const refusal of refusals) {
      const response = await upload(client, sessionId, refusal.bytes, {
        kind: refusal.kind,
        duration_ms: 1_000,
        name: 'x.png',
      });
      expect(response.statusCode, `${refusal.kind}: ${response.body}`).toBe(refusal.status);
      expect(errorOf(response).message).toBe(refusal.message);
    }
    expect(await storedFiles()).toEqual(before);
    const rows = await t.pool.query(
      'select count(*)::int as count from chat_messages where session_id = $1',
      [sessionId],
    );
    expect(rows.rows[0]).toEqual({ count: 0 });
  });

  it('holds each kind to its limits and names the limit', async () => {
    const { client, sessionId } = await pair();
    const over = (kind: keyof typeof CHAT_ATTACHMENT_MAX_BYTES, head: Buffer) =>
      Buffer.concat([head, Buffer.alloc(CHAT_ATTACHMENT_MAX_BYTES[kind] + 1 - head.length)]);
    const cases = [
      { kind: 'image', bytes: over('image', await png(10, 10)), message: CHAT_MESSAGES.imageTooLarge },
      { kind: 'file', bytes: over('file', PDF), message: CHAT_MESSAGES.fileTooLarge },
      { kind: 'voice', bytes: over('voice', buildVoiceWebm()), message: CHAT_MESSAGES.voiceTooLarge },
    ] as const;
    for (const item of cases) {
      const response = await upload(client, sessionId, item.bytes, { kind: item.kind, duration_ms: 1_000 });
      expect(response.statusCode, item.kind).toBe(413);
      expect(errorOf(response).message).toBe(item.message);
    }
    // Exactly at the limit is fine (a PDF padded to 20 MB).
    const atLimit = Buffer.concat([PDF, Buffer.alloc(CHAT_ATTACHMENT_MAX_BYTES.file - PDF.length)]);
    expect((await upload(client, sessionId, atLimit, { kind: 'file' })).statusCode).toBe(201);

    // 30 megapixels in a tiny PNG: refused from the header, before decoding.
    const bomb = await upload(client, sessionId, buildPng(6_000, 5_000), { kind: 'image' });
    expect(bomb.statusCode).toBe(413);
    expect(errorOf(bomb).message).toBe(CHAT_MESSAGES.imageTooManyPixels);

    const tooLong = await upload(client, sessionId, buildVoiceWebm(), {
      kind: 'voice',
      duration_ms: CHAT_VOICE_MAX_MS + 1,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(errorOf(tooLong).details).toEqual([
      { path: 'querystring.duration_ms', message: CHAT_MESSAGES.voiceTooLong },
    ]);
    const noLength = await upload(client, sessionId, buildVoiceWebm(), { kind: 'voice' });
    expect(noLength.statusCode).toBe(400);
    expect(errorOf(noLength).details).toEqual([
      { path: 'querystring.duration_ms', message: CHAT_MESSAGES.voiceDurationRequired },
    ]);
    const badKind = await upload(client, sessionId, PDF, { kind: 'video' });
    expect(badKind.statusCode).toBe(400);
  });

  it('a retry with the same id returns the same message and stores and announces nothing new', async () => {
    const { coach, client, sessionId } = await pair();
    const id = randomUUID();
    const image = await png(64, 64);
    const first = await uploaded(client, sessionId, image, { id, kind: 'image', name: 'a.png' });
    const retries = await Promise.all([
      upload(client, sessionId, image, { id, kind: 'image', name: 'a.png' }),
      upload(client, sessionId, image, { id, kind: 'image', name: 'a.png' }),
    ]);
    for (const retry of retries) {
      expect(retry.statusCode).toBe(200);
      expect(chatMessageResponseSchema.parse(retry.json()).message).toEqual(first);
    }
    expect(await eventsOn(coach.id, CHAT_EVENTS.messageCreated)).toHaveLength(1);
    const rows = await t.pool.query('select id from chat_messages where session_id = $1', [sessionId]);
    expect(rows.rows).toEqual([{ id }]);
    // The same id from the other party is someone else's message; as a text message too.
    const byCoach = await upload(coach, sessionId, image, { id, kind: 'image' });
    expect(byCoach.statusCode).toBe(409);
    expect(errorOf(byCoach).message).toBe(CHAT_MESSAGES.idTaken);
    const asText = await t.call(coach.session, 'POST', `/api/sessions/${sessionId}/messages`, {
      id,
      content: 'Hi',
    });
    expect(asText.statusCode).toBe(409);
    // A text message's id answers the text message (a retry), never an attachment.
    const text = chatMessageResponseSchema.parse(
      (
        await t.call(client.session, 'POST', `/api/sessions/${sessionId}/messages`, {
          id: randomUUID(),
          content: 'And a note',
        })
      ).json(),
    ).message;
    expect(text.attachment).toBeUndefined();
    expect((await download(client, chatAttachmentPath(sessionId, text.id))).statusCode).toBe(404);
  });

  it('keeps a third person out: 404 on upload and download, 401 without sign-in; the public file route refuses the key', async () => {
    const { coach, client, sessionId } = await pair();
    const message = await uploaded(client, sessionId, PDF, { kind: 'file', name: 'private.pdf' });
    const stranger = await person('client', 'Sam Stranger');
    const otherCoach = await person('coach', 'Kenji Sato');
    for (const who of [stranger, otherCoach]) {
      expect((await download(who, message.attachment!.url)).statusCode).toBe(404);
      const sneaked = await upload(who, sessionId, PDF, { kind: 'file' });
      expect(sneaked.statusCode).toBe(404);
    }
    expect((await download(null, message.attachment!.url)).statusCode).toBe(401);
    expect((await upload(null, sessionId, PDF, { kind: 'file' })).statusCode).toBe(401);
    // The message under another session of the same parties: not found there.
    const otherSession = await session(coach, client);
    expect((await download(client, chatAttachmentPath(otherSession, message.id))).statusCode).toBe(404);
    // The stored object is not reachable through the public pictures route.
    for (const url of [
      `/api/uploads/files/chat/${sessionId}/${message.id}`,
      `/api/uploads/files/chat%2F${sessionId}%2F${message.id}`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.rawPayload.equals(PDF)).toBe(false);
    }
    const count = await t.pool.query(
      'select count(*)::int as count from chat_messages where session_id = $1',
      [sessionId],
    );
    expect(count.rows[0]).toEqual({ count: 1 });
  });

  it('refuses uploads once the session ended, stores nothing, and still serves what was sent', async () => {
    const coach = await person('coach', 'Lena Ortiz');
    const client = await person('client', 'Robin Client');
    const sessionId = await session(coach, client);
    const message = await uploaded(client, sessionId, PDF, { kind: 'file' });
    await t.pool.query(
      `update chat_sessions set status = 'completed', end_time = $2, completed_by = 'coach' where id = $1`,
      [sessionId, t.clock.now()],
    );
    const before = await storedFiles();
    const late = await upload(client, sessionId, PDF, { kind: 'file' });
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).message).toBe(CHAT_MESSAGES.sessionEnded);
    expect(await storedFiles()).toEqual(before);
    expect((await download(coach, message.attachment!.url)).statusCode).toBe(200);
  });
});

describe('typing', () => {
  const typing = (who: Person | null, sessionId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/sessions/${sessionId}/typing`,
      headers: who ? bearer(who.session) : {},
    });

  it('reaches the other party only, at most once per 2 s per person and session', async () => {
    const { coach, client, sessionId } = await pair();
    expect((await typing(client, sessionId)).statusCode).toBe(204);
    expect((await typing(client, sessionId)).statusCode).toBe(204);
    t.clock.advance(CHAT_TYPING_SERVER_GAP_MS - 1);
    expect((await typing(client, sessionId)).statusCode).toBe(204);
    const toCoach = await eventsOn(coach.id, CHAT_EVENTS.typing);
    expect(toCoach.map((payload) => chatTypingEventPayloadSchema.parse(payload))).toEqual([
      {
        session_id: sessionId,
        user_id: client.id,
        at: new Date(t.clock.now().getTime() - 1_999).toISOString(),
      },
    ]);
    t.clock.advance(1);
    expect((await typing(client, sessionId)).statusCode).toBe(204);
    expect(await eventsOn(coach.id, CHAT_EVENTS.typing)).toHaveLength(2);
    expect(await eventsOn(client.id, CHAT_EVENTS.typing)).toEqual([]);

    // The coach's typing is counted apart, and reaches the client.
    expect((await typing(coach, sessionId)).statusCode).toBe(204);
    expect(await eventsOn(client.id, CHAT_EVENTS.typing)).toEqual([
      { session_id: sessionId, user_id: coach.id, at: t.clock.now().toISOString() },
    ]);
    expect(await eventsOn(coach.id, CHAT_EVENTS.typing)).toHaveLength(2);
  });

  it('is for the parties of an active session only', async () => {
    const { coach, client, sessionId } = await pair();
    const stranger = await person('client', 'Sam Stranger');
    expect((await typing(stranger, sessionId)).statusCode).toBe(404);
    expect((await typing(null, sessionId)).statusCode).toBe(401);
    expect(await eventsOn(coach.id, CHAT_EVENTS.typing)).toEqual([]);
    const ended = await session(coach, client, 'completed');
    const late = await typing(client, ended);
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).message).toBe(CHAT_MESSAGES.sessionEnded);
    expect(await eventsOn(coach.id, CHAT_EVENTS.typing)).toEqual([]);
  });
});
