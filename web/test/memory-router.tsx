import { act } from '@testing-library/react';
import { Suspense, useLayoutEffect } from 'react';
import {
  UNSAFE_createMemoryHistory as createMemoryHistory,
  useLocation,
  useNavigationType,
  useRoutes,
  type Location,
  type Navigator,
  type RouteObject,
} from 'react-router';
import { HistoryRouter, type AppHistory } from '../lib/router';

/**
 * Web tests only: the app's router (web/lib/router.tsx) over a memory history, with the few parts
 * of react-router's data-router API the tests read (`router.state.location`, `historyAction`,
 * `navigation`, `router.navigate`), so a test drives and inspects it as it did before decision 013.
 */
export type TestRouter = {
  readonly state: {
    location: Location;
    historyAction: AppHistory['action'];
    navigation: { state: 'idle'; location: Location | undefined };
  };
  navigate: (to: string | number, options?: { replace?: boolean }) => Promise<void>;
  history: AppHistory;
  routes: RouteObject[];
  prepare?: (pathname: string) => Promise<unknown> | undefined;
  setNavigator: (navigator: Navigator) => void;
  setRendered: (location: Location, action: AppHistory['action']) => void;
};

export function createMemoryRouter(
  routes: RouteObject[],
  options: { initialEntries?: string[]; prepare?: (pathname: string) => Promise<unknown> | undefined } = {},
): TestRouter {
  const history = createMemoryHistory({ initialEntries: options.initialEntries ?? ['/'], v5Compat: true });
  let navigator: Navigator | undefined;
  // What the screen shows (a navigation is committed once the next screen's code is there), as the
  // data router's state.location was; history.location changes at once.
  let rendered = { location: history.location, action: history.action };
  return {
    get state() {
      return {
        location: rendered.location,
        historyAction: rendered.action,
        navigation: { state: 'idle' as const, location: undefined },
      };
    },
    navigate: async (to, navigateOptions) => {
      // As a link or navigate() in the app: through the router's navigator (and its blocker).
      const via = navigator ?? history;
      await act(async () => {
        if (typeof to === 'number') via.go(to);
        else if (navigateOptions?.replace) via.replace(to);
        else via.push(to);
      });
    },
    history,
    setNavigator: (next) => {
      navigator = next;
    },
    setRendered: (location, action) => {
      rendered = { location, action };
    },
    routes,
    prepare: options.prepare,
  };
}

function Routes({ router }: { router: TestRouter }) {
  return useRoutes(router.routes);
}

/** Tells the test router what the screen shows now. */
function RenderedLocation({ router }: { router: TestRouter }) {
  const location = useLocation();
  const action = useNavigationType();
  useLayoutEffect(() => router.setRendered(location, action), [router, location, action]);
  return null;
}

/** Renders the router's routes (a lazy screen shows nothing until its code is there). */
export function RouterProvider({ router }: { router: TestRouter }) {
  return (
    <HistoryRouter history={router.history} onNavigator={router.setNavigator} prepare={router.prepare}>
      <Suspense fallback={null}>
        <RenderedLocation router={router} />
        <Routes router={router} />
      </Suspense>
    </HistoryRouter>
  );
}
