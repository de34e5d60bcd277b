import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeSockets } from '#web/test/fake-socket';
import { onUserEvent, onUserResync } from '#web/lib/realtime/user-events';
import { USER_ID, buildMe } from '#web/test/fixtures/auth';
import { renderApp } from '#web/test/render-app';

const sockets = vi.hoisted(() => ({
  current: undefined as ReturnType<typeof createFakeSockets> | undefined,
}));
vi.mock('socket.io-client', () => ({
  io: (options: never) => sockets.current!.create(options),
}));

let fakes: ReturnType<typeof createFakeSockets>;
beforeEach(() => {
  fakes = createFakeSockets();
  sockets.current = fakes;
});

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('signed-in layout: realtime', () => {
  it("opens one socket with the session's token and holds the person's own topic; events reach registered handlers", async () => {
    const { client } = renderApp({ at: '/client-portal', me: buildMe() });
    await heading('Home');
    await waitFor(() => expect(fakes.all).toHaveLength(1));
    const socket = fakes.last;
    expect(socket.tokens).toEqual([client.getState().accessToken]);
    socket.accept();
    expect(socket.subscribes().map((e) => e.payload)).toEqual([{ topic: `user:${USER_ID}` }]);

    const created = vi.fn();
    const resync = vi.fn();
    const offEvent = onUserEvent('session_created', created);
    const offResync = onUserResync(resync);
    socket.ack(`user:${USER_ID}`, { seq: 0, complete: true });
    socket.push(`user:${USER_ID}`, 1, 'session_created');
    socket.push(`user:${USER_ID}`, 2, 'something_else');
    expect(created).toHaveBeenCalledTimes(1);
    expect(created.mock.calls[0]?.[0]).toMatchObject({ type: 'session_created', seq: 1 });
    socket.drop('transport close');
    socket.reconnectByManager();
    socket.ack(`user:${USER_ID}`, { seq: 700, complete: false });
    expect(resync).toHaveBeenCalledTimes(1);
    offEvent();
    offResync();

    // One topic is within the limits: no "Real-time Status" panel.
    expect(screen.queryByRole('heading', { name: 'Real-time Status' })).not.toBeInTheDocument();
  });

  it('Sign out closes the socket', async () => {
    const user = userEvent.setup();
    const { router } = renderApp({ at: '/client-portal', me: buildMe() });
    await heading('Home');
    await waitFor(() => expect(fakes.all).toHaveLength(1));
    const socket = fakes.last;
    socket.accept();
    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(socket.connected).toBe(false);
    expect(socket.connectCalls).toBe(1);
    expect(fakes.all).toHaveLength(1);
  });
});
