import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGE_TEXTS } from '#contracts/messages';
import type { StubRoutes } from '#web/test/api';
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

const BASE = `/api/conversations/${CONVERSATION_ID}`;

/**
 * Sending when the network fails: automatic retries (shortened here) and Retry, always with the
 * message's one browser-made id, and SPEC §8's toast when it finally fails.
 */
function renderConversation(post: StubRoutes[string]) {
  const { api } = renderWithProviders(
    <MessagesScreen conversationId={CONVERSATION_ID} role="client" retryDelaysMs={[1, 1]} />,
    {
      api: {
        'GET /api/conversations': { body: conversationsPage([conversation()]) },
        [`GET ${BASE}`]: { body: { conversation: conversation() } },
        [`GET ${BASE}/messages`]: { body: messagesPage([inquiryMessage(1, { content: 'Hello Maya' })]) },
        [`POST ${BASE}/messages`]: post,
        [`POST ${BASE}/read`]: { status: 204 },
      },
    },
  );
  return api;
}

const network = () => {
  throw new Error('the network is down');
};

const accept = ({ body }: { body: unknown }) => {
  const { id, content } = body as { id: string; content: string };
  return { status: 201, body: { message: ownMessage(2, { id, content }) } };
};

async function send(text: string) {
  const user = userEvent.setup();
  await screen.findByText('Hello Maya');
  await user.type(screen.getByLabelText('Message to Lena Ortiz'), `${text}{Enter}`);
  return user;
}

const postedIds = (api: ReturnType<typeof renderConversation>) =>
  api.callsTo('POST', `${BASE}/messages`).map((call) => (call.body as { id: string }).id);

describe('sending a message when the network fails', () => {
  it('tries again by itself with the same id, and shows the message once it arrives', async () => {
    let tries = 0;
    const api = renderConversation((request) => {
      tries += 1;
      return tries < 3 ? network() : accept(request);
    });
    await send('Are you free on Monday?');
    const log = within(screen.getByRole('region', { name: 'Messages with Lena Ortiz' }));
    await waitFor(() => expect(log.queryByText('Sending…')).toBeNull());
    expect(log.getByText('Are you free on Monday?')).toBeVisible();
    const ids = postedIds(api);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(1);
    expect(screen.queryByText(MESSAGE_TEXTS.sendFailedTitle)).toBeNull();
  });

  it('when every try fails: the toast, "Not sent" and Retry, which sends the same id again', async () => {
    let down = true;
    const api = renderConversation((request) => (down ? network() : accept(request)));
    const user = await send('Are you free on Monday?');

    const alert = within(screen.getByRole('alert'));
    expect(await alert.findByText(MESSAGE_TEXTS.sendFailedTitle)).toBeVisible();
    expect(alert.getByText(MESSAGE_TEXTS.sendFailedBody)).toBeVisible();
    const failed = screen.getByText('Are you free on Monday?').closest('li')!;
    expect(within(failed).getByText(/Not sent/)).toBeVisible();
    expect(postedIds(api)).toHaveLength(3);

    down = false;
    await user.click(within(failed).getByRole('button', { name: /Retry/ }));
    await waitFor(() => expect(screen.queryByText(/Not sent/)).toBeNull());
    expect(screen.getByText('Are you free on Monday?').closest('li')).toHaveAttribute('data-status', 'sent');
    const ids = postedIds(api);
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(1);
  });

  it('does not retry a refusal by itself', async () => {
    const api = renderConversation(() => ({
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: MESSAGE_TEXTS.notFound, requestId: 'r' } },
    }));
    await send('Hello?');
    expect(await screen.findByText(new RegExp(`Not sent · ${MESSAGE_TEXTS.notFound}`))).toBeVisible();
    expect(postedIds(api)).toHaveLength(1);
  });
});
