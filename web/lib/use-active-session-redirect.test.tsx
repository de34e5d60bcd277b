import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { createMemoryRouter, RouterProvider } from '#web/test/memory-router';
import { describe, expect, it } from 'vitest';
import {
  ActiveSessionContext,
  NO_ACTIVE_SESSION,
  type ActiveSession,
  type ActiveSessionSource,
} from './active-session';
import { useActiveSessionRedirect } from './use-active-session-redirect';

function createSource(initial: ActiveSession | null) {
  let value = initial;
  const listeners = new Set<() => void>();
  const source: ActiveSessionSource = {
    getSnapshot: () => value,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    source,
    set(next: ActiveSession | null) {
      value = next;
      for (const listener of listeners) listener();
    },
  };
}

function Probe({ enabled = true, marks }: { enabled?: boolean; marks?: { isBeingEnded: () => boolean } }) {
  useActiveSessionRedirect({ enabled, ...(marks ? { marks } : {}) });
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function renderAt(path: string, source: ActiveSessionSource, probe: ReactNode = <Probe />) {
  const router = createMemoryRouter([{ path: '*', element: probe }], { initialEntries: [path] });
  render(
    <ActiveSessionContext.Provider value={source}>
      <RouterProvider router={router} />
    </ActiveSessionContext.Provider>,
  );
  return router;
}

describe('useActiveSessionRedirect', () => {
  it('does nothing with the default source (no live session yet)', () => {
    renderAt('/portal', NO_ACTIVE_SESSION);
    expect(screen.getByTestId('where')).toHaveTextContent('/portal');
  });

  it('goes to the live session from the home screen, replacing the entry', async () => {
    const { source } = createSource({ id: 's-1', endsAt: Date.now() + 60_000 });
    const router = renderAt('/client-portal', source);
    expect(await screen.findByText('/session/s-1')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('follows the source when a session starts later', async () => {
    const { source, set } = createSource(null);
    renderAt('/settings', source);
    expect(screen.getByTestId('where')).toHaveTextContent('/settings');
    act(() => set({ id: 's-2', endsAt: null }));
    expect(await screen.findByText('/session/s-2')).toBeInTheDocument();
  });

  it('stays on chat, when disabled, or while the session is being ended', () => {
    const { source } = createSource({ id: 's-3', endsAt: null });
    renderAt('/chat/s-3', source);
    expect(screen.getByTestId('where')).toHaveTextContent('/chat/s-3');
  });

  it('stays when disabled (signed out)', () => {
    const { source } = createSource({ id: 's-4', endsAt: null });
    renderAt('/portal', source, <Probe enabled={false} />);
    expect(screen.getByTestId('where')).toHaveTextContent('/portal');
  });

  it('stays while the session is marked as being ended', () => {
    const { source } = createSource({ id: 's-5', endsAt: null });
    renderAt('/portal', source, <Probe marks={{ isBeingEnded: () => true }} />);
    expect(screen.getByTestId('where')).toHaveTextContent('/portal');
  });
});
