import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AppShell } from '../../components/app-shell';
import { OfflineBanner } from '../../components/offline-banner';
import { ThemeToggle } from '../../features/theme/components/theme-toggle';
import { useOnlineStatus } from '../../lib/use-online-status';

/** SPEC §2: each page scrolls to top on route change. */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export function RootLayout() {
  const isOnline = useOnlineStatus();
  return (
    <>
      <ScrollToTop />
      <AppShell headerEnd={<ThemeToggle />} banner={<OfflineBanner isOnline={isOnline} />}>
        <Outlet />
      </AppShell>
    </>
  );
}
