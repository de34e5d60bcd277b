import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGE_EVENTS } from '#contracts/messages';
import { dispatchUserEvent } from '#web/lib/realtime/user-events';
import {
  COACH_USER_ID,
  CONVERSATION_ID,
  conversation,
  conversationsPage,
  inquiryMessage,
  messagesPage,
} from '#web/test/fixtures/messages';
import { USER_ID } from '#web/test/fixtures/auth';
import { renderWithProviders } from '#web/test/render';
import { MessagesScreen } from './messages-screen';

const BASE = `/api/conversations/${CONVERSATION_ID}`;

function renderConversation(overrides: Parameters<typeof conversation>[0] = {}) {
  const { api } = renderWithProviders(<MessagesScreen conversationId={CONVERSATION_ID} role="client" />, {
    api: {
      'GET /api/conversations': { body: conversationsPage([conversation(overrides)]) },
      [`GET ${BASE}`]: { body: { conversation: conversation(overrides) } },
      [`GET ${BASE}/messages`]: { body: messagesPage([inquiryMessage(1, { content: 'Hello Maya' })]) },
      [`POST ${BASE}/read`]: { status: 204 },
      [`POST ${BASE}/typing`]: { status: 204 },
      [`PATCH ${BASE}`]: ({ body }) => ({
        body: {
          conversation: conversation({
            ...overrides,
            status: (body as { archived: boolean }).archived ? 'archived' : 'open',
          }),
        },
      }),
      'GET /api/blocks': { body: { blocked: [] } },
    },
  });
  return api;
}

function typingEvent(userId: string, conversationId = CONVERSATION_ID) {
  act(() =>
    dispatchUserEvent({
      topic: `user:${USER_ID}`,
      seq: 1,
      type: MESSAGE_EVENTS.typing,
      payload: { conversation_id: conversationId, user_id: userId, at: new Date().toISOString() },
      created_at: new Date().toISOString(),
    }),
  );
}

describe('a conversation', () => {
  it("shows '<name> is typing…' for the other party's typing in this conversation only, and tells them when I type", async () => {
    const user = userEvent.setup();
    const api = renderConversation();
    await screen.findByText('Hello Maya');
    typingEvent(COACH_USER_ID, '99999999-9999-4999-8999-999999999999');
    expect(screen.queryByTestId('conversation-typing')).toBeNull();
    typingEvent(USER_ID); // my own typing in another tab
    expect(screen.queryByTestId('conversation-typing')).toBeNull();
    typingEvent(COACH_USER_ID);
    expect(screen.getByTestId('conversation-typing')).toHaveTextContent('Lena Ortiz is typing…');

    await user.type(screen.getByLabelText('Message to Lena Ortiz'), 'Hi');
    // Two keystrokes, one typing post (throttled).
    await waitFor(() => expect(api.callsTo('POST', `${BASE}/typing`)).toHaveLength(1));
  });

  it('archives for me and brings it back to the inbox', async () => {
    const user = userEvent.setup();
    const api = renderConversation();
    await screen.findByText('Hello Maya');
    await user.click(screen.getByRole('button', { name: 'Archive conversation' }));
    expect(await screen.findByText('Conversation archived')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Move to inbox' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Move to inbox' }));
    expect(await screen.findByRole('button', { name: 'Archive conversation' })).toBeInTheDocument();
    expect(api.callsTo('PATCH', BASE).map((call) => call.body)).toEqual([
      { archived: true },
      { archived: false },
    ]);
  });

  it('a coach sees that a visitor without an account gets the answers by email', async () => {
    const { api } = renderWithProviders(<MessagesScreen conversationId={CONVERSATION_ID} role="coach" />, {
      api: {
        'GET /api/conversations': { body: conversationsPage([]) },
        [`GET ${BASE}`]: {
          body: {
            conversation: conversation({
              role: 'coach',
              client: { user_id: null, name: 'Sam Visitor', avatar_url: null, username: null },
            }),
          },
        },
        [`GET ${BASE}/messages`]: { body: messagesPage([]) },
        'GET /api/blocks': { body: { blocked: [] } },
      },
    });
    expect(await screen.findByText('Visitor · answers go by email')).toBeInTheDocument();
    expect(api.callsTo('POST', `${BASE}/typing`)).toEqual([]);
  });
});
