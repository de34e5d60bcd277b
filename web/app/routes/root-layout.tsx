import { LogIn } from 'lucide-react';
import { lazy, Suspense, useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { AppShell } from '#web/components/app-shell';
import { ConnectivityToasts } from '#web/components/connectivity-toasts';
import { buttonClasses } from '#web/components/button';
import { FullScreenLoader } from '#web/components/full-screen-loader';
import { NavigationProgress } from '#web/components/navigation-progress';
import { OfflineBanner } from '#web/components/offline-banner';
import { RateLimitNotice } from '#web/components/rate-limit-notice';
import { ToastProvider } from '#web/components/toast';
import { useAuthFlowHold } from '#web/features/auth/lib/auth-flow-hold';
import { AccessGate } from '#web/features/roles/components/access-gate';
import { ThemeToggle } from '#web/features/theme/components/theme-toggle';
import { useOnlineStatus } from '#web/lib/use-online-status';

// Visitors never download the signed-in chrome (account menu, role switch, inactivity dialog).
const SignedInLayout = lazy(async () => ({ default: (await import('./signed-in-layout')).SignedInLayout }));
// A guest link's person gets a lean shell of its own: the session room only.
const GuestLayout = lazy(async () => ({ default: (await import('./guest-layout')).GuestLayout }));

/** SPEC §2: each page scrolls to top on route change. */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** Visitors: the header offers the theme and, away from the sign-in page, Sign in. */
function PublicLayout() {
  const isOnline = useOnlineStatus();
  const { pathname } = useLocation();
  return (
    <AppShell
      headerEnd={
        <>
          {/* On phones the theme follows the system, as when signed in: Sign in keeps its words. */}
          <div className="hidden sm:block">
            <ThemeToggle />
          </div>
          {pathname === '/auth' ? null : (
            <Link to="/auth" className={buttonClasses('ghost', 'whitespace-nowrap px-3 sm:px-4')}>
              <LogIn aria-hidden="true" className="size-4" />
              Sign in
            </Link>
          )}
        </>
      }
      banner={
        <>
          <OfflineBanner isOnline={isOnline} />
          <RateLimitNotice />
        </>
      }
    >
      <Outlet />
    </AppShell>
  );
}

export function RootLayout() {
  const authFlowHeld = useAuthFlowHold();
  return (
    <ToastProvider>
      <ScrollToTop />
      <NavigationProgress />
      <ConnectivityToasts />
      <AccessGate
        authFlowHeld={authFlowHeld}
        render={(view) =>
          view.me?.is_guest ? (
            <Suspense fallback={<FullScreenLoader />}>
              <GuestLayout me={view.me} guestOnly={view.guestOnly} />
            </Suspense>
          ) : view.me ? (
            <Suspense fallback={<FullScreenLoader />}>
              <SignedInLayout me={view.me} secondFactor={view.secondFactor} />
            </Suspense>
          ) : (
            <PublicLayout />
          )
        }
      />
    </ToastProvider>
  );
}
