import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_EVENTS, type ChatHistory, type ChatMessage } from '../../../../contracts/chat';
import { dispatchUserEvent, dispatchUserResync } from '../../../lib/realtime/user-events';
import { apiError, stubApi, type StubHandler, type StubResponse } from '../../../lib/testing/stub-api';
import { ChatPanel } from './chat-panel';

const COACH = '00000000-0000-4000-8000-0000000000c1';
const CLIENT = '00000000-0000-4000-8000-0000000000a1';
const ID = '00000000-0000-4000-8000-0000000000e1';
const OTHER_SESSION = '00000000-0000-4000-8000-0000000000e2';
const MESSAGES = `/api/sessions/${ID}/messages`;
const READ = `/api/sessions/${ID}/read`;

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
  const api = stubApi({ [`POST ${READ}`]: { status: 204 }, ...routes });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ChatPanel
        sessionId={ID}
        viewerId={viewerId}
        mySide={viewerId === COACH ? 'coach' : 'client'}
        names={{ coach: 'Lena Ortiz', client: 'Maya Thompson' }}
        ended={ended}
      />
    </QueryClientProvider>,
  );
  return { api, queryClient };
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
