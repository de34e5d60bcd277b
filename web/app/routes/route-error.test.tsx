import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '#web/test/memory-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouteBoundary } from './route-error';

// A screen that fails on its first render because of a transient problem, and works once the problem
// is gone. (The failure lasts until the test clears it: React retries a render that throws once before
// it reaches the error boundary, so a throw-exactly-once component would never show the error screen.)
let problem: Error | null = null;
function FlakyScreen() {
  if (problem) throw problem;
  return <h1>Flaky screen loaded</h1>;
}

function renderFlakyRoute() {
  const router = createMemoryRouter(
    [
      {
        path: '/flaky',
        element: (
          <RouteBoundary>
            <FlakyScreen />
          </RouteBoundary>
        ),
      },
    ],
    { initialEntries: ['/flaky?tab=2'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('RouteError', () => {
  let consoleError: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    problem = new Error('Transient failure');
    // React and RouteError both log the caught error; keep the test output clean.
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows "Something went wrong" with Try Again and Refresh Page, and logs the error', async () => {
    renderFlakyRoute();
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
    expect(screen.queryByText('Flaky screen loaded')).not.toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith(
      'Unhandled page error',
      expect.objectContaining({ message: 'Transient failure' }),
    );
  });

  it('Try Again renders the route again, at the same address', async () => {
    const user = userEvent.setup();
    const router = renderFlakyRoute();
    const tryAgain = await screen.findByRole('button', { name: 'Try Again' });
    problem = null; // the transient problem has gone away
    await user.click(tryAgain);

    expect(await screen.findByRole('heading', { name: 'Flaky screen loaded' })).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/flaky');
    expect(router.state.location.search).toBe('?tab=2');
  });

  it('Try Again while the problem persists shows the error screen again', async () => {
    const user = userEvent.setup();
    renderFlakyRoute();
    await user.click(await screen.findByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('Refresh Page reloads the page', async () => {
    const user = userEvent.setup();
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    renderFlakyRoute();
    await user.click(await screen.findByRole('button', { name: 'Refresh Page' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
