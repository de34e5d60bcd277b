import { act, render, screen } from '@testing-library/react';
import { lazy, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from '#web/test/memory-router';
import { Redirect, useNavigationPending } from './router';

describe('HistoryRouter with prepare', () => {
  it("changes the address once the next screen's code is there; the latest link wins", async () => {
    const loads = new Map<string, () => void>();
    const prepare = (pathname: string) =>
      pathname === '/' ? undefined : new Promise<void>((resolve) => loads.set(pathname, resolve));
    function Home() {
      return (
        <>
          <h1>Start</h1>
          <p data-testid="pending">{String(useNavigationPending())}</p>
        </>
      );
    }
    const router = createMemoryRouter(
      [
        { path: '/', element: <Home /> },
        { path: '/a', element: <h1>A</h1> },
        { path: '/b', element: <h1>B</h1> },
      ],
      { prepare },
    );
    render(<RouterProvider router={router} />);
    await router.navigate('/a');
    expect(router.history.location.pathname).toBe('/');
    expect(screen.getByTestId('pending')).toHaveTextContent('true');
    await router.navigate('/b');
    await act(async () => loads.get('/a')!());
    // /a was overtaken by /b: nothing moves until /b is ready.
    expect(router.history.location.pathname).toBe('/');
    await act(async () => loads.get('/b')!());
    expect(router.history.location.pathname).toBe('/b');
    expect(await screen.findByRole('heading', { name: 'B' })).toBeInTheDocument();
  });
});

describe('Redirect', () => {
  it('redirects again when a navigation comes back to its address while the first redirect still loads', async () => {
    let finish: () => void = () => undefined;
    const Slow = lazy(
      () =>
        new Promise<{ default: () => ReactNode }>((resolve) => {
          finish = () => resolve({ default: () => <h1>Home</h1> });
        }),
    );
    const router = createMemoryRouter(
      [
        { path: '/', element: <Redirect to="/home" /> },
        { path: '/home', element: <Slow /> },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    // The redirect has changed the address; the screen is still loading its code.
    await act(async () => undefined);
    expect(router.history.location.pathname).toBe('/home');
    // A link back to / meanwhile (as the browser's back or a link would).
    await router.navigate('/');
    expect(router.history.location.pathname).toBe('/home');
    await act(async () => finish());
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });
});
