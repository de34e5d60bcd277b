import { createHash } from 'node:crypto';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GoogleSignInButton } from './google-sign-in-button';

const VERIFIER_KEY = 'wellspring.google-sign-in.code-verifier';

describe('GoogleSignInButton', () => {
  afterEach(() => {
    window.sessionStorage.clear();
    vi.restoreAllMocks();
  });

  it('keeps a fresh 64-character verifier in this tab and goes to /auth/v1/authorize with its S256 challenge', async () => {
    const user = userEvent.setup();
    const navigate = vi.fn();
    render(<GoogleSignInButton role="coach" redirectTo="/portal" navigate={navigate} />);

    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));

    await vi.waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    const verifier = window.sessionStorage.getItem(VERIFIER_KEY) ?? '';
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{64}$/);
    const url = new URL(String(navigate.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.pathname).toBe('/auth/v1/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      provider: 'google',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 's256',
      redirect_to: '/portal',
      role: 'coach',
    });
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
  });

  it('makes a new verifier on every start', async () => {
    const user = userEvent.setup();
    const navigate = vi.fn();
    const { unmount } = render(<GoogleSignInButton navigate={navigate} />);
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    const first = window.sessionStorage.getItem(VERIFIER_KEY);
    unmount();
    render(<GoogleSignInButton navigate={navigate} />);
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledTimes(2));
    expect(window.sessionStorage.getItem(VERIFIER_KEY)).not.toBe(first);
    const url = new URL(String(navigate.mock.calls[1]?.[0]), 'http://localhost');
    expect(url.searchParams.has('role')).toBe(false);
    expect(url.searchParams.has('redirect_to')).toBe(false);
  });

  it('says so when the browser cannot start the sign-in', async () => {
    const user = userEvent.setup();
    vi.spyOn(window.sessionStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    const navigate = vi.fn();
    render(<GoogleSignInButton navigate={navigate} />);
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Google sign-in could not start in this browser.',
    );
    expect(navigate).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
  });
});
