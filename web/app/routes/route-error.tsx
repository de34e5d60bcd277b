import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ErrorScreen } from '#web/components/error-screen';
import { RouteErrorBoundary } from '#web/lib/router';

/** The error screen of a route whose screen threw: logs the error and offers Try Again and Refresh Page. */
export function RouteError({ error }: { error: unknown }) {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    console.error('Unhandled page error', error);
  }, [error]);
  return (
    <ErrorScreen
      // Navigating to the same place is a new location: the boundary renders the route again.
      onTryAgain={() =>
        void navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true })
      }
      onRefresh={() => window.location.reload()}
    />
  );
}

/** The error boundary around every route (web/app/router.tsx): RouteError instead of a screen that threw. */
export function RouteBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return (
    <RouteErrorBoundary locationKey={key} fallback={(error) => <RouteError error={error} />}>
      {children}
    </RouteErrorBoundary>
  );
}
