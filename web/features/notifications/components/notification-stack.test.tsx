import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_EVENTS, type Notification } from '#contracts/notifications';
import { dispatchUserEvent } from '#web/lib/realtime/user-events';
import { apiError, type StubRoutes } from '#web/test/api';
import { notification, notificationsPage } from '#web/test/fixtures/notifications';
import { chatSession, SESSION_ID } from '#web/test/fixtures/sessions';
import { renderWithProviders } from '#web/test/render';
import { NotificationsProvider, NotificationStack } from './notification-stack';

const LIST = '/api/notifications';

/** The stack fed by a server that keeps `held` (GET answers what is not dismissed yet). */
function renderStack(held: Notification[], extra: StubRoutes = {}) {
  let kept = [...held];
  const view = renderWithProviders(
    <NotificationsProvider>
      <NotificationStack />
    </NotificationsProvider>,
    {
      api: {
        [`GET ${LIST}`]: () => ({ body: notificationsPage(kept.slice(0, 5)) }),
        [`POST ${LIST}/dismiss-all`]: () => {
          kept = [];
          return { status: 204 };
        },
        ...Object.fromEntries(
          held.map((item) => [
            `POST ${LIST}/${item.id}/dismiss`,
            () => {
              kept = kept.filter((other) => other.id !== item.id);
              return { body: { notification: { ...item, dismissed_at: new Date().toISOString() } } };
            },
          ]),
        ),
        ...extra,
      },
    },
  );
  return {
    ...view,
    /** What the server keeps changes (another tab, a new notification). */
    keep: (next: Notification[]) => {
      kept = next;
    },
  };
}

const region = () => screen.findByRole('region', { name: 'Session notifications' });
const cards = () =>
  within(screen.getByRole('region', { name: 'Session notifications' })).queryAllByTestId('notification-card');
/** The cards a person can read and use (the ones behind the first are decoration while collapsed). */
const readable = () =>
  within(screen.getByRole('region', { name: 'Session notifications' }))
    .queryAllByRole('article')
    .map((card) => within(card).getByRole('heading').textContent);
const event = (type: string, payload: Record<string, unknown>, seq = 1) => ({
  topic: 'user:x',
  seq,
  type,
  payload,
  created_at: new Date().toISOString(),
});

/** Newest first, as the server lists them. */
const five = () => [5, 4, 3, 2, 1].map((n) => notification(n));

describe('client notification stack (SPEC §4, fed by the server)', () => {
  it('reads the stack view; collapsed shows the top 3 (the newest in front); Show All lists the 5; Hide folds', async () => {
    const user = userEvent.setup();
    const { api } = renderStack([
      notification(5, {
        type: 'session_rejected',
        title: 'Session Request Declined',
        message: "Your coach can't make it at the moment, but you can try again or send them a message.",
        action_text: 'Send Message',
        action_url: '/chat?with=11111111-1111-4111-8111-111111111111',
      }),
      ...[4, 3, 2, 1].map((n) => notification(n)),
    ]);
    await region();
    expect(api.callsTo('GET', LIST).map((call) => call.search)).toEqual(['?view=stack']);
    expect(cards()).toHaveLength(3);
    expect(readable()).toEqual(['Session Request Declined']);
    const front = within(screen.getAllByRole('article')[0]!);
    expect(front.getByText(/Lena Ortiz/)).toBeInTheDocument();
    expect(front.getByRole('link', { name: 'Send Message' })).toHaveAttribute(
      'href',
      '/chat?with=11111111-1111-4111-8111-111111111111',
    );
    expect(screen.getByText('Notification 4').closest('[inert]')).not.toBeNull();

    const showAll = screen.getByRole('button', { name: 'Show All (5)' });
    expect(showAll).toHaveAttribute('aria-expanded', 'false');
    await user.click(showAll);
    expect(readable()).toEqual([
      'Session Request Declined',
      'Notification 4',
      'Notification 3',
      'Notification 2',
      'Notification 1',
    ]);
    await user.click(screen.getByRole('button', { name: 'Hide' }));
    expect(cards()).toHaveLength(3);
    expect(readable()).toHaveLength(1);
  });

  it('shows nothing when nothing is kept, or when the stack does not load', async () => {
    const { api } = renderStack([], { [`GET ${LIST}`]: apiError(500, 'INTERNAL_ERROR') });
    await waitFor(() => expect(api.callsTo('GET', LIST)).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Session notifications' })).toBeNull();
  });

  it('dismisses one and clears all through the server', async () => {
    const user = userEvent.setup();
    const items = [notification(2), notification(1)];
    const { api } = renderStack(items);
    await region();
    await user.click(screen.getByRole('button', { name: 'Dismiss: Notification 2' }));
    expect(readable()).toEqual(['Notification 1']);
    expect(api.callsTo('POST', `${LIST}/${items[0]!.id}/dismiss`)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Show All/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(screen.queryByRole('region', { name: 'Session notifications' })).toBeNull();
    expect(api.callsTo('POST', `${LIST}/dismiss-all`)).toHaveLength(1);
  });

  it('puts a dismissed one back and says so when the server refuses', async () => {
    const user = userEvent.setup();
    const item = notification(1);
    renderStack([item], {
      [`POST ${LIST}/${item.id}/dismiss`]: apiError(500, 'INTERNAL_ERROR', 'Something failed.'),
    });
    await region();
    await user.click(screen.getByRole('button', { name: 'Dismiss: Notification 1' }));
    expect(await screen.findByText('The notification is still here')).toBeInTheDocument();
    await waitFor(() => expect(readable()).toEqual(['Notification 1']));
  });

  it('follows the person’s events: a new one on top, one dismissed in another tab gone', async () => {
    const { keep, api } = renderStack(five().slice(1));
    await region();
    expect(readable()).toEqual(['Notification 4']);

    const fresh = notification(6, { title: 'Request Accepted!', type: 'session_accepted', action_url: null });
    keep([fresh, ...five().slice(1)]);
    act(() => dispatchUserEvent(event(NOTIFICATION_EVENTS.created, { notification: fresh })));
    await waitFor(() => expect(readable()).toEqual(['Request Accepted!']));
    expect(screen.getByRole('button', { name: 'Show All (5)' })).toBeInTheDocument();

    keep(five().slice(1));
    act(() =>
      dispatchUserEvent(
        event(NOTIFICATION_EVENTS.changed, { ids: [fresh.id], read: false, dismissed: true }, 2),
      ),
    );
    await waitFor(() => expect(readable()).toEqual(['Notification 4']));
    // The server is asked again (another may move up into the fifth place).
    await waitFor(() => expect(api.callsTo('GET', LIST).length).toBeGreaterThanOrEqual(3));
    expect(screen.getByRole('button', { name: 'Show All (4)' })).toBeInTheDocument();
  });

  it("an accepted request's 'Join Session' reads 'View Session' once the session is over", async () => {
    const accepted = (n: number, title: string) =>
      notification(n, {
        type: 'session_accepted',
        title,
        action_text: 'Join Session',
        action_url: `/session/${SESSION_ID}`,
      });
    const user = userEvent.setup();
    let status: 'active' | 'completed' = 'completed';
    const { api } = renderStack([accepted(2, 'Accepted, over'), notification(1)], {
      [`GET /api/sessions/${SESSION_ID}`]: () => ({ body: chatSession({ status }) }),
    });
    await region();
    const front = within(screen.getAllByRole('article')[0]!);
    expect(await front.findByRole('link', { name: 'View Session' })).toHaveAttribute(
      'href',
      `/session/${SESSION_ID}`,
    );
    expect(front.queryByRole('link', { name: 'Join Session' })).toBeNull();
    // Only the session of a session_accepted notification on screen is read.
    expect(api.calls.filter((call) => call.path.startsWith('/api/sessions/'))).toHaveLength(1);

    status = 'active';
    await user.click(screen.getByRole('button', { name: 'Dismiss: Accepted, over' }));
    expect(readable()).toEqual(['Notification 1']);
  });

  it("keeps 'Join Session' while the session is live, and drops the action for a session out of reach", async () => {
    const live = notification(2, {
      type: 'session_accepted',
      title: 'Live',
      action_text: 'Join Session',
      action_url: `/session/${SESSION_ID}`,
    });
    const other = '12121212-1212-4212-8212-121212121212';
    const gone = notification(1, {
      type: 'session_accepted',
      title: 'Gone',
      action_text: 'Join Session',
      action_url: `/session/${other}`,
    });
    const user = userEvent.setup();
    renderStack([live, gone], {
      [`GET /api/sessions/${SESSION_ID}`]: { body: chatSession() },
      [`GET /api/sessions/${other}`]: apiError(404, 'NOT_FOUND'),
    });
    await region();
    await user.click(screen.getByRole('button', { name: 'Show All (2)' }));
    const [first, second] = screen.getAllByRole('article');
    expect(await within(first!).findByRole('link', { name: 'Join Session' })).toBeInTheDocument();
    await waitFor(() => expect(within(second!).queryByRole('link')).toBeNull());
  });

  it('throws when used outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<NotificationStack />)).toThrow(
      'useNotifications must be used within the NotificationsProvider',
    );
    vi.mocked(console.error).mockRestore();
  });
});
