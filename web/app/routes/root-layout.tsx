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
import { useTheme } from '#web/features/theme/hooks/use-theme';
import { useMediaQuery } from '#web/lib/use-media-query';
import { useOnlineStatus } from '#web/lib/use-online-status';

// Visitors never download the signed-in chrome (account menu, role switch, inactivity dialog).
const SignedInLayout = lazy(async () => ({ default: (await import('./signed-in-layout')).SignedInLayout }));
// A guest link's person gets a lean shell of its own: the session room only.
const GuestLayout = lazy(async () => ({ default: (await import('./guest-layout')).GuestLayout }));
// The theme toggle (radix-ui ToggleGroup) shows from Tailwind's `sm` up: phones never download it.
const ThemeToggle = lazy(async () => ({
  default: (await import('#web/features/theme/components/theme-toggle')).ThemeToggle,
}));
const SM_AND_UP = '(min-width: 640px)';

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
  // While the preference is "system", the page follows the system's light/dark switch, also on
  // phones where the toggle (which would do it too) is not rendered.
  useTheme();
  const wide = useMediaQuery(SM_AND_UP);
  return (
    <AppShell
      headerEnd={
        <>
          {/* On phones the theme follows the system, as when signed in: Sign in keeps its words. */}
          <div className="hidden sm:block">
            {wide ? (
              // The toggle's own size while it loads, so the header does not move.
              <Suspense fallback={<div className="h-[46px] w-[126px]" />}>
                <ThemeToggle />
              </Suspense>
            ) : null}
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
