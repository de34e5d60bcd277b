import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createNotificationStore, type NotificationInput } from '../lib/notification-store';
import { NotificationsProvider, NotificationStack, useNotifications } from './notification-stack';

const input = (n: number): NotificationInput => ({
  key: `coach_message:${n}`,
  type: 'coach_message',
  title: `Title ${n}`,
  message: `Message ${n}`,
  coachName: 'Lena Ortiz',
  color: '#0396FF',
  icon: 'message',
  actionText: 'View Message',
  action: '/chat',
});

function Adder({ onReady }: { onReady: (add: (n: number) => void) => void }) {
  const store = useNotifications();
  onReady((n) => store.add(input(n)));
  return null;
}

function renderStack(userId = 'client-1') {
  let add: (n: number) => void = () => undefined;
  const view = render(
    <MemoryRouter>
      <NotificationsProvider userId={userId}>
        <Adder onReady={(fn) => (add = fn)} />
        <NotificationStack />
      </NotificationsProvider>
    </MemoryRouter>,
  );
  return { ...view, add: (...ns: number[]) => act(() => ns.forEach((n) => add(n))) };
}

const region = () => screen.getByRole('region', { name: 'Session notifications' });
const cards = () => within(region()).queryAllByTestId('notification-card');
/** The cards a person can read and use (the ones behind the first are decoration while collapsed). */
const readable = () => within(region()).queryAllByRole('article');

describe('client notification stack (SPEC §4)', () => {
  it('collapsed shows the top 3 (the newest in front, the others offset behind); Show All lists all 5; Hide folds', async () => {
    const user = userEvent.setup();
    const { add } = renderStack();
    expect(screen.queryByRole('region', { name: 'Session notifications' })).not.toBeInTheDocument();
    add(1, 2, 3, 4, 5, 6);

    expect(cards()).toHaveLength(3);
    expect(readable().map((card) => within(card).getByRole('heading').textContent)).toEqual(['Title 6']);
    expect(screen.getByText('Title 5').closest('[inert]')).not.toBeNull();

    const showAll = screen.getByRole('button', { name: 'Show All (5)' });
    expect(showAll).toHaveAttribute('aria-expanded', 'false');
    await user.click(showAll);
    expect(readable().map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Title 6',
      'Title 5',
      'Title 4',
      'Title 3',
      'Title 2',
    ]);
    expect(within(readable()[0]!).getByRole('link', { name: 'View Message' })).toHaveAttribute(
      'href',
      '/chat',
    );

    await user.click(screen.getByRole('button', { name: 'Hide' }));
    expect(cards()).toHaveLength(3);
    expect(readable()).toHaveLength(1);
  });

  it('each can be dismissed, all cleared, and a reload keeps them', async () => {
    const user = userEvent.setup();
    const { add, unmount } = renderStack();
    add(1, 2);
    await user.click(screen.getByRole('button', { name: 'Dismiss: Title 2' }));
    expect(readable().map((card) => within(card).getByRole('heading').textContent)).toEqual(['Title 1']);
    expect(screen.queryByRole('button', { name: /Show All/ })).not.toBeInTheDocument();
    add(3);
    unmount();

    renderStack();
    expect(cards()).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(screen.queryByRole('region', { name: 'Session notifications' })).not.toBeInTheDocument();
    expect(createNotificationStore('client-1').getItems()).toEqual([]);
  });

  it('throws when used outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<NotificationStack />)).toThrow(
      'useNotifications must be used within the NotificationsProvider',
    );
    vi.mocked(console.error).mockRestore();
  });
});
