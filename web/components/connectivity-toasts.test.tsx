import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConnectivityToasts } from './connectivity-toasts';
import { ToastProvider } from './toast';

function setOnline(onLine: ReturnType<typeof vi.spyOn>, online: boolean) {
  onLine.mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

/** SPEC §4/§8: the connectivity toasts are app-wide, not only in the session room. */
describe('ConnectivityToasts', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("says 'Connection Lost' when the browser goes offline and 'Connection Restored' when it is back, once each", async () => {
    vi.useFakeTimers();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(
      <ToastProvider>
        <ConnectivityToasts />
      </ToastProvider>,
    );
    expect(screen.queryByText('Connection Lost')).not.toBeInTheDocument();
    expect(screen.queryByText('Connection Restored')).not.toBeInTheDocument();

    setOnline(onLine, false);
    expect(screen.getByText('Connection Lost')).toBeInTheDocument();
    expect(screen.getByText('Please check your internet connection')).toBeInTheDocument();

    setOnline(onLine, true);
    // One toast at a time (SPEC §9): 'Connection Restored' follows once 'Connection Lost' has gone.
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(screen.getByText('Connection Restored')).toBeInTheDocument();
    expect(screen.getByText("You're back online!")).toBeInTheDocument();
    // Coming back online again without a loss says nothing more.
    setOnline(onLine, true);
    expect(screen.getAllByText('Connection Restored')).toHaveLength(1);
  });

  it('says nothing while the browser stays online', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(
      <ToastProvider>
        <ConnectivityToasts />
      </ToastProvider>,
    );
    expect(screen.queryByText(/Connection/)).not.toBeInTheDocument();
  });
});
