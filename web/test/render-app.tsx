import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from './memory-router';
import { onTestFinished } from 'vitest';
import type { AuthSession, Me } from '#contracts/auth';
import { Providers } from '../app/providers';
import { prepareScreen, routes } from '../app/router';
import { createAuthClient } from '../lib/auth/auth-client';
import { apiError, stubApi, type StubRoutes } from './api';
import { buildSession } from './fixtures/auth';

/*
 * Web tests only: the whole app (its route table and Providers). A screen or component on its own
 * renders with ./render (renderWithProviders), which does not load every route.
 */

export type RenderAppOptions = {
  /** The address the app opens at. */
  at: string;
  /** Who GET /api/me says is signed in; null: nobody (the refresh is refused, /api/me is 401). */
  me: Me | null;
  /** What the start-up refresh answers while someone is signed in. */
  session?: AuthSession;
  /** More endpoints, or other answers for the ones above (these win). */
  extra?: StubRoutes;
};

/**
 * The whole app in the browser's terms: the real route table and guard, the real auth client and
 * TanStack Query, with only the network answered by stubApi (MSW). The auth client is stopped when the
 * test finishes. `setMe` changes what later GET /api/me calls answer.
 */
export function renderApp({ at, me, session = buildSession(), extra = {} }: RenderAppOptions) {
  let current = me;
  const api = stubApi({
    'POST /auth/v1/token': me ? { body: session } : apiError(400, 'INVALID_REFRESH_TOKEN'),
    'GET /api/me': () => (current ? { body: current } : apiError(401, 'UNAUTHENTICATED')),
    'POST /api/rpc/log_security_event_safe': { body: { stored: true } },
    'POST /auth/v1/logout': { status: 204 },
    'GET /auth/v1/settings': { body: { external: { google: false }, mailbox: false } },
    ...extra,
  });
  const client = createAuthClient();
  onTestFinished(() => {
    client.stop();
  });
  const router = createMemoryRouter(routes, { initialEntries: [at], prepare: prepareScreen });
  render(
    <Providers authClient={client}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return {
    router,
    api,
    client,
    setMe: (next: Me) => {
      current = next;
    },
  };
}
