import { useEffect } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { ErrorScreen } from '#web/components/error-screen';

/** The error boundary around every route: logs the error and offers Try Again and Refresh Page. */
export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    console.error('Unhandled page error', error);
  }, [error]);
  return (
    <ErrorScreen
      // Navigating to the same place clears the router's error state and renders the route again.
      onTryAgain={() =>
        void navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true })
      }
      onRefresh={() => window.location.reload()}
    />
  );
}
