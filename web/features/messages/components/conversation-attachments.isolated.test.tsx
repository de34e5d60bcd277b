import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ATTACHMENT_MESSAGES } from '#contracts/attachments';
import {
  conversationAttachmentPath,
  MESSAGE_ATTACHMENT_TEXTS,
  MESSAGE_TEXTS,
  type InquiryMessage,
} from '#contracts/messages';
import type { AuthClient, AuthState } from '#web/lib/auth/auth-client';
import type { StubHandler, StubRoutes } from '#web/test/api';
import {
  CONVERSATION_ID,
  conversation,
  conversationsPage,
  inquiryMessage,
  messagesPage,
  ownMessage,
} from '#web/test/fixtures/messages';
import { renderWithProviders } from '#web/test/render';
import { MessagesScreen } from './messages-screen';

/**
 * Pictures, files and voice notes in a conversation between sessions (#17): the session chat's pieces
 * (web/components/attachment-*.tsx, web/lib/attachments.ts) sent through the outbox — optimistic, retried
 * under the message's one browser-made id — and shown in the log. Stubs MediaRecorder (isolated).
 */

const BASE = `/api/conversations/${CONVERSATION_ID}`;
const ATTACHMENTS = `${BASE}/attachments`;
const ACCESS_TOKEN = 'test-access-token';
const MB = 1024 * 1024;

const signedIn: AuthState = {
  status: 'signed_in',
  accessToken: ACCESS_TOKEN,
  expiresAt: null,
  user: null,
  endReason: null,
};
const authClient = { subscribe: () => () => {}, getState: () => signedIn } as unknown as AuthClient;

/** A message with an attachment, as the server answers it. */
function attachmentMessage(
  seq: number,
  kind: 'image' | 'file' | 'voice',
  attachment: { name: string; mime: string; size: number; duration_ms?: number | null },
  overrides: Partial<InquiryMessage> = {},
): InquiryMessage {
  const base = inquiryMessage(seq, { content: '', type: kind, ...overrides });
  return {
    ...base,
    attachment: {
      duration_ms: null,
      ...attachment,
      url: conversationAttachmentPath(CONVERSATION_ID, base.id),
    },
  };
}

/** The server's answer to an upload: the message under the id the browser sent. */
const acceptUpload: StubHandler = ({ url }) => {
  const query = url.searchParams;
  const kind = query.get('kind') as 'image' | 'file' | 'voice';
  const duration = query.get('duration_ms');
  const name = query.get('name') ?? 'File';
  return {
    status: 201,
    body: {
      message: attachmentMessage(
        2,
        kind,
        {
          name: kind === 'image' ? name.replace(/\.\w+$/, '.webp') : name,
          mime: kind === 'image' ? 'image/webp' : kind === 'voice' ? 'audio/webm' : 'application/pdf',
          size: 1234,
          duration_ms: duration ? Number(duration) : null,
        },
        { id: query.get('id')!, sender_type: 'client', sender_user_id: ownMessage(2).sender_user_id },
      ),
    },
  };
};

function renderConversation(routes: StubRoutes, history: InquiryMessage[] = [inquiryMessage(1)]) {
  return renderWithProviders(
    <MessagesScreen conversationId={CONVERSATION_ID} role="client" retryDelaysMs={[1, 1]} />,
    {
      api: {
        'GET /api/conversations': { body: conversationsPage([conversation()]) },
        [`GET ${BASE}`]: { body: { conversation: conversation() } },
        [`GET ${BASE}/messages`]: { body: messagesPage(history) },
        [`POST ${BASE}/read`]: { status: 204 },
        [`POST ${BASE}/typing`]: { status: 204 },
        'GET /api/blocks': { body: { blocked: [] } },
        ...routes,
      },
      authClient,
    },
  ).api;
}

const log = () => within(screen.getByRole('region', { name: 'Messages with Lena Ortiz' }));

function pickFiles(...files: File[]) {
  fireEvent.change(screen.getByTestId('chat-file-input'), { target: { files } });
}

const headerOf = (init: RequestInit | undefined, name: string) =>
  (init?.headers as Record<string, string> | undefined)?.[name];

const uploadIds = (api: ReturnType<typeof renderConversation>) =>
  api.callsTo('POST', ATTACHMENTS).map((call) => new URLSearchParams(call.search).get('id'));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('attachments in a conversation', () => {
  it('sends a picture with the token, shows the sender’s own copy at once and after, fetching nothing', async () => {
    let release: () => void = () => {};
    const api = renderConversation({
      [`POST ${ATTACHMENTS}`]: (request) =>
        new Promise((resolve) => (release = () => resolve(acceptUpload(request) as never))),
    });
    await screen.findByText('Message 1');
    const picture = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'garden.png', { type: 'image/png' });
    pickFiles(picture);

    await waitFor(() => expect(api.callsTo('POST', ATTACHMENTS)).toHaveLength(1));
    const query = new URLSearchParams(api.callsTo('POST', ATTACHMENTS)[0]!.search);
    expect([query.get('kind'), query.get('name')]).toEqual(['image', 'garden.png']);
    expect(query.get('id')).toMatch(/^[0-9a-f-]{36}$/);
    const init = api.fetch.mock.calls.find(([input]) => String(input).startsWith(ATTACHMENTS))?.[1];
    expect(headerOf(init, 'authorization')).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(init?.body).toBe(picture);
    const sending = log().getAllByTestId('message').at(-1)!;
    expect(sending).toHaveAttribute('data-status', 'sending');
    expect(sending).toHaveTextContent('Sending…');
    expect(within(sending).getByTestId('chat-image')).toHaveAttribute('src', expect.stringMatching(/^blob:/));

    release();
    const sent = await waitFor(() => {
      const row = log().getAllByTestId('message').at(-1)!;
      expect(row).toHaveAttribute('data-status', 'sent');
      return row;
    });
    expect(sent).toHaveAttribute('data-type', 'image');
    expect(within(sent).getByRole('img', { name: 'garden.webp' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    expect(api.calls.filter((call) => call.method === 'GET' && call.path.endsWith('/attachment'))).toEqual(
      [],
    );
  });

  it('shows the other side’s picture inline (fetched with the token), a file as a download with its name and size, a voice note as a player', async () => {
    const image = attachmentMessage(1, 'image', { name: 'breathing.webp', mime: 'image/webp', size: 2048 });
    const file = attachmentMessage(2, 'file', {
      name: 'Sleep plan.pdf',
      mime: 'application/pdf',
      size: 3 * MB,
    });
    const voice = attachmentMessage(3, 'voice', {
      name: 'Voice note.webm',
      mime: 'audio/webm',
      size: 4000,
      duration_ms: 7_400,
    });
    const api = renderConversation(
      {
        [`GET ${image.attachment!.url}`]: { body: 'image bytes', headers: { 'content-type': 'image/webp' } },
        [`GET ${file.attachment!.url}`]: {
          body: 'pdf bytes',
          headers: { 'content-type': 'application/pdf' },
        },
        [`GET ${voice.attachment!.url}`]: { body: 'voice bytes', headers: { 'content-type': 'audio/webm' } },
      },
      [image, file, voice],
    );
    const thumbnail = await screen.findByRole('img', { name: 'breathing.webp' });
    expect(thumbnail).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    const imageCall = api.fetch.mock.calls.find(([input]) => String(input) === image.attachment!.url);
    expect(headerOf(imageCall?.[1], 'authorization')).toBe(`Bearer ${ACCESS_TOKEN}`);

    expect(screen.getByText('Sleep plan.pdf')).toBeVisible();
    expect(screen.getByText('PDF · 3.0 MB')).toBeVisible();
    // Files are fetched only when asked for.
    expect(api.callsTo('GET', file.attachment!.url)).toHaveLength(0);
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Download Sleep plan.pdf' }));
    await waitFor(() => expect(saved).toEqual(['Sleep plan.pdf']));
    click.mockRestore();

    const rows = log().getAllByTestId('message');
    expect(rows.map((row) => row.dataset.type)).toEqual(['image', 'file', 'voice']);
    expect(rows[2]).toHaveTextContent('Voice note · 0:07');
    await waitFor(() =>
      expect(screen.getByTestId('chat-voice')).toHaveAttribute('src', expect.stringMatching(/^blob:/)),
    );
    expect(screen.getByTestId('chat-voice')).toHaveAttribute('controls');
  });

  it('retries a failed upload by itself under the same id; when every try fails, the toast and Retry, again with that id', async () => {
    let down = true;
    const api = renderConversation({
      [`POST ${ATTACHMENTS}`]: (request) => {
        if (down) throw new Error('the network is down');
        return acceptUpload(request);
      },
    });
    await screen.findByText('Message 1');
    pickFiles(new File(['%PDF-1.4'], 'plan.pdf', { type: 'application/pdf' }));

    const alert = within(await screen.findByRole('alert'));
    expect(await alert.findByText(MESSAGE_TEXTS.sendFailedTitle)).toBeVisible();
    const failed = log().getAllByTestId('message').at(-1)!;
    expect(failed).toHaveAttribute('data-status', 'failed');
    expect(within(failed).getByText('plan.pdf')).toBeVisible();
    expect(uploadIds(api)).toHaveLength(3);

    down = false;
    fireEvent.click(within(failed).getByRole('button', { name: 'Retry sending this message' }));
    await waitFor(() =>
      expect(log().getAllByTestId('message').at(-1)).toHaveAttribute('data-status', 'sent'),
    );
    const ids = uploadIds(api);
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(1);
    expect(log().getAllByTestId('message')).toHaveLength(2);
  });

  it('refuses a file over its limit before any upload, naming the limit; says a server refusal under the message', async () => {
    const api = renderConversation({
      [`POST ${ATTACHMENTS}`]: {
        status: 415,
        body: {
          error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: ATTACHMENT_MESSAGES.fileType, requestId: 'r' },
        },
      },
    });
    await screen.findByText('Message 1');
    const big = new File(['x'], 'huge.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 20 * MB + 1 });
    pickFiles(big);
    expect(await screen.findByText(ATTACHMENT_MESSAGES.fileTooLarge)).toBeVisible();
    expect(api.callsTo('POST', ATTACHMENTS)).toHaveLength(0);

    pickFiles(new File(['MZ'], 'setup.exe', { type: 'application/octet-stream' }));
    expect(await screen.findByText(`Not sent · ${ATTACHMENT_MESSAGES.fileType}`)).toBeVisible();
    // A refusal is not retried by itself.
    expect(api.callsTo('POST', ATTACHMENTS)).toHaveLength(1);
  });

  it('records a voice note and sends it with its length', async () => {
    class FakeRecorder {
      static isTypeSupported = (type: string) => type.startsWith('audio/webm');
      state: 'inactive' | 'recording' = 'inactive';
      mimeType: string;
      ondataavailable: ((event: { data: Blob }) => void) | null = null;
      onstop: (() => void) | null = null;
      constructor(_stream: MediaStream, options: { mimeType: string }) {
        this.mimeType = options.mimeType;
      }
      start() {
        this.state = 'recording';
      }
      stop() {
        this.state = 'inactive';
        this.ondataavailable?.({ data: new Blob(['voice'], { type: this.mimeType }) });
        this.onstop?.();
      }
    }
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    const original = Object.getOwnPropertyDescriptor(navigator, 'mediaDevices');
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: vi.fn(async () => ({ getTracks: () => [{ stop: () => {} }] })) },
    });
    try {
      const api = renderConversation({ [`POST ${ATTACHMENTS}`]: acceptUpload });
      await screen.findByText('Message 1');
      fireEvent.click(screen.getByRole('button', { name: 'Record a voice note' }));
      expect(await screen.findByTestId('voice-recorder')).toHaveTextContent('Recording');
      fireEvent.click(await screen.findByRole('button', { name: 'Stop and send the voice note' }));
      await waitFor(() => expect(api.callsTo('POST', ATTACHMENTS)).toHaveLength(1));
      const query = new URLSearchParams(api.callsTo('POST', ATTACHMENTS)[0]!.search);
      expect([query.get('kind'), query.get('name')]).toEqual(['voice', 'Voice note.webm']);
      expect(Number(query.get('duration_ms'))).toBeGreaterThan(0);
      await waitFor(() =>
        expect(log().getAllByTestId('message').at(-1)).toHaveAttribute('data-type', 'voice'),
      );
      expect(screen.getByRole('textbox', { name: 'Message to Lena Ortiz' })).toBeInTheDocument();
    } finally {
      if (original) Object.defineProperty(navigator, 'mediaDevices', original);
      else Reflect.deleteProperty(navigator, 'mediaDevices');
    }
  });

  it('lists an attachment as what it is', async () => {
    const last = attachmentMessage(1, 'image', { name: 'a.webp', mime: 'image/webp', size: 10 });
    renderWithProviders(<MessagesScreen conversationId={undefined} role="client" />, {
      api: {
        'GET /api/conversations': {
          body: conversationsPage([conversation({ last_message: last, last_message_at: last.created_at })]),
        },
      },
      authClient,
    });
    expect(await screen.findByText(MESSAGE_ATTACHMENT_TEXTS.preview.image)).toBeVisible();
  });
});
