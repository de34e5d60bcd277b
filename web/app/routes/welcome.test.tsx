import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { createMemoryRouter, RouterProvider } from '#web/test/memory-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '#web/components/toast';
import { createAuthClient, type AuthClient } from '#web/lib/auth/auth-client';
import { apiError, stubApi } from '#web/test/api';
import { Providers } from '../providers';
import { WelcomePage } from './welcome';

// The signed-in choice (saved role, toasts, home) is covered with the guard in root-layout.test.tsx.

let client: AuthClient | undefined;
afterEach(() => {
  client?.stop();
  vi.unstubAllGlobals();
});

function AuthProbe() {
  const location = useLocation();
  return <p data-testid="auth-probe">{`${location.pathname}${location.search}`}</p>;
}

function renderWelcome() {
  stubApi({ 'POST /auth/v1/token': apiError(400, 'INVALID_REFRESH_TOKEN') });
  client = createAuthClient();
  const router = createMemoryRouter([
    { path: '/', element: <WelcomePage /> },
    { path: '/auth', element: <AuthProbe /> },
  ]);
  render(
    <Providers authClient={client}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </Providers>,
  );
  return router;
}

describe('WelcomePage', () => {
  it('shows the heading and the two role choices as buttons', () => {
    renderWelcome();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Care for what matters, with a coach by your side' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /I'm looking for coaching/ })).toHaveAttribute(
      'type',
      'button',
    );
    expect(screen.getByRole('button', { name: /I am a coach/ })).toHaveAttribute('type', 'button');
  });

  it('"I\'m looking for coaching" goes to /auth?as=client', async () => {
    const user = userEvent.setup();
    const router = renderWelcome();
    await user.click(screen.getByRole('button', { name: /I'm looking for coaching/ }));
    expect(await screen.findByTestId('auth-probe')).toHaveTextContent('/auth?as=client');
    expect(router.state.location.search).toBe('?as=client');
  });

  it('"I am a coach" goes to /auth?as=coach', async () => {
    const user = userEvent.setup();
    const router = renderWelcome();
    await user.click(screen.getByRole('button', { name: /I am a coach/ }));
    expect(await screen.findByTestId('auth-probe')).toHaveTextContent('/auth?as=coach');
    expect(router.state.location.search).toBe('?as=coach');
  });
});
