import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGE_EVENTS, MESSAGE_MAX, MESSAGE_TEXTS, type InquiryMessage } from '#contracts/messages';
import { dispatchUserEvent } from '#web/lib/realtime/user-events';
import type { StubRoutes } from '#web/test/api';
import { buildMe } from '#web/test/fixtures/auth';
import {
  CONVERSATION_ID,
  conversation,
  conversationsPage,
  inquiryMessage,
  messagesPage,
  ownMessage,
} from '#web/test/fixtures/messages';
import { renderApp } from '#web/test/render-app';

/* /messages, /client-chat, /chat and /chat/:id in the real route table (guard, layout, lazy route). */

const OTHER_ID = '88888888-8888-4888-8888-888888888802';
const THIRD_ID = '88888888-8888-4888-8888-888888888803';
const BASE = `/api/conversations/${CONVERSATION_ID}`;

const client = () => buildMe();
const coach = () => buildMe({ roles: ['coach'], active_role: 'coach' });

function openApp(at: string, me: ReturnType<typeof buildMe>, extra: StubRoutes) {
  return renderApp({
    at,
    me,
    extra: { 'GET /api/sessions/active': { body: { session: null } }, ...extra },
  });
}

const event = (type: string, payload: Record<string, unknown>, seq = 1) => ({
  topic: 'user:x',
  seq,
  type,
  payload,
  created_at: '2026-11-21T10:00:00.000Z',
});

const list = async () => within(await screen.findByTestId('conversation-list', {}, { timeout: 10_000 }));

describe('the list of conversations', () => {
  it('shows each conversation newest first with its last message and unread count, and loads more', async () => {
    const lena = conversation({
      last_message: inquiryMessage(3, { content: 'See you\non Monday' }),
      last_message_at: inquiryMessage(3).created_at,
      unread_count: 2,
    });
    const sam = conversation({
      id: OTHER_ID,
      coach: { user_id: null, name: 'Sam Rivera', avatar_url: null, username: 'sam' },
      last_message: ownMessage(1, { conversation_id: OTHER_ID, content: 'Thank you!' }),
      last_message_at: ownMessage(1).created_at,
    });
    const ada = conversation({
      id: THIRD_ID,
      coach: { user_id: null, name: 'Ada Brooks', avatar_url: null, username: 'ada' },
      last_message: inquiryMessage(1, { conversation_id: THIRD_ID, content: 'Welcome' }),
      last_message_at: inquiryMessage(1).created_at,
    });
    const { api } = openApp('/messages', client(), {
      'GET /api/conversations': ({ url }) =>
        url.searchParams.get('cursor') === 'page-2'
          ? { body: conversationsPage([ada]) }
          : { body: conversationsPage([lena, sam], { next_cursor: 'page-2' }) },
    });
    const rows = await list();
    expect(screen.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    const links = rows.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      `/chat/${CONVERSATION_ID}`,
      `/chat/${OTHER_ID}`,
    ]);
    expect(links[0]).toHaveTextContent('Lena Ortiz');
    expect(links[0]).toHaveTextContent('See you on Monday');
    expect(links[0]).toHaveTextContent('2 unread messages');
    expect(links[1]).toHaveTextContent('You: Thank you!');
    expect(links[1]).not.toHaveTextContent('unread');
    // The initials stand in for a missing picture.
    expect(within(links[0]!).getByText('LO')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await rows.findByText('Ada Brooks')).toBeVisible();
    expect(api.callsTo('GET', '/api/conversations').at(-1)?.search).toBe('?cursor=page-2');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Choose a conversation' })).toBeInTheDocument();
    expect(document.title).toBe('Messages · Wellspring');
  });

  it('tells a client without conversations to find a coach', async () => {
    openApp('/client-chat', client(), { 'GET /api/conversations': { body: conversationsPage([]) } });
    expect(
      await screen.findByRole('heading', { name: 'No messages yet' }, { timeout: 10_000 }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Find a coach' })).toHaveAttribute('href', '/discover');
    // Nothing to choose: the empty side does not ask to choose a conversation.
    expect(screen.getByText('Your conversations will open here.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Choose a conversation' })).toBeNull();
  });

  it('tells a coach that clients’ messages appear here', async () => {
    openApp('/messages', coach(), { 'GET /api/conversations': { body: conversationsPage([]) } });
    expect(
      await screen.findByText(
        /When clients write to you between sessions, their messages appear here/,
        {},
        {
          timeout: 10_000,
        },
      ),
    ).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Find a coach' })).toBeNull();
  });

  it('offers Try again when the list does not load', async () => {
    let fail = true;
    openApp('/chat', client(), {
      'GET /api/conversations': () =>
        fail
          ? { status: 500, body: { error: { code: 'INTERNAL_ERROR', message: 'Failed', requestId: 'r' } } }
          : { body: conversationsPage([]) },
    });
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 10_000 });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('heading', { name: 'No messages yet' })).toBeVisible();
  });
});

/** The conversation with Lena: messages 3 and 4 first (older ones before), what the client sent after. */
function conversationRoutes(options: { post?: StubRoutes[string] } = {}) {
  const sent: InquiryMessage[] = [];
  const routes: StubRoutes = {
    'GET /api/conversations': { body: conversationsPage([conversation()]) },
    [`GET ${BASE}`]: { body: { conversation: conversation() } },
    [`GET ${BASE}/messages`]: ({ url }) =>
      url.searchParams.get('before_seq') === '3'
        ? { body: messagesPage([inquiryMessage(1, { content: 'Hello Maya' }), ownMessage(2)]) }
        : {
            body: messagesPage(
              [inquiryMessage(3), inquiryMessage(4, { content: 'How are you?' }), ...sent],
              true,
            ),
          },
    [`POST ${BASE}/messages`]:
      options.post ??
      (({ body }) => {
        const input = body as { id: string; content: string };
        const message = ownMessage(5 + sent.length, { id: input.id, content: input.content });
        sent.push(message);
        return { status: 201, body: { message } };
      }),
    [`POST ${BASE}/read`]: { status: 204 },
  };
  return routes;
}

const log = async () =>
  within(await screen.findByRole('region', { name: 'Messages with Lena Ortiz' }, { timeout: 10_000 }));
const messageTexts = (region: { getAllByTestId: (id: string) => HTMLElement[] }) =>
  region.getAllByTestId('message').map((item) => item.querySelector('p')?.textContent);

describe('a conversation', () => {
  it('shows the history oldest first, loads earlier messages, and marks everything read', async () => {
    const { api } = openApp(`/chat/${CONVERSATION_ID}`, client(), conversationRoutes());
    const region = await log();
    expect(await region.findByText('How are you?')).toBeVisible();
    expect(messageTexts(region)).toEqual(['Message 3', 'How are you?']);
    expect(screen.getByRole('heading', { level: 2, name: 'Lena Ortiz' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Lena Ortiz' })).toHaveAttribute('href', '/coach/lena-ortiz');
    expect(screen.getByRole('link', { name: 'Back to messages' })).toHaveAttribute('href', '/messages');
    await waitFor(() =>
      expect(api.callsTo('POST', `${BASE}/read`).map((call) => call.body)).toEqual([{ seq: 4 }]),
    );

    await userEvent.click(region.getByRole('button', { name: 'Load earlier messages' }));
    await waitFor(() =>
      expect(messageTexts(region)).toEqual(['Hello Maya', 'Message 2', 'Message 3', 'How are you?']),
    );
    expect(api.callsTo('GET', `${BASE}/messages`).at(-1)?.search).toBe('?before_seq=3');
    expect(region.queryByRole('button', { name: 'Load earlier messages' })).toBeNull();
    // The button had the focus; with nothing more above, the log it was in takes it.
    expect(screen.getByRole('region', { name: 'Messages with Lena Ortiz' })).toHaveFocus();
  });

  it('sends {id, content} and shows the message at once as Sending…, then sent; a live event adds it once', async () => {
    let answer: (() => void) | undefined;
    const routes = conversationRoutes();
    const post = routes[`POST ${BASE}/messages`] as Extract<
      StubRoutes[string],
      (...args: never[]) => unknown
    >;
    routes[`POST ${BASE}/messages`] = (request) =>
      new Promise((resolve) => {
        answer = () => resolve(post(request));
      });
    const { api } = openApp(`/chat/${CONVERSATION_ID}`, client(), routes);
    const region = await log();
    await region.findByText('How are you?');
    const box = screen.getByLabelText('Message to Lena Ortiz');
    expect(screen.getByText(`0/${MESSAGE_MAX} characters`)).toBeVisible();
    const user = userEvent.setup();
    await user.type(box, 'Hello Lena');
    expect(screen.getByText(`10/${MESSAGE_MAX} characters`)).toBeVisible();
    await user.keyboard('{Enter}');

    // Shown at once, the box emptied, Send off while it is on its way.
    const sending = await region.findByText('Hello Lena');
    expect(within(sending.closest('li')!).getByText('Sending…')).toBeVisible();
    expect(box).toHaveValue('');
    await user.type(box, 'More');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await waitFor(() => expect(answer).toBeDefined());
    const [call] = api.callsTo('POST', `${BASE}/messages`);
    const body = call!.body as { id: string; content: string };
    expect(body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), content: 'Hello Lena' });
    act(() => answer!());
    await waitFor(() => expect(region.queryByText('Sending…')).toBeNull());
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();

    // The sender's own event for the same message, then the coach's answer twice: each once.
    const mine = ownMessage(5, { id: body.id, content: 'Hello Lena' });
    const reply = inquiryMessage(6, { content: 'Good to hear from you' });
    act(() => {
      dispatchUserEvent(event(MESSAGE_EVENTS.created, { message: mine }));
      dispatchUserEvent(event(MESSAGE_EVENTS.created, { message: reply }, 2));
      dispatchUserEvent(event(MESSAGE_EVENTS.created, { message: reply }, 2));
    });
    expect(await region.findByText('Good to hear from you')).toBeVisible();
    expect(messageTexts(region)).toEqual([
      'Message 3',
      'How are you?',
      'Hello Lena',
      'Good to hear from you',
    ]);
    expect(screen.getByTestId('incoming-announcement')).toHaveTextContent(
      'New message from Lena Ortiz: Good to hear from you',
    );
    // The new message is read at once while the conversation is on screen.
    await waitFor(() => expect(api.callsTo('POST', `${BASE}/read`).at(-1)?.body).toEqual({ seq: 6 }));
  });

  it('shows "Read" under the client’s last message once the coach has read it', async () => {
    const routes = conversationRoutes();
    routes[`GET ${BASE}/messages`] = {
      body: messagesPage([inquiryMessage(1), ownMessage(2, { content: 'Hi' })]),
    };
    routes[`GET ${BASE}`] = {
      body: { conversation: conversation({ read: { coach_seq: 1, client_seq: 2 } }) },
    };
    openApp(`/chat/${CONVERSATION_ID}`, client(), routes);
    const region = await log();
    const mine = (await region.findByText('Hi')).closest('li')!;
    expect(within(mine).queryByText(/Read/)).toBeNull();
    act(() =>
      dispatchUserEvent(
        event(MESSAGE_EVENTS.read, {
          conversation_id: CONVERSATION_ID,
          read: { coach_seq: 2, client_seq: 2 },
        }),
      ),
    );
    expect(await within(mine).findByText(/Read/)).toBeVisible();
  });

  it('counts characters, breaks lines with Shift+Enter and refuses more than 500', async () => {
    const { api } = openApp(`/chat/${CONVERSATION_ID}`, client(), conversationRoutes());
    await (await log()).findByText('How are you?');
    const box = screen.getByLabelText('Message to Lena Ortiz');
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    const user = userEvent.setup();
    await user.type(box, 'One{Shift>}{Enter}{/Shift}Two');
    expect(box).toHaveValue('One\nTwo');
    expect(api.callsTo('POST', `${BASE}/messages`)).toHaveLength(0);

    fireEvent.change(box, { target: { value: 'x'.repeat(MESSAGE_MAX + 1) } });
    expect(screen.getByText(`${MESSAGE_MAX + 1}/${MESSAGE_MAX} characters`)).toBeVisible();
    expect(screen.getByText(MESSAGE_TEXTS.tooLong)).toBeVisible();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(send).toBeDisabled();
    await user.type(box, '{Enter}');
    expect(api.callsTo('POST', `${BASE}/messages`)).toHaveLength(0);

    fireEvent.change(box, { target: { value: 'x'.repeat(MESSAGE_MAX) } });
    expect(screen.queryByText(MESSAGE_TEXTS.tooLong)).toBeNull();
    expect(send).toBeEnabled();
  });

  it('says when a conversation cannot be found', async () => {
    openApp(`/chat/${CONVERSATION_ID}`, client(), {
      'GET /api/conversations': { body: conversationsPage([]) },
      [`GET ${BASE}`]: {
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: MESSAGE_TEXTS.notFound, requestId: 'r' } },
      },
    });
    expect(
      await screen.findByRole('heading', { name: MESSAGE_TEXTS.notFound }, { timeout: 10_000 }),
    ).toBeVisible();
    expect(screen.getAllByRole('link', { name: 'Back to messages' }).at(-1)).toHaveAttribute(
      'href',
      '/messages',
    );
  });
});
