import { act, render, screen } from '@testing-library/react';
import { lazy, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from '#web/test/memory-router';
import { Redirect } from './router';

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
