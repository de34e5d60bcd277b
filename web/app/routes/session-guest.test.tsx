import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '#contracts/chat';
import { SESSION_INVITATION_MESSAGES, type SessionInvitation } from '#contracts/session-invitations';
import type { ChatSession } from '#contracts/sessions';
import { chatSession, COACH_ID, SESSION_ID } from '#web/test/fixtures/sessions';
import { apiError } from '#web/test/api';
import { buildMe, buildSession, USER_ID } from '#web/test/fixtures/auth';
import { renderApp } from '#web/test/render-app';

/* Guest links in the real route table: /session/:token joins, the room for a guest,
   and "Invite someone" for the parties. */

const TOKEN = 'q3Vh2kYc9pX0bLm4Nw7Rt1Zs8Ue5Ga6Jd2Fo3Hi9Kl_';
const GUEST_ID = '00000000-0000-4000-8000-0000000000b7';
const CLIENT_ID = '00000000-0000-4000-8000-0000000000a1';

const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });

function liveSession(overrides: Partial<ChatSession> = {}): ChatSession {
  const start = new Date(Date.now() - 5 * 60_000);
  return chatSession({
    status: 'active',
    start_time: start.toISOString(),
    ends_at: new Date(start.getTime() + 30 * 60_000).toISOString(),
    end_time: null,
    completed_by: null,
    ...overrides,
  });
}

function message(
  seq: number,
  sender: ChatMessage['sender_type'],
  userId: string,
  content: string,
): ChatMessage {
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    session_id: SESSION_ID,
    seq,
    sender_type: sender,
    sender_user_id: userId,
    message_content: content,
    message_type: 'text',
    sent_at: new Date().toISOString(),
  };
}

const history = (messages: ChatMessage[]) => ({
  body: { messages, last_seq: messages.at(-1)?.seq ?? 0, reads: { coach: 0, client: 0 } },
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/session/:token', () => {
  it('joins as a guest with one button: signs the tab in and opens the session, where the guest chats', async () => {
    const guestSession = buildSession({ userId: GUEST_ID, email: '' });
    const guestView = liveSession({ client_id: CLIENT_ID, viewer: 'guest', client_email: null });
    const { api, setMe, router } = renderApp({
      at: `/session/${TOKEN}`,
      me: null,
      extra: {
        'POST /api/session-invitations/redeem': () => {
          setMe(
            buildMe({ user_id: GUEST_ID, email: null, full_name: 'Guest', roles: [], active_role: null }),
          );
          return {
            body: { ...guestSession, user: { ...guestSession.user, email: null }, session_id: SESSION_ID },
          };
        },
        'GET /api/sessions/active': { body: { session: null } },
        [`GET /api/sessions/${SESSION_ID}`]: { body: guestView },
        [`GET /api/sessions/${SESSION_ID}/messages`]: history([
          message(1, 'coach', COACH_ID, 'Welcome!'),
          message(2, 'client', CLIENT_ID, 'Hi both'),
          message(3, 'guest', GUEST_ID, 'Glad to be here'),
        ]),
      },
    });
    await heading('Join the session');
    expect(screen.getByText(/call stays between the coach and the client/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Join the session' }));

    await heading('Session with Lena Ortiz and Maya Thompson');
    expect(router.state.location.pathname).toBe(`/session/${SESSION_ID}`);
    expect(api.callsTo('POST', '/api/session-invitations/redeem').map((call) => call.body)).toEqual([
      { token: TOKEN },
    ]);
    const note = screen.getByTestId('guest-note');
    expect(note).toHaveTextContent('You are here as a guest');
    expect(note).toHaveTextContent('The call is between Lena Ortiz and Maya Thompson');
    expect(screen.queryByRole('button', { name: 'End session' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Invite someone' })).toBeNull();
    expect(screen.queryByText('You paid')).toBeNull();

    const log = await screen.findByRole('log', { name: 'Messages with Lena Ortiz and Maya Thompson' });
    await waitFor(() => expect(within(log).getAllByTestId('chat-message')).toHaveLength(3));
    const rows = within(log).getAllByTestId('chat-message');
    expect(rows[0]).toHaveTextContent('Lena Ortiz');
    expect(rows[1]).toHaveTextContent('Maya Thompson');
    expect(rows[2]).toHaveAttribute('data-mine', 'true');
    expect(rows[2]).toHaveTextContent('You');
    // A guest posts no read receipts (they are the coach's and the client's).
    expect(api.callsTo('POST', `/api/sessions/${SESSION_ID}/read`)).toHaveLength(0);
  });

  it.each([
    [410, 'GONE', SESSION_INVITATION_MESSAGES.used, SESSION_INVITATION_MESSAGES.used],
    [410, 'GONE', SESSION_INVITATION_MESSAGES.expired, SESSION_INVITATION_MESSAGES.expired],
    [404, 'NOT_FOUND', SESSION_INVITATION_MESSAGES.unknown, 'This invitation link is not valid'],
  ])('explains a refused link calmly (%s %s)', async (status, code, message, title) => {
    renderApp({
      at: `/session/${TOKEN}`,
      me: null,
      extra: { 'POST /api/session-invitations/redeem': apiError(status, code, message) },
    });
    await heading('Join the session');
    fireEvent.click(screen.getByRole('button', { name: 'Join the session' }));
    await heading(title);
    expect(screen.getByRole('link', { name: 'Go to Wellspring' })).toHaveAttribute('href', '/');
    expect(screen.getByText(/ask the person who invited you/)).toBeInTheDocument();
  });

  it('says a malformed link is not valid without asking the server', async () => {
    const { api } = renderApp({ at: '/session/not-a-token', me: null });
    await heading('This invitation link is not valid');
    expect(api.callsTo('POST', '/api/session-invitations/redeem')).toHaveLength(0);
  });

  it('tells a signed-in person that joining signs them out here, and offers a private window instead', async () => {
    renderApp({
      at: `/session/${TOKEN}`,
      me: buildMe(),
      extra: { 'GET /api/sessions/active': { body: { session: null } } },
    });
    await heading('Join the session');
    expect(screen.getByTestId('guest-join-signed-in')).toHaveTextContent(
      'You are signed in as maya@example.test. A guest joins with an account of its own, so joining here signs you out of your account in this browser. To stay signed in, open the link in a private window instead.',
    );
    expect(screen.getByRole('button', { name: 'Sign out and join as a guest' })).toBeEnabled();
  });
});

describe('Invite someone', () => {
  it('lets the client invite by email and shows who was invited and whether they joined', async () => {
    let invitations: SessionInvitation[] = [
      {
        id: '00000000-0000-4000-8000-0000000000d1',
        session_id: SESSION_ID,
        invitee_email: 'sam@example.test',
        invited_by: 'coach',
        created_at: new Date().toISOString(),
        expires_at: new Date(Date.now() + 20 * 60_000).toISOString(),
        redeemed_at: new Date().toISOString(),
        status: 'used',
      },
    ];
    const { api } = renderApp({
      at: `/session/${SESSION_ID}`,
      me: buildMe(),
      extra: {
        'GET /api/sessions/active': { body: { session: null } },
        [`GET /api/sessions/${SESSION_ID}`]: { body: liveSession({ client_id: USER_ID, viewer: 'client' }) },
        [`GET /api/sessions/${SESSION_ID}/messages`]: history([]),
        [`GET /api/sessions/${SESSION_ID}/rtc`]: { body: { ice_servers: [], expires_at: null } },
        [`GET /api/sessions/${SESSION_ID}/invitations`]: () => ({ body: { invitations } }),
        [`POST /api/sessions/${SESSION_ID}/invitations`]: ({ body }) => {
          const email = (body as { email: string }).email;
          if (email === 'maya@example.test')
            return apiError(400, 'VALIDATION_ERROR', SESSION_INVITATION_MESSAGES.self);
          const created: SessionInvitation = {
            ...invitations[0]!,
            id: '00000000-0000-4000-8000-0000000000d2',
            invitee_email: email,
            invited_by: 'client',
            redeemed_at: null,
            status: 'pending',
          };
          invitations = [created, ...invitations];
          return { status: 201, body: { invitation: created } };
        },
      },
    });
    await heading('Session with Lena Ortiz');
    fireEvent.click(await screen.findByRole('button', { name: 'Invite someone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite someone to this session' });
    const rows = await within(dialog).findAllByTestId('invitation');
    expect(rows[0]).toHaveTextContent('sam@example.test');
    expect(rows[0]).toHaveTextContent('Joined');

    const field = within(dialog).getByLabelText('Their email address');
    fireEvent.change(field, { target: { value: 'not an address' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(within(dialog).getByText(SESSION_INVITATION_MESSAGES.email)).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/sessions/${SESSION_ID}/invitations`)).toHaveLength(0);

    fireEvent.change(field, { target: { value: 'maya@example.test' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText(SESSION_INVITATION_MESSAGES.self)).toBeInTheDocument();

    fireEvent.change(field, { target: { value: ' Partner@Example.test ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Invitation sent to partner@example.test.')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/sessions/${SESSION_ID}/invitations`).at(-1)?.body).toEqual({
      email: 'partner@example.test',
    });
    const after = within(dialog).getAllByTestId('invitation');
    expect(after).toHaveLength(2);
    expect(after[0]).toHaveTextContent('partner@example.test');
    expect(after[0]).toHaveTextContent('Invited');
    expect(field).toHaveValue('');
  });
});
