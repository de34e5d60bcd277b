import { act, render, screen } from '@testing-library/react';
import { lazy, type ReactNode } from 'react';
import { Link } from 'react-router';
import { createMemoryRouter, RouterProvider } from '#web/test/memory-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NAVIGATION_PROGRESS_DELAY_MS, NavigationProgress } from './navigation-progress';

describe('NavigationProgress', () => {
  afterEach(() => vi.useRealTimers());

  it('shows a bar while a slow screen loads, and not for a quick one', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let finish: () => void = () => undefined;
    const Slow = lazy(
      () =>
        new Promise<{ default: () => ReactNode }>((resolve) => {
          finish = () => resolve({ default: () => <h1>Slow screen</h1> });
        }),
    );
    const router = createMemoryRouter([
      {
        path: '/',
        element: (
          <>
            <NavigationProgress />
            <Link to="/slow">Slow</Link>
          </>
        ),
      },
      {
        path: '/slow',
        element: <Slow />,
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(screen.queryByRole('progressbar')).toBeNull();

    act(() => screen.getByRole('link', { name: 'Slow' }).click());
    // Not at once: a navigation that ends within the delay shows nothing.
    expect(screen.queryByRole('progressbar')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(NAVIGATION_PROGRESS_DELAY_MS + 10));
    expect(screen.getByRole('progressbar', { name: 'Loading the page' })).toBeInTheDocument();

    await act(async () => finish());
    expect(await screen.findByRole('heading', { name: 'Slow screen' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
