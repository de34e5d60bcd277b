import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_EVENTS, type Notification } from '#contracts/notifications';
import { dispatchUserEvent } from '#web/lib/realtime/user-events';
import type { StubRoutes } from '#web/test/api';
import { buildMe } from '#web/test/fixtures/auth';
import { notification, notificationsPage } from '#web/test/fixtures/notifications';
import { chatSession, SESSION_ID } from '#web/test/fixtures/sessions';
import { renderApp } from '#web/test/render-app';

/* /notifications in the real route table (guard, layout, lazy route), the API stubbed. */

const LIST = '/api/notifications';

function openApp(extra: StubRoutes, me = buildMe()) {
  return renderApp({
    at: '/notifications',
    me,
    extra: { 'GET /api/sessions/active': { body: { session: null } }, ...extra },
  });
}

const read = (item: Notification): Notification => ({ ...item, read_at: '2026-11-21T12:00:00.000Z' });

const rows = async () => {
  const list = await screen.findByTestId('notification-list', {}, { timeout: 10_000 });
  return within(list).getAllByTestId('notification');
};
const titles = async () =>
  (await rows()).map((row) => within(row).getByRole('heading').textContent?.replace('Unread: ', ''));

const event = (type: string, payload: Record<string, unknown>, seq = 1) => ({
  topic: 'user:x',
  seq,
  type,
  payload,
  created_at: '2026-11-21T12:00:00.000Z',
});

describe('/notifications', () => {
  it('lists the notifications newest first, the unread ones marked, each with its action', async () => {
    const newest = notification(3, { type: 'session_rejected', title: 'Session Request Declined' });
    const middle = read(notification(2, { type: 'session_accepted', title: 'Request Accepted!' }));
    const oldest = notification(1, { action_text: null, action_url: null });
    openApp({ [`GET ${LIST}`]: { body: notificationsPage([newest, middle, oldest]) } });
    expect(await titles()).toEqual(['Session Request Declined', 'Request Accepted!', 'Notification 1']);
    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    expect(screen.getByText('2 unread')).toBeVisible();
    expect(document.title).toBe('Notifications · Wellspring');

    const [first, second, third] = await rows();
    expect(within(first!).getByRole('heading', { name: 'Unread: Session Request Declined' })).toBeVisible();
    expect(within(first!).getByText('Details of notification 3')).toBeVisible();
    expect(within(first!).getByRole('link', { name: 'View Message' })).toHaveAttribute('href', '/messages');
    expect(within(first!).getByRole('button', { name: /^Mark as read/ })).toBeVisible();
    expect(within(second!).getByRole('heading', { name: 'Request Accepted!' })).toBeVisible();
    expect(within(second!).queryByText(/Unread/)).toBeNull();
    expect(within(second!).queryByRole('button', { name: /^Mark as read/ })).toBeNull();
    // Without an action there is no link.
    expect(within(third!).queryByRole('link')).toBeNull();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeEnabled();
  });

  it('marks one notification read with its POST, and the row and count follow', async () => {
    const item = notification(2);
    const other = notification(1);
    const { api } = openApp({
      [`GET ${LIST}`]: { body: notificationsPage([item, other]) },
      [`POST ${LIST}/${item.id}/read`]: { body: { notification: read(item) } },
    });
    const [first] = await rows();
    await userEvent.click(within(first!).getByRole('button', { name: 'Mark as read: Notification 2' }));
    await waitFor(() => expect(within(first!).queryByRole('button', { name: /^Mark as read/ })).toBeNull());
    expect(api.callsTo('POST', `${LIST}/${item.id}/read`)).toHaveLength(1);
    expect(within(first!).getByRole('heading', { name: 'Notification 2' })).toBeVisible();
    expect(screen.getByText('1 unread')).toBeVisible();
    // The focus stays on the notification whose button went away.
    expect(first).toHaveFocus();
  });

  it('marks a notification read when its action is followed', async () => {
    const item = notification(1);
    const { api } = openApp({
      [`GET ${LIST}`]: { body: notificationsPage([item]) },
      [`POST ${LIST}/${item.id}/read`]: { body: { notification: read(item) } },
      'GET /api/conversations': { body: { conversations: [], next_cursor: null, unread_total: 0 } },
    });
    const [first] = await rows();
    await userEvent.click(within(first!).getByRole('link', { name: 'View Message' }));
    await waitFor(() => expect(api.callsTo('POST', `${LIST}/${item.id}/read`)).toHaveLength(1));
  });

  it('marks all read, after which the button is off', async () => {
    const { api } = openApp({
      [`GET ${LIST}`]: { body: notificationsPage([notification(2), notification(1)]) },
      [`POST ${LIST}/read-all`]: { status: 204 },
    });
    await rows();
    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled());
    expect(api.callsTo('POST', `${LIST}/read-all`)).toHaveLength(1);
    expect(screen.queryAllByRole('button', { name: /^Mark as read/ })).toHaveLength(0);
    expect(screen.getByText('Nothing unread.')).toBeVisible();
  });

  it('loads the next page with the cursor', async () => {
    const { api } = openApp({
      [`GET ${LIST}`]: ({ url }) =>
        url.searchParams.get('cursor') === 'page-2'
          ? { body: notificationsPage([notification(1)], { unread_count: 3 }) }
          : {
              body: notificationsPage([notification(3), notification(2)], {
                next_cursor: 'page-2',
                unread_count: 3,
              }),
            },
    });
    expect(await titles()).toEqual(['Notification 3', 'Notification 2']);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(async () =>
      expect(await titles()).toEqual(['Notification 3', 'Notification 2', 'Notification 1']),
    );
    expect(api.callsTo('GET', LIST).at(-1)?.search).toBe('?cursor=page-2');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says so when there is nothing, with Mark all as read off', async () => {
    openApp({ [`GET ${LIST}`]: { body: notificationsPage([]) } });
    expect(
      await screen.findByRole('heading', { name: "You're all caught up" }, { timeout: 10_000 }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('offers Try again when the list does not load', async () => {
    let fail = true;
    openApp({
      [`GET ${LIST}`]: () =>
        fail
          ? { status: 500, body: { error: { code: 'INTERNAL_ERROR', message: 'Failed', requestId: 'r' } } }
          : { body: notificationsPage([notification(1)]) },
    });
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 10_000 });
    fail = false;
    await userEvent.click(retry);
    expect(await titles()).toEqual(['Notification 1']);
  });

  it('shows a new notification when its live event arrives, and a read from another tab', async () => {
    const first = notification(1);
    const fresh = notification(2, { type: 'session_accepted', title: 'Request Accepted!' });
    let held = [first];
    openApp({ [`GET ${LIST}`]: () => ({ body: notificationsPage(held) }) });
    expect(await titles()).toEqual(['Notification 1']);

    held = [fresh, first];
    act(() => dispatchUserEvent(event(NOTIFICATION_EVENTS.created, { notification: fresh })));
    await waitFor(async () => expect(await titles()).toEqual(['Request Accepted!', 'Notification 1']));
    expect(screen.getByText('2 unread')).toBeVisible();

    held = [fresh, read(first)];
    act(() =>
      dispatchUserEvent(
        event(NOTIFICATION_EVENTS.changed, { ids: [first.id], read: true, dismissed: false }, 2),
      ),
    );
    expect(await screen.findByText('1 unread')).toBeVisible();
    const [, second] = await rows();
    expect(within(second!).queryByRole('button', { name: /^Mark as read/ })).toBeNull();
  });

  it("an accepted request's 'Join Session' reads 'View Session' once its session is over", async () => {
    const accepted = notification(2, {
      type: 'session_accepted',
      title: 'Request Accepted!',
      action_text: 'Join Session',
      action_url: `/session/${SESSION_ID}`,
    });
    const { api } = openApp({
      [`GET ${LIST}`]: { body: notificationsPage([accepted, notification(1)]) },
      [`GET /api/sessions/${SESSION_ID}`]: {
        body: chatSession({ status: 'active', ends_at: new Date(Date.now() - 60_000).toISOString() }),
      },
    });
    const [first, second] = await rows();
    expect(await within(first!).findByRole('link', { name: 'View Session' })).toHaveAttribute(
      'href',
      `/session/${SESSION_ID}`,
    );
    expect(within(first!).queryByRole('link', { name: 'Join Session' })).toBeNull();
    // The other kinds keep the server's action and read no session.
    expect(within(second!).getByRole('link', { name: 'View Message' })).toBeVisible();
    expect(
      api.calls.filter(
        (call) => call.path.startsWith('/api/sessions/') && call.path !== '/api/sessions/active',
      ),
    ).toHaveLength(1);
  });
});
