import { createBrowserRouter, type RouteObject } from 'react-router';
import { FullScreenLoader } from '../components/full-screen-loader';
import { NotFoundPage } from './routes/not-found';
import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';
import { WelcomePage } from './routes/welcome';

/**
 * The route map (SPEC §2). `/` is bundled with the shell; every other screen is loaded lazily.
 * Every route has the error boundary, so a failing screen keeps the header and offers Try Again.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullScreenLoader />,
    children: [
      { index: true, element: <WelcomePage />, errorElement: <RouteError /> },
      {
        path: 'auth',
        errorElement: <RouteError />,
        lazy: async () => ({ Component: (await import('./routes/auth')).AuthPage }),
      },
      {
        path: 'dev/mailbox',
        errorElement: <RouteError />,
        lazy: async () => ({ Component: (await import('./routes/dev-mailbox')).DevMailboxPage }),
      },
      { path: '*', element: <NotFoundPage />, errorElement: <RouteError /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
