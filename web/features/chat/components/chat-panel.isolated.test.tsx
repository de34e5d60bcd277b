import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHAT_EVENTS,
  CHAT_MESSAGES,
  chatAttachmentPath,
  type ChatHistory,
  type ChatMessage,
} from '#contracts/chat';
import { CHAT_QUOTA_MESSAGES } from '#domain/chat/attachment-quota';
import type { AuthClient, AuthState } from '#web/lib/auth/auth-client';
import { dispatchUserEvent, dispatchUserResync } from '#web/lib/realtime/user-events';
import { apiError, type StubHandler, type StubResponse } from '#web/test/api';
import { createToastQueue } from '#web/lib/toast-queue';
import { ChatPanel } from './chat-panel';
import { renderWithProviders } from '#web/test/render';

const COACH = '00000000-0000-4000-8000-0000000000c1';
const CLIENT = '00000000-0000-4000-8000-0000000000a1';
const ID = '00000000-0000-4000-8000-0000000000e1';
const OTHER_SESSION = '00000000-0000-4000-8000-0000000000e2';
const MESSAGES = `/api/sessions/${ID}/messages`;
const READ = `/api/sessions/${ID}/read`;
const TYPING = `/api/sessions/${ID}/typing`;
const ACCESS_TOKEN = 'test-access-token';

/** The panel reads the access token (attachments are fetched with it); nothing else of the auth client. */
const signedIn: AuthState = {
  status: 'signed_in',
  accessToken: ACCESS_TOKEN,
  expiresAt: null,
  user: null,
  endReason: null,
};
const authClient = {
  subscribe: () => () => {},
  getState: () => signedIn,
} as unknown as AuthClient;

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function message(
  seq: number,
  from: 'coach' | 'client',
  content: string,
  overrides: Partial<ChatMessage> = {},
) {
  return {
    id: uuid(100 + seq),
    session_id: ID,
    seq,
    sender_type: from,
    sender_user_id: from === 'coach' ? COACH : CLIENT,
    message_content: content,
    message_type: 'text',
    sent_at: new Date(Date.UTC(2026, 0, 5, 15, seq)).toISOString(),
    ...overrides,
  } satisfies ChatMessage;
}

function history(messages: ChatMessage[], reads = { coach: 0, client: 0 }): StubResponse {
  const body: ChatHistory = { messages, last_seq: messages.at(-1)?.seq ?? 0, reads };
  return { body };
}

const advance = (ms = 0) => act(async () => vi.advanceTimersByTimeAsync(ms));

function renderPanel(
  viewerId: string,
  routes: Record<string, StubHandler | StubResponse>,
  { ended = false }: { ended?: boolean } = {},
) {
  // The app's own toast queue: SPEC §8 says sending never shows a toast (none is even asked for).
  const toasts = createToastQueue();
  const toastShow = vi.spyOn(toasts, 'show');
  const { api, queryClient } = renderWithProviders(
    <ChatPanel
      sessionId={ID}
      viewerId={viewerId}
      mySide={viewerId === COACH ? 'coach' : 'client'}
      names={{ coach: 'Lena Ortiz', client: 'Maya Thompson' }}
      ended={ended}
    />,
    {
      api: { [`POST ${READ}`]: { status: 204 }, [`POST ${TYPING}`]: { status: 204 }, ...routes },
      authClient,
      toasts,
    },
  );
  return { api, queryClient, toastShow };
}

function event(type: string, payload: Record<string, unknown>) {
  act(() =>
    dispatchUserEvent({
      topic: `user:${CLIENT}`,
      seq: 1,
      type,
      payload,
      created_at: new Date().toISOString(),
    }),
  );
}

const bubbles = () => screen.queryAllByTestId('chat-message').map((row) => row.textContent ?? '');
const composer = () => screen.getByRole('textbox', { name: 'Message to Lena Ortiz' });
function type(text: string) {
  fireEvent.change(composer(), { target: { value: text } });
}
const pressEnter = (shiftKey = false) => fireEvent.keyDown(composer(), { key: 'Enter', shiftKey });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ChatPanel', () => {
  it('loads the history oldest first, in a labelled log, mine and theirs apart, with sender names', async () => {
    renderPanel(CLIENT, {
      [`GET ${MESSAGES}`]: history([
        message(1, 'coach', 'Hi Maya, how are you?'),
        message(2, 'client', 'Tired, honestly.'),
        message(3, 'coach', 'Let us start there.'),
      ]),
    });
    await advance();
    const log = screen.getByRole('log', { name: 'Messages with Lena Ortiz' });
    expect(log).toHaveAttribute('aria-live', 'polite');
    const rows = within(log).getAllByTestId('chat-message');
    expect(rows.map((row) => row.dataset.mine)).toEqual(['false', 'true', 'false']);
    expect(rows[0]).toHaveTextContent('Lena Ortiz');
    expect(rows[0]).toHaveTextContent('Hi Maya, how are you?');
    expect(rows[1]).toHaveTextContent('You');
    expect(rows[1]).toHaveTextContent('Tired, honestly.');
    expect(rows[2]).toHaveTextContent('Let us start there.');
  });

  it('shows the empty state, and a message sent optimistically as "Sending…" until the server confirms it; no duplicate from the event', async () => {
    let release: (value: StubResponse) => void = () => {};
    const { api } = renderPanel(CLIENT, {
      [`GET ${MESSAGES}`]: history([]),
      [`POST ${MESSAGES}`]: () => new Promise<StubResponse>((resolve) => (release = resolve)),
    });
    await advance();
    expect(screen.getByText('Say hello — messages appear here.')).toBeInTheDocument();

    type('Hello there');
    pressEnter();
    await advance();
    expect(bubbles()).toHaveLength(1);
    expect(bubbles()[0]).toContain('Hello there');
    expect(bubbles()[0]).toContain('Sending…');
    expect(composer()).toHaveValue('');
    const sent = api.callsTo('POST', MESSAGES);
    expect(sent).toHaveLength(1);
    const { id, content } = sent[0]!.body as { id: string; content: string };
    expect(content).toBe('Hello there');

    const confirmed = message(1, 'client', 'Hello there', { id });
    // The event may arrive before the POST answer: still one message.
    event(CHAT_EVENTS.messageCreated, { message: confirmed });
    release({ status: 201, body: { message: confirmed } });
    await advance();
    expect(bubbles()).toHaveLength(1);
    expect(bubbles()[0]).not.toContain('Sending…');
    expect(screen.queryByText('Say hello — messages appear here.')).toBeNull();
  });

  it('Shift+Enter does not send; blank text is not sent', async () => {
    const { api } = renderPanel(CLIENT, { [`GET ${MESSAGES}`]: history([]) });
    await advance();
    type('   ');
    pressEnter();
    type('line one');
    pressEnter(true);
    await advance();
    expect(api.callsTo('POST', MESSAGES)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it('a failed send shows "Not sent — Retry"; Retry posts the same id and the message is confirmed once', async () => {
    let fail = true;
    const { api } = renderPanel(CLIENT, {
      [`GET ${MESSAGES}`]: history([]),
      [`POST ${MESSAGES}`]: ({ body }) => {
        if (fail) return apiError(503, 'SERVICE_UNAVAILABLE', 'Try again in a moment.');
        const { id, content } = body as { id: string; content: string };
        return { status: 200, body: { message: message(1, 'client', content, { id }) } };
      },
    });
    await advance();
    type('Are you there?');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await advance();
    expect(bubbles()[0]).toContain('Not sent — Retry');

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await advance();
    const posts = api.callsTo('POST', MESSAGES);
    expect(posts).toHaveLength(2);
    expect((posts[1]!.body as { id: string }).id).toBe((posts[0]!.body as { id: string }).id);
    expect((posts[1]!.body as { content: string }).content).toBe('Are you there?');
    expect(bubbles()).toHaveLength(1);
    expect(bubbles()[0]).not.toContain('Not sent');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('live messages of this session are added in seq order; another session’s event is ignored', async () => {
    renderPanel(CLIENT, { [`GET ${MESSAGES}`]: history([message(1, 'coach', 'First')]) });
    await advance();
    event(CHAT_EVENTS.messageCreated, { message: message(3, 'coach', 'Third') });
    event(CHAT_EVENTS.messageCreated, { message: message(2, 'coach', 'Second') });
    event(CHAT_EVENTS.messageCreated, {
      message: message(4, 'coach', 'Elsewhere', { session_id: OTHER_SESSION, id: uuid(999) }),
    });
    await advance();
    expect(bubbles().map((text) => /First|Second|Third|Elsewhere/.exec(text)?.[0])).toEqual([
      'First',
      'Second',
      'Third',
    ]);
  });

  it('a resync refetches only what came after the last seq held', async () => {
    const { api } = renderPanel(CLIENT, {
      [`GET ${MESSAGES}`]: ({ url }) =>
        url.searchParams.get('after_seq') === '2'
          ? history([message(3, 'coach', 'Missed one')])
          : history([message(1, 'coach', 'One'), message(2, 'client', 'Two')]),
    });
    await advance();
    act(() => dispatchUserResync());
    await advance();
    const gets = api.callsTo('GET', MESSAGES);
    expect(gets.map((call) => new URLSearchParams(call.search).get('after_seq'))).toEqual(['0', '2']);
    expect(bubbles()).toHaveLength(3);
    expect(bubbles()[2]).toContain('Missed one');
  });

  it('a completed session keeps its history readable and has no composer', async () => {
    renderPanel(
      CLIENT,
      { [`GET ${MESSAGES}`]: history([message(1, 'coach', 'Take care')]) },
      { ended: true },
    );
    await advance();
    expect(bubbles()[0]).toContain('Take care');
    expect(screen.getByText('This session has ended')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });

  it('marks the other party’s messages read (highest seq, at most every second) and shows "Seen" once they read mine', async () => {
    const { api } = renderPanel(CLIENT, {
      [`GET ${MESSAGES}`]: history([message(1, 'coach', 'Hello'), message(2, 'client', 'Hi!')], {
        coach: 1,
        client: 0,
      }),
    });
    await advance();
    expect(api.callsTo('POST', READ).map((call) => call.body)).toEqual([{ seq: 2 }]);
    expect(screen.queryByText(/Seen/)).toBeNull();

    // Two more from the coach within the second: one read, sent when the second is over.
    event(CHAT_EVENTS.messageCreated, { message: message(3, 'coach', 'How was the week?') });
    await advance(100);
    event(CHAT_EVENTS.messageCreated, { message: message(4, 'coach', 'Take your time.') });
    await advance(100);
    expect(api.callsTo('POST', READ)).toHaveLength(1);
    await advance(1000);
    expect(api.callsTo('POST', READ).map((call) => call.body)).toEqual([{ seq: 2 }, { seq: 4 }]);

    // The coach read my message (seq 2): "Seen" under it.
    event(CHAT_EVENTS.messageRead, { session_id: ID, user_id: COACH, seq: 2 });
    await advance();
    const rows = screen.getAllByTestId('chat-message');
    expect(rows[1]).toHaveTextContent('Seen');
    expect(screen.getAllByText(/Seen/)).toHaveLength(1);
  });

  it('shows a counter near the 4000-character limit', async () => {
    renderPanel(CLIENT, { [`GET ${MESSAGES}`]: history([]) });
    await advance();
    type('a'.repeat(100));
    expect(screen.queryByText(/\/4000 characters/)).toBeNull();
    type('a'.repeat(3900));
    expect(screen.getByText('3900/4000 characters')).toBeInTheDocument();
  });
});

// ---- typing, pictures, files and voice notes

const ATTACHMENTS = `/api/sessions/${ID}/attachments`;
const MB = 1024 * 1024;

function attachmentMessage(
  seq: number,
  from: 'coach' | 'client',
  kind: 'image' | 'file' | 'voice',
  attachment: { name: string; mime: string; size: number; duration_ms?: number | null },
  overrides: Partial<ChatMessage> = {},
): ChatMessage {
  const base = message(seq, from, '', { message_type: kind, ...overrides });
  return {
    ...base,
    attachment: { duration_ms: null, ...attachment, url: chatAttachmentPath(ID, base.id) },
  };
}

/** Answers an attachment upload with the message the server would make of it. */
function acceptUpload(seq = 1): StubHandler {
  return ({ url }) => {
    const query = url.searchParams;
    const kind = query.get('kind') as 'image' | 'file' | 'voice';
    const duration = query.get('duration_ms');
    return {
      status: 201,
      body: {
        message: attachmentMessage(
          seq,
          'client',
          kind,
          {
            name: kind === 'image' ? 'garden.webp' : (query.get('name') ?? 'file'),
            mime: kind === 'image' ? 'image/webp' : kind === 'voice' ? 'audio/webm' : 'application/pdf',
            size: 1234,
            duration_ms: duration ? Number(duration) : null,
          },
          { id: query.get('id')! },
        ),
      },
    };
  };
}

function pickFiles(...files: File[]) {
  fireEvent.change(screen.getByTestId('chat-file-input'), { target: { files } });
}

/** The composer's alerts (the toast viewport has an empty alert region of its own). */
const alerts = () =>
  screen
    .getAllByRole('alert')
    .map((region) => region.textContent ?? '')
    .join('');

const headerOf = (init: RequestInit | undefined, name: string) =>
  (init?.headers as Record<string, string> | undefined)?.[name];

describe('ChatPanel: typing', () => {
  it('shows "<Name> is typing…" in a polite live region for 5 s after the last event, only for this session and the other party', async () => {
    renderPanel(CLIENT, { [`GET ${MESSAGES}`]: history([message(1, 'coach', 'Hi')]) });
    await advance();
    const live = screen.getByTestId('chat-typing');
    expect(live).toHaveAttribute('aria-live', 'polite');
    expect(live).toBeEmptyDOMElement();
    const typing = (user_id: string, session_id = ID, at = new Date().toISOString()) =>
      event(CHAT_EVENTS.typing, { session_id, user_id, at });

    typing(CLIENT);
    typing(COACH, OTHER_SESSION);
    // A replay of an old event (after a reconnect) is not someone typing now.
    typing(COACH, ID, new Date(Date.now() - 5 * 60_000).toISOString());
    expect(live).toBeEmptyDOMElement();

    typing(COACH);
    expect(live).toHaveTextContent('Lena Ortiz is typing…');
    await advance(4_000);
    typing(COACH);
    await advance(4_000);
    expect(live).toHaveTextContent('Lena Ortiz is typing…');
    await advance(1_000);
    expect(live).toBeEmptyDOMElement();
  });

  it('hides it when their message arrives', async () => {
    renderPanel(CLIENT, { [`GET ${MESSAGES}`]: history([message(1, 'coach', 'Hi')]) });
    await advance();
    event(CHAT_EVENTS.typing, { session_id: ID, user_id: COACH, at: new Date().toISOString() });
    expect(screen.getByTestId('chat-typing')).toHaveTextContent('Lena Ortiz is typing…');
    event(CHAT_EVENTS.messageCreated, { message: message(2, 'coach', 'How are you?') });
    await advance();
    expect(screen.getByTestId('chat-typing')).toBeEmptyDOMElement();
  });

  it('tells the other party at most once every 3 s while I type, and again after I send', async () => {
    const { api } = renderPanel(CLIENT, {
      [`GET ${MESSAGES}`]: history([]),
      [`POST ${MESSAGES}`]: ({ body }) => {
        const { id, content } = body as { id: string; content: string };
        return { status: 201, body: { message: message(1, 'client', content, { id }) } };
      },
    });
    await advance();
    type('H');
    type('He');
    await advance(2_900);
    type('Hel');
    expect(api.callsTo('POST', TYPING)).toHaveLength(1);
    await advance(100);
    type('Hell');
    expect(api.callsTo('POST', TYPING)).toHaveLength(2);
    // Clearing the box is not typing.
    await advance(3_000);
    type('');
    expect(api.callsTo('POST', TYPING)).toHaveLength(2);
    type('Hello');
    pressEnter();
    await advance();
    type('A');
    expect(api.callsTo('POST', TYPING)).toHaveLength(4);
  });
});

describe('ChatPanel: pictures and files', () => {
  it('sends a picture as an image with the token, shows it while it uploads and after, and shows no toast', async () => {
    let release: (value: StubResponse) => void = () => {};
    const accept = acceptUpload();
    const { api, toastShow } = renderPanel(CLIENT, {
      [`GET ${MESSAGES}`]: history([]),
      [`POST ${ATTACHMENTS}`]: (request) =>
        new Promise<StubResponse>((resolve) => (release = () => resolve(accept(request) as StubResponse))),
    });
    await advance();
    const picture = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'garden.png', { type: 'image/png' });
    pickFiles(picture);
    await advance();
    const upload = api.callsTo('POST', ATTACHMENTS);
    expect(upload).toHaveLength(1);
    const query = new URLSearchParams(upload[0]!.search);
    expect(query.get('kind')).toBe('image');
    expect(query.get('name')).toBe('garden.png');
    expect(query.get('id')).toMatch(/^[0-9a-f-]{36}$/);
    const init = api.fetch.mock.calls.find(([input]) => String(input).startsWith(ATTACHMENTS))?.[1];
    expect(headerOf(init, 'authorization')).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(init?.body).toBe(picture);
    expect(bubbles()[0]).toContain('Sending…');
    expect(screen.getByTestId('chat-image')).toHaveAttribute('src', expect.stringMatching(/^blob:/));

    release({});
    await advance();
    const rows = screen.getAllByTestId('chat-message');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveAttribute('data-type', 'image');
    expect(rows[0]).not.toHaveTextContent('Sending…');
    // Shown from the sender's own copy: nothing is downloaded.
    expect(screen.getByRole('img', { name: 'garden.webp' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    expect(api.calls.filter((call) => call.method === 'GET' && call.path.endsWith('/attachment'))).toEqual(
      [],
    );
    expect(toastShow).not.toHaveBeenCalled();
  });

  it('sends other files as files, one message each; refuses one over its limit before uploading, naming the limit', async () => {
    let seq = 0;
    const { api, toastShow } = renderPanel(CLIENT, {
      [`GET ${MESSAGES}`]: history([]),
      [`POST ${ATTACHMENTS}`]: (request) => acceptUpload((seq += 1))(request),
    });
    await advance();
    const big = new File(['x'], 'huge.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 20 * MB + 1 });
    pickFiles(big);
    await advance();
    expect(alerts()).toContain(CHAT_MESSAGES.fileTooLarge);
    const bigPicture = new File(['x'], 'huge.jpg', { type: 'image/jpeg' });
    Object.defineProperty(bigPicture, 'size', { value: 10 * MB + 1 });
    pickFiles(bigPicture);
    await advance();
    expect(alerts()).toContain(CHAT_MESSAGES.imageTooLarge);
    expect(api.callsTo('POST', ATTACHMENTS)).toHaveLength(0);

    pickFiles(
      new File(['%PDF-1.4'], 'plan.pdf', { type: 'application/pdf' }),
      new File(['notes'], 'notes.txt', { type: 'text/plain' }),
    );
    await advance();
    expect(alerts()).toBe('');
    const uploads = api.callsTo('POST', ATTACHMENTS).map((call) => new URLSearchParams(call.search));
    expect(uploads.map((query) => [query.get('kind'), query.get('name')])).toEqual([
      ['file', 'plan.pdf'],
      ['file', 'notes.txt'],
    ]);
    const rows = screen.getAllByTestId('chat-message');
    expect(rows.map((row) => row.dataset.type)).toEqual(['file', 'file']);
    expect(rows[0]).toHaveTextContent('plan.pdf');
    expect(rows[0]).toHaveTextContent('PDF · 1 KB');
    expect(screen.getByRole('button', { name: 'Download plan.pdf' })).toBeInTheDocument();
    expect(toastShow).not.toHaveBeenCalled();
  });

  it('a failed upload shows the server’s words and Retry sends the same id and bytes', async () => {
    let fail = true;
    const accept = acceptUpload();
    const { api } = renderPanel(CLIENT, {
      [`GET ${MESSAGES}`]: history([]),
      [`POST ${ATTACHMENTS}`]: (request) =>
        fail ? apiError(415, 'UNSUPPORTED_MEDIA_TYPE', CHAT_MESSAGES.fileType) : accept(request),
    });
    await advance();
    pickFiles(new File(['MZ'], 'tool.exe', { type: 'application/octet-stream' }));
    await advance();
    expect(bubbles()[0]).toContain('Not sent — Retry');
    expect(screen.getByText('Not sent —', { exact: false })).toHaveAttribute('title', CHAT_MESSAGES.fileType);
    // The reason is shown, not only in a tooltip.
    expect(screen.getByTestId('chat-send-error')).toHaveTextContent(CHAT_MESSAGES.fileType);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await advance();
    const ids = api.callsTo('POST', ATTACHMENTS).map((call) => new URLSearchParams(call.search).get('id'));
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
    expect(bubbles()).toHaveLength(1);
    expect(bubbles()[0]).not.toContain('Not sent');
    expect(screen.queryByTestId('chat-send-error')).toBeNull();
  });

  it('a refused upload over the quota shows the quota’s words on the failed bubble', async () => {
    renderPanel(CLIENT, {
      [`GET ${MESSAGES}`]: history([]),
      [`POST ${ATTACHMENTS}`]: () => apiError(413, 'PAYLOAD_TOO_LARGE', CHAT_QUOTA_MESSAGES.personSession),
    });
    await advance();
    pickFiles(new File(['%PDF-1.4'], 'big.pdf', { type: 'application/pdf' }));
    await advance();
    expect(bubbles()[0]).toContain('Not sent — Retry');
    expect(screen.getByTestId('chat-send-error')).toHaveTextContent(CHAT_QUOTA_MESSAGES.personSession);
  });

  it('shows a received picture fetched with the token, opens it full size, and downloads a received file under its name', async () => {
    const image = attachmentMessage(1, 'coach', 'image', {
      name: 'breathing.webp',
      mime: 'image/webp',
      size: 2048,
    });
    const file = attachmentMessage(2, 'coach', 'file', {
      name: 'Sleep plan.pdf',
      mime: 'application/pdf',
      size: 3 * MB,
    });
    const { api } = renderPanel(CLIENT, {
      [`GET ${MESSAGES}`]: history([image, file]),
      [`GET ${image.attachment!.url}`]: { body: 'image bytes', headers: { 'content-type': 'image/webp' } },
      [`GET ${file.attachment!.url}`]: { body: 'pdf bytes', headers: { 'content-type': 'application/pdf' } },
    });
    await advance();
    await advance();
    // happy-dom reads a response body on a timer.
    await advance(10);
    const imageCall = api.fetch.mock.calls.find(([input]) => String(input) === image.attachment!.url);
    expect(headerOf(imageCall?.[1], 'authorization')).toBe(`Bearer ${ACCESS_TOKEN}`);
    const thumbnail = screen.getByRole('img', { name: 'breathing.webp' });
    expect(thumbnail).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    // Files are fetched only when asked for.
    expect(api.callsTo('GET', file.attachment!.url)).toHaveLength(0);
    expect(screen.getByText('PDF · 3.0 MB')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Open the image breathing.webp full size' }));
    await advance();
    const dialog = screen.getByRole('dialog', { name: 'breathing.webp' });
    expect(within(dialog).getByRole('img', { name: 'breathing.webp' })).toHaveAttribute(
      'src',
      thumbnail.getAttribute('src'),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await advance();
    expect(screen.queryByRole('dialog')).toBeNull();

    const saved: { download: string; href: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ download: this.download, href: this.href });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Download Sleep plan.pdf' }));
    await advance();
    expect(api.callsTo('GET', file.attachment!.url)).toHaveLength(1);
    expect(saved).toEqual([{ download: 'Sleep plan.pdf', href: expect.stringMatching(/^blob:/) }]);
    click.mockRestore();
  });
});

describe('ChatPanel: voice notes', () => {
  const originalMediaDevices = Object.getOwnPropertyDescriptor(navigator, 'mediaDevices');
  let stopped: number;

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

  function microphone(answer: 'allow' | 'deny') {
    stopped = 0;
    const stream = { getTracks: () => [{ stop: () => (stopped += 1) }] };
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: {
        getUserMedia: vi.fn(async () => {
          if (answer === 'deny') throw new DOMException('Permission denied', 'NotAllowedError');
          return stream;
        }),
      },
    });
  }

  afterEach(() => {
    if (originalMediaDevices) Object.defineProperty(navigator, 'mediaDevices', originalMediaDevices);
    else Reflect.deleteProperty(navigator, 'mediaDevices');
  });

  it('records with the elapsed time, sends it as a voice note with its length, plays it inline, and shows no toast', async () => {
    microphone('allow');
    const { api, toastShow } = renderPanel(CLIENT, {
      [`GET ${MESSAGES}`]: history([]),
      [`POST ${ATTACHMENTS}`]: acceptUpload(),
    });
    await advance();
    fireEvent.click(screen.getByRole('button', { name: 'Record a voice note' }));
    await advance();
    expect(screen.getByTestId('voice-recorder')).toHaveTextContent('Recording');
    await advance(3_000);
    expect(screen.getByTestId('voice-elapsed')).toHaveTextContent('0:03 / 5:00');
    fireEvent.click(screen.getByRole('button', { name: 'Stop and send the voice note' }));
    await advance();
    expect(stopped).toBe(1);
    const uploads = api.callsTo('POST', ATTACHMENTS).map((call) => new URLSearchParams(call.search));
    expect(uploads.map((query) => [query.get('kind'), query.get('name'), query.get('duration_ms')])).toEqual([
      ['voice', 'Voice note.webm', '3000'],
    ]);
    const row = screen.getByTestId('chat-message');
    expect(row).toHaveAttribute('data-type', 'voice');
    expect(row).toHaveTextContent('Voice note · 0:03');
    expect(screen.getByTestId('chat-voice')).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    expect(screen.getByTestId('chat-voice')).toHaveAttribute('controls');
    expect(toastShow).not.toHaveBeenCalled();
  });

  it('a deleted recording sends nothing and frees the microphone; a refused microphone explains how to allow it', async () => {
    microphone('allow');
    const { api } = renderPanel(CLIENT, { [`GET ${MESSAGES}`]: history([]) });
    await advance();
    fireEvent.click(screen.getByRole('button', { name: 'Record a voice note' }));
    await advance(1_000);
    fireEvent.click(screen.getByRole('button', { name: 'Delete the recording' }));
    await advance();
    expect(stopped).toBe(1);
    expect(api.callsTo('POST', ATTACHMENTS)).toHaveLength(0);
    expect(screen.queryByTestId('voice-recorder')).toBeNull();
    expect(composer()).toBeInTheDocument();

    microphone('deny');
    fireEvent.click(screen.getByRole('button', { name: 'Record a voice note' }));
    await advance();
    expect(alerts()).toContain('Microphone access is blocked.');
    expect(api.callsTo('POST', ATTACHMENTS)).toHaveLength(0);
  });

  it('has no record button where the browser cannot record', async () => {
    renderPanel(CLIENT, { [`GET ${MESSAGES}`]: history([]) });
    await advance();
    expect(screen.queryByRole('button', { name: 'Record a voice note' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Attach a picture or file' })).toBeInTheDocument();
  });
});
