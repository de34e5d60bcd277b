import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, type StubRoutes } from '#web/test/api';
import { buildMe } from '#web/test/fixtures/auth';
import {
  COACH_USER_ID,
  CONVERSATION_ID,
  conversation,
  conversationsPage,
  messagesPage,
} from '#web/test/fixtures/messages';
import { renderApp } from '#web/test/render-app';

/* /chat?with=<user id>: a declined or expired request's 'Send Message' opens the conversation. */

const BASE = `/api/conversations/${CONVERSATION_ID}`;
const CLIENT_ID = '22222222-2222-4222-8222-222222222222';

function openApp(at: string, me: ReturnType<typeof buildMe>, extra: StubRoutes) {
  return renderApp({
    at,
    me,
    extra: {
      'GET /api/sessions/active': { body: { session: null } },
      'GET /api/conversations': { body: conversationsPage([conversation()]) },
      [`GET ${BASE}`]: { body: { conversation: conversation() } },
      [`GET ${BASE}/messages`]: { body: messagesPage([]) },
      ...extra,
    },
  });
}

const heading = () => screen.findByRole('heading', { level: 2, name: 'Lena Ortiz' }, { timeout: 10_000 });

describe('/chat?with=<user id>', { timeout: 20_000 }, () => {
  it('a client: finds or starts the conversation with that coach and replaces the address with it', async () => {
    const { api, router } = openApp(`/chat?with=${COACH_USER_ID}`, buildMe(), {
      'POST /api/conversations': { status: 200, body: { conversation: conversation() } },
    });
    await heading();
    expect(api.callsTo('POST', '/api/conversations').map((call) => call.body)).toEqual([
      { coach_id: COACH_USER_ID },
    ]);
    expect(router.state.location.pathname).toBe(`/chat/${CONVERSATION_ID}`);
    expect(router.state.location.search).toBe('');
    // Replaced: going back does not start it again.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('a coach: the same with a client of theirs', async () => {
    const { api } = openApp(`/chat?with=${CLIENT_ID}`, buildMe({ roles: ['coach'], active_role: 'coach' }), {
      'POST /api/conversations': {
        status: 201,
        body: { conversation: conversation({ role: 'coach' }) },
      },
      [`GET ${BASE}`]: { body: { conversation: conversation({ role: 'coach' }) } },
    });
    await screen.findByRole('heading', { level: 2, name: 'Maya Thompson' }, { timeout: 10_000 });
    expect(api.callsTo('POST', '/api/conversations').map((call) => call.body)).toEqual([
      { client_id: CLIENT_ID },
    ]);
  });

  it('says why when the server refuses (a block), with the way back and no Try again', async () => {
    openApp(`/chat?with=${COACH_USER_ID}`, buildMe(), {
      'POST /api/conversations': apiError(
        403,
        'FORBIDDEN',
        'This person is not accepting messages or session requests from you.',
      ),
    });
    expect(
      await screen.findByRole(
        'heading',
        { name: 'This conversation could not be opened' },
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('This person is not accepting messages or session requests from you.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to messages' })).toHaveAttribute('href', '/messages');
  });

  it('offers Try again when the network fails, and opens it then', async () => {
    let fail = true;
    const { router } = openApp(`/chat?with=${COACH_USER_ID}`, buildMe(), {
      'POST /api/conversations': () =>
        fail
          ? { status: 500, body: { error: { code: 'INTERNAL_ERROR', message: 'Failed', requestId: 'r' } } }
          : { body: { conversation: conversation() } },
    });
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 10_000 });
    fail = false;
    await userEvent.click(retry);
    await heading();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/${CONVERSATION_ID}`));
  });

  it('a link that names nobody: a clear error, nothing asked', async () => {
    const { api } = openApp('/chat?with=not-an-id', buildMe(), {});
    expect(
      await screen.findByText('This link does not name someone to write to.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/conversations')).toHaveLength(0);
  });
});
