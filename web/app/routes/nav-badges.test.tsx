import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGE_EVENTS } from '#contracts/messages';
import { NOTIFICATION_EVENTS } from '#contracts/notifications';
import { dispatchUserEvent } from '#web/lib/realtime/user-events';
import { buildMe } from '#web/test/fixtures/auth';
import { conversation, conversationsPage, inquiryMessage } from '#web/test/fixtures/messages';
import { notification, notificationsPage } from '#web/test/fixtures/notifications';
import { wallet } from '#web/test/fixtures/session-requests';
import { renderApp } from '#web/test/render-app';

/* The "Messages" and "Notifications" entries of both navigations with their live unread counts. */

const event = (type: string, payload: Record<string, unknown>, seq: number) => ({
  topic: 'user:x',
  seq,
  type,
  payload,
  created_at: new Date().toISOString(),
});

/** The server: `unread` messages over the conversations, `notices` unread notifications. */
function serverWith(state: { unread: number; notices: number }) {
  return {
    'GET /api/sessions/active': { body: { session: null } },
    'GET /api/wallet': { body: wallet(5_000) },
    'GET /api/conversations': () => ({
      body: conversationsPage(
        [
          conversation({
            unread_count: state.unread,
            last_message: inquiryMessage(state.unread || 1),
            last_message_at: inquiryMessage(state.unread || 1).created_at,
          }),
        ],
        { unread_total: state.unread },
      ),
    }),
    'GET /api/notifications': () => ({
      body: notificationsPage([], { unread_count: state.notices }),
    }),
  };
}

const sidebar = () => within(screen.getAllByRole('navigation', { name: 'Main' })[0]!);
const navigation = () => screen.findAllByRole('navigation', { name: 'Main' }, { timeout: 10_000 });

describe('unread counts in the navigation', { timeout: 20_000 }, () => {
  it("a client's Messages and Notifications say how many wait, and follow the person's events", async () => {
    const state = { unread: 2, notices: 1 };
    const { api } = renderApp({ at: '/wallet', me: buildMe(), extra: serverWith(state) });
    await navigation();
    expect(
      await sidebar().findByRole('link', { name: 'Messages, 2 unread' }, { timeout: 10_000 }),
    ).toHaveTextContent('2');
    expect(await sidebar().findByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    // One small read each: the conversations' first page and the stack's view.
    expect(api.callsTo('GET', '/api/notifications').map((call) => call.search)).toEqual(['?view=stack']);

    // A new message: the list is read again.
    state.unread = 3;
    act(() => dispatchUserEvent(event(MESSAGE_EVENTS.created, { message: inquiryMessage(3) }, 1)));
    expect(await sidebar().findByRole('link', { name: 'Messages, 3 unread' })).toBeInTheDocument();

    // Read in another tab: the count follows at once.
    act(() =>
      dispatchUserEvent(
        event(
          MESSAGE_EVENTS.read,
          { conversation_id: conversation().id, read: { coach_seq: 0, client_seq: 3 } },
          2,
        ),
      ),
    );
    expect(await sidebar().findByRole('link', { name: 'Messages' })).not.toHaveTextContent(/\d/);

    // A new notification, then all read elsewhere.
    state.notices = 2;
    act(() => dispatchUserEvent(event(NOTIFICATION_EVENTS.created, { notification: notification(9) }, 3)));
    expect(await sidebar().findByRole('link', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    state.notices = 0;
    act(() =>
      dispatchUserEvent(
        event(NOTIFICATION_EVENTS.changed, { ids: [notification(9).id], read: true, dismissed: false }, 4),
      ),
    );
    await waitFor(() =>
      expect(sidebar().getByRole('link', { name: 'Notifications' })).not.toHaveTextContent(/\d/),
    );
  });

  it("a coach's navigation has them too", async () => {
    renderApp({
      at: '/settings',
      me: buildMe({ roles: ['coach'], active_role: 'coach' }),
      extra: serverWith({ unread: 1, notices: 4 }),
    });
    await navigation();
    expect(
      await sidebar().findByRole('link', { name: 'Messages, 1 unread' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(await sidebar().findByRole('link', { name: 'Notifications, 4 unread' })).toBeInTheDocument();
  });

  it('no count when the counts do not load (the entries stay)', async () => {
    renderApp({
      at: '/wallet',
      me: buildMe(),
      extra: {
        'GET /api/sessions/active': { body: { session: null } },
        'GET /api/wallet': { body: wallet(0) },
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Wallet' }, { timeout: 10_000 });
    expect(sidebar().getByRole('link', { name: 'Messages' })).toHaveAttribute('href', '/messages');
    expect(sidebar().getByRole('link', { name: 'Notifications' })).toHaveAttribute('href', '/notifications');
  });
});
