import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REALTIME_HEALTH_CHECK_MS } from '#contracts/realtime';
import type { RealtimeSnapshot } from '../lib/realtime/realtime-client';
import { LiveUpdatesNotice, RealtimeStatus } from './realtime-status';

let snapshot: RealtimeSnapshot;
const read = () => snapshot;
const panel = () => screen.queryByRole('heading', { name: 'Real-time Status' });
const tick = () => act(() => vi.advanceTimersByTime(REALTIME_HEALTH_CHECK_MS));

beforeEach(() => {
  vi.useFakeTimers();
  snapshot = { connection: 'connected', topicCount: 1 };
});
afterEach(() => {
  vi.useRealTimers();
});

describe('RealtimeStatus', () => {
  it('is hidden at 1 channel, a warning at 2 and critical at 3, re-checked every 10 s', () => {
    render(<RealtimeStatus read={read} />);
    expect(panel()).not.toBeInTheDocument();
    // The live region stays mounted so the panel is announced when it appears.
    expect(screen.getByRole('status', { name: 'Real-time Status' })).toBeEmptyDOMElement();

    snapshot = { connection: 'connected', topicCount: 2 };
    act(() => vi.advanceTimersByTime(REALTIME_HEALTH_CHECK_MS - 1));
    expect(panel()).not.toBeInTheDocument(); // not before the next check
    act(() => vi.advanceTimersByTime(1));
    expect(panel()).toBeInTheDocument();
    const status = screen.getByRole('status', { name: 'Real-time Status' });
    expect(status).toHaveTextContent('Warning: 2 channels open in this tab');
    expect(status).toHaveTextContent('More than 1 per tab is a warning.');
    expect(status).toHaveTextContent('Connected.');

    snapshot = { connection: 'reconnecting', topicCount: 3 };
    tick();
    expect(status).toHaveTextContent('Critical: 3 channels open in this tab');
    expect(status).toHaveTextContent('More than 2 per tab is critical.');
    expect(status).toHaveTextContent('Reconnecting….');

    snapshot = { connection: 'connected', topicCount: 1 };
    tick();
    expect(panel()).not.toBeInTheDocument();
  });

  it('shows a warning at mount when the tab already holds too many channels', () => {
    snapshot = { connection: 'connected', topicCount: 2 };
    render(<RealtimeStatus read={read} />);
    expect(screen.getByRole('status', { name: 'Real-time Status' })).toHaveTextContent('Warning');
  });

  it('can be dismissed with the keyboard; it returns only when things get worse', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true }); // user-event waits on real time between keys
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    snapshot = { connection: 'connected', topicCount: 2 };
    render(<RealtimeStatus read={read} />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Dismiss the real-time status' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(panel()).not.toBeInTheDocument();
    tick();
    expect(panel()).not.toBeInTheDocument(); // still a warning: stays dismissed

    snapshot = { connection: 'connected', topicCount: 3 };
    tick();
    expect(panel()).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dismiss the real-time status' }));
    expect(panel()).not.toBeInTheDocument();

    // Back to normal, then over the limit again: shown again.
    snapshot = { connection: 'connected', topicCount: 1 };
    tick();
    snapshot = { connection: 'connected', topicCount: 2 };
    tick();
    expect(panel()).toBeInTheDocument();
  });
});

describe('LiveUpdatesNotice', () => {
  it('says nothing while live updates flow; paused: says so, in a live region', () => {
    const { rerender } = render(<LiveUpdatesNotice paused={false} />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    rerender(<LiveUpdatesNotice paused />);
    expect(screen.getByRole('status')).toHaveTextContent('Live updates are paused — reconnecting…');
    expect(screen.getByRole('status')).toHaveTextContent('still checked every few seconds');
  });

  it("gives the server's reason when it is known", () => {
    const reason = 'This address (http://127.0.0.1:3000) is not allowed to receive live updates.';
    render(<LiveUpdatesNotice paused reason={reason} />);
    expect(screen.getByTestId('live-updates-notice')).toHaveTextContent(reason);
  });
});
