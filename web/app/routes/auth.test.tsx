import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AuthPage } from './auth';

function renderAuth(entry: string) {
  const router = createMemoryRouter([{ path: '/auth', element: <AuthPage /> }], { initialEntries: [entry] });
  render(<RouterProvider router={router} />);
}

describe('AuthPage', () => {
  it.each([
    ['client', 'You are joining as someone looking for coaching.'],
    ['coach', 'You are joining as a coach.'],
  ])('names the role from ?as=%s', (role, sentence) => {
    renderAuth(`/auth?as=${role}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to Wellspring' })).toBeInTheDocument();
    expect(screen.getByTestId('auth-role')).toHaveTextContent(sentence);
  });

  it('ignores an unknown role', () => {
    renderAuth('/auth?as=admin');
    expect(screen.queryByTestId('auth-role')).not.toBeInTheDocument();
  });

  it('shows the inactivity notice only with timeout=true', () => {
    renderAuth('/auth?as=coach&timeout=true');
    expect(screen.getByRole('status')).toHaveTextContent(
      'You were signed out after 30 minutes without activity',
    );
  });

  it('has no inactivity notice without timeout=true', () => {
    renderAuth('/auth?as=coach');
    expect(screen.queryByText(/You were signed out/)).not.toBeInTheDocument();
  });

  it.each(['signup=true', 'new_user=true'])('says "Create your account" for %s', (param) => {
    renderAuth(`/auth?as=client&${param}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
  });
});
