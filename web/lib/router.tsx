import {
  Component,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useTransition,
  type ReactNode,
} from 'react';
import {
  Navigate,
  Router,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  useLocation,
  type Location,
  type Navigator,
} from 'react-router';

/**
 * React Router in declarative mode (decision 013): `<Router>` over a history we own, instead of the
 * data router, whose code (loaders, actions, fetchers, revalidation) every page downloaded and we never
 * used. What the data router gave and screens still need is here, small:
 * - `useNavigationPending`: true while the next screen's code loads (the location changes in a
 *   transition, so React keeps the current screen up meanwhile; the progress bar reads it);
 * - `useBlocker`: the unsaved-changes guard holds a navigation in the app, back and forward included,
 *   until the person chooses;
 * - `RouteErrorBoundary`: a screen that throws shows the error screen inside the layout.
 * The route table is web/app/router.tsx; tests use the same router over a memory history
 * (web/test/memory-router.tsx).
 */

/** A history of react-router's kind (browser or memory), with v5Compat listeners (every change). */
export type AppHistory = ReturnType<typeof createBrowserHistory>;
type To = Parameters<Navigator['push']>[0];

/** The state of a held navigation, as react-router's data router shaped it. */
export type Blocker =
  | { state: 'unblocked'; proceed: undefined; reset: undefined; location: undefined }
  | { state: 'blocked'; proceed: () => void; reset: () => void; location: Location }
  | { state: 'proceeding'; proceed: undefined; reset: undefined; location: Location };

const UNBLOCKED: Blocker = { state: 'unblocked', proceed: undefined, reset: undefined, location: undefined };

export type BlockerFunction = (args: { currentLocation: Location; nextLocation: Location }) => boolean;

type Guard = { shouldBlock: BlockerFunction; setBlocker: (blocker: Blocker) => void };

type RouterExtras = {
  pending: boolean;
  /** Registers the (one) guard of the page; answers its removal. */
  guard: (id: string, guard: Guard) => () => void;
};

const RouterExtrasContext = createContext<RouterExtras>({ pending: false, guard: () => () => undefined });

/** The location a `to` names, resolved as the history will (path, search and hash). */
function locationOf(history: AppHistory, to: To): Location {
  const url = history.createURL(to);
  return {
    pathname: url.pathname,
    search: url.search,
    hash: url.hash,
    state: null,
    key: 'next',
  };
}

/** `<Router>` over `history`: the location changes in a transition; navigations pass the guard first. */
export function HistoryRouter({
  history,
  children,
  onNavigator,
  prepare,
}: {
  history: AppHistory;
  children: ReactNode;
  /** Tests only: receives the guarded navigator, to navigate as a link in the app would. */
  onNavigator?: (navigator: Navigator) => void;
  /**
   * Loads what the screen at a pathname needs before the address changes to it (its code), so a link's
   * new address shows with its screen; the latest navigation wins. Back and forward change the address
   * first (the browser does), then the screen follows.
   */
  prepare?: (pathname: string) => Promise<unknown> | undefined;
}) {
  const [state, setState] = useState({ action: history.action, location: history.location });
  const [transitionPending, startTransition] = useTransition();
  const [preparing, setPreparing] = useState(false);
  const pending = transitionPending || preparing;
  /** The latest link navigation: an earlier one still loading its screen is dropped. */
  const latest = useRef(0);
  const guards = useRef(new Map<string, Guard>());
  /** The screen's location (during a back/forward, history.location is already the next one). */
  const current = useRef(state.location);
  useLayoutEffect(() => {
    current.current = state.location;
  }, [state.location]);
  /**
   * A back/forward the guard held is undone at once ('undo': its event is dropped) and, if the person
   * goes on, done again ('redo': its event is applied without asking).
   */
  const ownPop = useRef<'undo' | 'redo' | null>(null);

  const activeGuard = useCallback(
    (currentLocation: Location, nextLocation: Location) =>
      [...guards.current.values()].find((guard) => guard.shouldBlock({ currentLocation, nextLocation })),
    [],
  );

  useLayoutEffect(
    () =>
      history.listen(({ action, location, delta }) => {
        const own = action === 'POP' ? ownPop.current : null;
        if (own) ownPop.current = null;
        if (own === 'undo') return;
        if (action === 'POP' && !own && delta) {
          const guard = activeGuard(current.current, location);
          if (guard) {
            // The address has already changed: put it back, and hold the move.
            ownPop.current = 'undo';
            history.go(-delta);
            guard.setBlocker({
              state: 'blocked',
              location,
              proceed: () => {
                guard.setBlocker({ state: 'proceeding', proceed: undefined, reset: undefined, location });
                ownPop.current = 'redo';
                history.go(delta);
              },
              reset: () => guard.setBlocker(UNBLOCKED),
            });
            return;
          }
        }
        startTransition(() => setState({ action, location }));
      }),
    [history, activeGuard],
  );

  const navigator = useMemo<Navigator>(() => {
    const held =
      (change: (to: To, navigationState?: unknown) => void) => (to: To, navigationState?: unknown) => {
        const next = locationOf(history, to);
        const move = () => {
          const ticket = ++latest.current;
          const ready = prepare?.(next.pathname);
          if (!ready) {
            setPreparing(false);
            return change(to, navigationState);
          }
          setPreparing(true);
          const go = () => {
            if (ticket !== latest.current) return;
            setPreparing(false);
            change(to, navigationState);
          };
          // A screen whose code failed to load is still navigated to: its boundary shows the error.
          void ready.then(go, go);
        };
        // The navigator runs from links, navigate() and effects, never while rendering.
        // eslint-disable-next-line react-hooks/refs
        const guard = activeGuard(history.location, next);
        if (!guard) return move();
        guard.setBlocker({
          state: 'blocked',
          location: next,
          proceed: () => {
            guard.setBlocker({ state: 'proceeding', proceed: undefined, reset: undefined, location: next });
            move();
          },
          reset: () => guard.setBlocker(UNBLOCKED),
        });
      };
    return {
      createHref: (to) => history.createHref(to),
      encodeLocation: (to) => history.encodeLocation(to),
      go: (delta) => history.go(delta),
      push: held((to, navigationState) => history.push(to, navigationState)),
      replace: held((to, navigationState) => history.replace(to, navigationState)),
    };
  }, [history, activeGuard, prepare]);

  useLayoutEffect(() => onNavigator?.(navigator), [onNavigator, navigator]);

  const guard = useCallback<RouterExtras['guard']>((id, added) => {
    guards.current.set(id, added);
    return () => guards.current.delete(id);
  }, []);
  const extras = useMemo<RouterExtras>(() => ({ pending, guard }), [pending, guard]);

  return (
    <RouterExtrasContext.Provider value={extras}>
      <Router location={state.location} navigationType={state.action} navigator={navigator}>
        {children}
      </Router>
    </RouterExtrasContext.Provider>
  );
}

/** The app in the browser: the address bar's history; `prepare` as HistoryRouter's. */
export function AppBrowserRouter({
  children,
  prepare,
}: {
  children: ReactNode;
  prepare?: (pathname: string) => Promise<unknown> | undefined;
}) {
  const [history] = useState(() => createBrowserHistory({ v5Compat: true }));
  return (
    <HistoryRouter history={history} prepare={prepare}>
      {children}
    </HistoryRouter>
  );
}

/**
 * A redirect (`<Navigate replace>`) made again at every new location. Navigate redirects from an
 * effect; when a navigation comes back to the address shown while the redirect's own navigation was still
 * loading (the next screen's code), React renders the same Navigate with the same props and its effect
 * does not run again: the page would stay blank on the old address. Keyed by the location, it runs again.
 */
export function Redirect({ to }: { to: string }) {
  const { key } = useLocation();
  return <Navigate key={key} to={to} replace />;
}

/** Whether the next screen is still loading (its code, on first visit). */
export function useNavigationPending(): boolean {
  return useContext(RouterExtrasContext).pending;
}

/**
 * Holds a navigation for which `shouldBlock` answers true (links, `navigate`, back and forward) until
 * `proceed` (go) or `reset` (stay) is called; leaving the site is the browser's (beforeunload).
 */
export function useBlocker(shouldBlock: BlockerFunction): Blocker {
  const { guard } = useContext(RouterExtrasContext);
  const id = useId();
  const { key } = useLocation();
  // The hold belongs to the location it was made at: a navigation that went ahead ends it.
  const [held, setHeld] = useState<{ blocker: Blocker; at: string }>({ blocker: UNBLOCKED, at: key });
  const shouldBlockRef = useRef(shouldBlock);
  const keyRef = useRef(key);
  useLayoutEffect(() => {
    shouldBlockRef.current = shouldBlock;
    keyRef.current = key;
  }, [shouldBlock, key]);
  useEffect(
    () =>
      guard(id, {
        shouldBlock: (args) => shouldBlockRef.current(args),
        setBlocker: (blocker) => setHeld({ blocker, at: keyRef.current }),
      }),
    [guard, id],
  );
  return held.at === key ? held.blocker : UNBLOCKED;
}

/**
 * A screen's error boundary: renders `fallback(error)` instead of a screen that threw, until the
 * address changes (a new location, also to the same address: Try Again) or `children` are new.
 */
export class RouteErrorBoundary extends Component<
  { fallback: (error: unknown) => ReactNode; children: ReactNode; locationKey: string },
  { error: unknown; locationKey: string }
> {
  override state = { error: undefined as unknown, locationKey: this.props.locationKey };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('A screen failed') };
  }

  static getDerivedStateFromProps(
    props: { locationKey: string },
    state: { error: unknown; locationKey: string },
  ) {
    return props.locationKey === state.locationKey
      ? null
      : { error: undefined, locationKey: props.locationKey };
  }

  override render() {
    return this.state.error === undefined ? this.props.children : this.props.fallback(this.state.error);
  }
}
