// Zod's CSP setting: see web/lib/zod-csp.ts and vite.config.ts (it travels inside Zod's own chunk).
import './lib/zod-csp';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { AppBrowserRouter } from './lib/router';
import { Providers } from './app/providers';
import { AppRoutes, prepareScreen } from './app/router';
import { FullScreenLoader } from './components/full-screen-loader';
import { createAuthClient } from './lib/auth/auth-client';
import './styles/index.css';

// Created once, outside React: StrictMode renders twice, and a second auth client would register
// itself as the access-token provider and leave requests without a token.
const authClient = createAuthClient();

// The first screen's code before the first render (index.html shows the loader meanwhile): the screen
// then commits at once and its requests start with it, instead of after React's 300 ms reveal delay
// for a screen that suspended. A failed load is shown by the screen's error boundary.
await prepareScreen(window.location.pathname)?.catch(() => undefined);

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <Providers authClient={authClient}>
      <AppBrowserRouter prepare={prepareScreen}>
        {/* The first screen's code (later ones load while the current screen stays up). */}
        <Suspense fallback={<FullScreenLoader />}>
          <AppRoutes />
        </Suspense>
      </AppBrowserRouter>
    </Providers>
  </StrictMode>,
);
