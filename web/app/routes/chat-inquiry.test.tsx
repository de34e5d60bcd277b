import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { INQUIRY_TEXTS } from '#contracts/messages';
import { apiError, type StubRoutes } from '#web/test/api';
import { buildMe, buildSession } from '#web/test/fixtures/auth';
import { CONVERSATION_ID, conversation, conversationsPage, messagesPage } from '#web/test/fixtures/messages';
import { renderApp } from '#web/test/render-app';

/* /chat?inquiry=<id>: the email that brought a visitor the coach's answer, opened signed in. */

const BASE = `/api/conversations/${CONVERSATION_ID}`;

function openApp(extra: StubRoutes) {
  return renderApp({
    at: `/chat?inquiry=${CONVERSATION_ID}`,
    me: buildMe(),
    extra: {
      'GET /api/sessions/active': { body: { session: null } },
      'GET /api/conversations': { body: conversationsPage([conversation()]) },
      [`GET ${BASE}`]: { body: { conversation: conversation() } },
      [`GET ${BASE}/messages`]: { body: messagesPage([]) },
      ...extra,
    },
  });
}

describe('/chat?inquiry=<conversation id>', { timeout: 20_000 }, () => {
  it('claims the conversation for the account and opens it in place of the link', async () => {
    const { api, router } = openApp({
      [`POST ${BASE}/claim`]: { body: { conversation: conversation() } },
    });
    await screen.findByRole('heading', { level: 2, name: 'Lena Ortiz' }, { timeout: 10_000 });
    expect(api.callsTo('POST', `${BASE}/claim`)).toHaveLength(1);
    expect(router.state.location.pathname).toBe(`/chat/${CONVERSATION_ID}`);
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('an address not confirmed yet: the confirmation right there, then the claim again', async () => {
    let confirmed = false;
    const { api, router } = openApp({
      'POST /auth/v1/verify': { body: { user: buildSession().user } },
      [`POST ${BASE}/claim`]: () =>
        confirmed
          ? { body: { conversation: conversation() } }
          : apiError(403, 'FORBIDDEN', INQUIRY_TEXTS.unconfirmed),
    });
    expect(
      await screen.findByText(/To continue this conversation, confirm .+ first/, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', `${BASE}/claim`)).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/chat');
    confirmed = true;
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Code from the email'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm email' }));
    await screen.findByRole('heading', { level: 2, name: 'Lena Ortiz' }, { timeout: 10_000 });
    expect(api.callsTo('POST', '/auth/v1/verify').map((call) => call.body)).toEqual([
      { type: 'signup', email: 'maya@example.test', token: '123456' },
    ]);
    expect(api.callsTo('POST', `${BASE}/claim`)).toHaveLength(2);
    expect(router.state.location.pathname).toBe(`/chat/${CONVERSATION_ID}`);
  });

  it("another address: the server's words and the way back, no Try again", async () => {
    openApp({ [`POST ${BASE}/claim`]: apiError(403, 'FORBIDDEN', INQUIRY_TEXTS.otherEmail) });
    expect(await screen.findByText(INQUIRY_TEXTS.otherEmail, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Back to messages' })).toHaveAttribute('href', '/messages'),
    );
  });
});
