import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { onTestFinished, vi } from 'vitest';
import type { AuthSession, Me } from '../../../contracts/auth';
import { createAuthClient } from '../../lib/auth/auth-client';
import {
  apiError,
  buildSession,
  stubApi,
  type StubHandler,
  type StubResponse,
} from '../../lib/testing/stub-api';
import { Providers } from '../providers';
import { routes } from '../router';

/*
 * Web tests only. It lives in web/app (not web/lib/testing, next to stub-api) because it renders the
 * app's own route table and Providers, and web/lib may not import web/app (eslint layer zones).
 */

export type RenderAppOptions = {
  /** The address the app opens at. */
  at: string;
  /** Who GET /api/me says is signed in; null: nobody (the refresh is refused, /api/me is 401). */
  me: Me | null;
  /** What the start-up refresh answers while someone is signed in. */
  session?: AuthSession;
  /** More endpoints, or other answers for the ones above (these win). */
  extra?: Record<string, StubHandler | StubResponse>;
};

/**
 * The whole app in the browser's terms: the real route table and guard, the real auth client and
 * TanStack Query, with only fetch answered by stubApi. The auth client is stopped and fetch unstubbed
 * when the test finishes. `setMe` changes what later GET /api/me calls answer.
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
    vi.unstubAllGlobals();
  });
  const router = createMemoryRouter(routes, { initialEntries: [at] });
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
