import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { type RouteObject } from 'react-router';
import { createMemoryRouter, RouterProvider } from './memory-router';
import { ToastProvider } from '../components/toast';
import { createAuthClient, type AuthClient } from '../lib/auth/auth-client';
import { AuthClientContext } from '../lib/auth/use-auth';
import type { ToastQueue } from '../lib/toast-queue';
import { stubApi, type StubApi, type StubRoutes } from './api';

export type RenderWithProvidersOptions = {
  /** Endpoints to answer (stubApi over MSW); without it the test answers the network itself. */
  api?: StubRoutes;
  /** The auth client the screen reads; default: a fresh one, never started (nobody signed in). */
  authClient?: AuthClient;
  /**
   * The toast queue to show toasts from (to spy on it); default: the provider's own. false: no toast
   * provider, for a screen that shows none (the toast viewport adds its own status and alert regions).
   */
  toasts?: ToastQueue | false;
  /** The route path `ui` renders at; default: every path. */
  path?: string;
  /** The address the memory router opens at; default: `path`, or "/". */
  at?: string;
  /** More routes beside `ui`'s (e.g. where the screen navigates to). */
  routes?: RouteObject[];
};

/**
 * Web tests only: a screen or component with the app's providers around it (auth client, TanStack
 * Query without retries, toasts, a memory router). The whole app, route table and guard included,
 * renders with ./render-app instead.
 */
export function renderWithProviders(
  ui: ReactNode,
  options: RenderWithProvidersOptions & { api: StubRoutes },
): Rendered & { api: StubApi };
export function renderWithProviders(ui: ReactNode, options?: RenderWithProvidersOptions): Rendered;
export function renderWithProviders(ui: ReactNode, options: RenderWithProvidersOptions = {}) {
  const { path = '*', routes = [] } = options;
  const api = options.api ? stubApi(options.api) : null;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const authClient = options.authClient ?? createAuthClient();
  const router = createMemoryRouter([{ path, element: ui }, ...routes], {
    initialEntries: [options.at ?? (path === '*' ? '/' : path)],
  });
  const routed = <RouterProvider router={router} />;
  const view = render(
    <AuthClientContext.Provider value={authClient}>
      <QueryClientProvider client={queryClient}>
        {options.toasts === false ? routed : <ToastProvider queue={options.toasts}>{routed}</ToastProvider>}
      </QueryClientProvider>
    </AuthClientContext.Provider>,
  );
  return { ...view, api, queryClient, router, authClient };
}

type Rendered = ReturnType<typeof render> & {
  api: StubApi | null;
  queryClient: QueryClient;
  router: ReturnType<typeof createMemoryRouter>;
  authClient: AuthClient;
};
