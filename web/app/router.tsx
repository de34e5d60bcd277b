import { createElement, use, type ComponentType, type ReactElement } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { Redirect } from '#web/lib/router';
import type { ScreenHandle } from './routes/coming-soon';
import { NotFoundPage } from './routes/not-found';
import { RootLayout } from './routes/root-layout';
import { RouteBoundary } from './routes/route-error';
import { WelcomePage } from './routes/welcome';

/**
 * The route map (SPEC §2), rendered by `useRoutes` under AppBrowserRouter (web/lib/router.tsx,
 * decision 013). `/` (the welcome screen) is bundled with the shell; every other screen is loaded
 * lazily (`lazyScreen`: the current screen stays up while the next one's code loads). Every route has
 * the error boundary, so a failing screen keeps the header and offers Try Again. Who may open what is
 * decided in one place, the access gate in RootLayout (web/features/roles/route-access.ts), not here.
 *
 * Screens whose capability is not built yet share one small lazy module, ComingSoonPage, given the
 * title and purpose the route names. A capability replaces its entry's `screen(...)` with its own page.
 */
/** Each lazy screen's loader, by its component: `prepareScreen` loads a screen's code before going there. */
const loaders = new Map<unknown, () => Promise<unknown>>();

/**
 * A screen whose code loads on first use and can be asked for ahead (one import, shared with the
 * render). Unlike React.lazy, a screen whose code is already there renders at once instead of
 * suspending for a tick: the first screen (loaded before the first render, web/main.tsx) then commits
 * without a fallback, because React reveals a boundary at the earliest 300 ms after its fallback showed
 * and the screen's requests would start only then.
 */
function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>) {
  // Marked fulfilled when loaded, as React's use() reads a promise it has seen before: a render after
  // that gets the component at once, one that comes earlier suspends until it is there.
  let loading: Promise<ComponentType<P>> | undefined;
  const once = () => {
    if (!loading) {
      const promise = load();
      promise.then(
        (component) => Object.assign(promise, { status: 'fulfilled', value: component }),
        () => undefined, // the render's use() gets the failure and the screen's error boundary shows it
      );
      loading = promise;
    }
    return loading;
  };
  function Screen(props: P) {
    // One module's export, the same at every render (not a component made here).
    return createElement(use(once()), props);
  }
  loaders.set(Screen, once);
  return Screen;
}

/** Whether a screen's code loads when first needed (not bundled with the shell). */
export const isLazyScreen = (component: unknown) => loaders.has(component);

const page = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType): RouteObject['element'] => {
  const Screen = lazyScreen(async () => pick(await load()));
  return (
    <RouteBoundary>
      <Screen />
    </RouteBoundary>
  );
};

const ComingSoonPage = lazyScreen(async () => (await import('./routes/coming-soon')).ComingSoonPage);

/** The screen a route renders inside its RouteBoundary (undefined for a redirect). */
const screenOf = (route: RouteObject | undefined) =>
  (route?.element as ReactElement<{ children?: ReactElement<Partial<ScreenHandle>> }> | undefined)?.props
    .children;

/** What a route's coming-soon screen says it is, or undefined for a route with a real page. */
export function comingSoonOf(route: RouteObject): ScreenHandle | undefined {
  const screenElement = screenOf(route);
  return screenElement?.type === ComingSoonPage &&
    typeof screenElement.props.title === 'string' &&
    typeof screenElement.props.description === 'string'
    ? { title: screenElement.props.title, description: screenElement.props.description }
    : undefined;
}

const screen = (path: string, title: string, description: string): RouteObject => ({
  path,
  element: (
    <RouteBoundary>
      <ComingSoonPage title={title} description={description} />
    </RouteBoundary>
  ),
});

const HELP_TOPICS: [slug: string, title: string, description: string][] = [
  ['managing-clients', 'Managing clients', 'How coaches keep track of their clients and their sessions.'],
  ['payments-earnings', 'Payments and earnings', 'How coaches are paid and how earnings are withdrawn.'],
  ['profile-setup', 'Profile setup', 'How coaches set up a profile that clients understand at a glance.'],
  ['getting-started', 'Getting started', 'The first steps on Wellspring, for clients and coaches.'],
  ['finding-coaches', 'Finding coaches', 'How clients find a coach who fits them.'],
  ['booking-sessions', 'Booking sessions', 'How clients book a session now or for later.'],
  ['client-payments', 'Client payments', 'How clients pay for sessions from their wallet.'],
  ['account-settings', 'Account settings', 'How to change your sign-in details, security and preferences.'],
];

export const routes: RouteObject[] = [
  {
    element: (
      <RouteBoundary>
        <RootLayout />
      </RouteBoundary>
    ),
    children: [
      {
        index: true,
        element: (
          <RouteBoundary>
            <WelcomePage />
          </RouteBoundary>
        ),
      },
      {
        path: 'auth',
        element: page(
          () => import('./routes/auth'),
          (m) => m.AuthPage,
        ),
      },
      {
        path: 'dev/mailbox',
        element: page(
          () => import('./routes/dev-mailbox'),
          (m) => m.DevMailboxPage,
        ),
      },
      {
        path: 'auth/callback',
        element: page(
          () => import('./routes/auth-callback'),
          (m) => m.AuthCallbackPage,
        ),
      },
      {
        path: 'auth/google/callback',
        element: page(
          () => import('./routes/auth-callback'),
          (m) => m.AuthCallbackPage,
        ),
      },

      // ---- Public routes (no sign-in).
      screen('discovery/:bookingId', 'Discovery call', 'The discovery call session for a booking.'),
      {
        path: 'coach/:username',
        element: page(
          () => import('./routes/coach-profile'),
          (m) => m.CoachProfilePage,
        ),
      },
      {
        path: 'coach/:username/website',
        element: page(
          () => import('./routes/coach-website'),
          (m) => m.CoachWebsitePage,
        ),
      },
      {
        path: 'client/:username',
        element: page(
          () => import('./routes/client-public-profile'),
          (m) => m.ClientPublicProfilePage,
        ),
      },
      // SPEC §2: /profile/:username and /profile/{id} are the same coach view, never redirected.
      {
        path: 'profile/:username',
        element: page(
          () => import('./routes/coach-profile'),
          (m) => m.CoachProfilePage,
        ),
      },
      screen('invite/:firstName', "You're invited", 'The landing page for an invitation to Wellspring.'),
      {
        path: 'session/:sessionId',
        element: page(
          () => import('./routes/session'),
          (m) => m.SessionPage,
        ),
      },
      screen('marketplace', 'Marketplace', 'Browse what coaches offer on Wellspring.'),
      screen('marketplace/*', 'Marketplace', 'Browse what coaches offer on Wellspring.'),
      screen('post/:id', 'Post', 'A post from the Wellspring community.'),
      {
        path: 'discover',
        element: page(
          () => import('./routes/discover'),
          (m) => m.DiscoverPage,
        ),
      },
      {
        path: 'program/:id',
        element: page(
          () => import('./routes/program'),
          (m) => m.ProgramPage,
        ),
      },
      screen('help-center', 'Help centre', 'Answers to common questions about using Wellspring.'),
      screen('help', 'Help centre', 'Answers to common questions about using Wellspring.'),
      ...HELP_TOPICS.map(([slug, title, description]) => screen(`help-center/${slug}`, title, description)),

      // ---- Signed-in routes (login guard).
      {
        path: 'portal',
        element: page(
          () => import('./routes/portal'),
          (m) => m.PortalPage,
        ),
      },
      {
        path: 'client-portal',
        element: page(
          () => import('./routes/client-portal'),
          (m) => m.ClientPortalPage,
        ),
      },
      screen(
        'shiny-objects',
        'Shiny objects',
        'This screen is part of the product map; what it holds has not been described yet.',
      ),
      {
        path: 'profile',
        element: page(
          () => import('./routes/profile-overview'),
          (m) => m.ProfileOverviewPage,
        ),
      },
      {
        path: 'profile/edit',
        element: page(
          () => import('./routes/profile-edit'),
          (m) => m.ProfileEditPage,
        ),
      },
      {
        path: 'profile/preview',
        element: page(
          () => import('./routes/profile-preview'),
          (m) => m.ProfilePreviewPage,
        ),
      },
      // Also /profile/{id}/preview: one pattern (route-access.ts).
      {
        path: 'profile/:username/preview',
        element: page(
          () => import('./routes/profile-preview'),
          (m) => m.ProfilePreviewPage,
        ),
      },
      // SPEC §2: /profile/:username/edit and /profile/{id}/edit both open the caller's own editor at
      // /profile/edit (the guard redirects first, route-access.ts REDIRECT_ROUTES); nobody edits another's.
      { path: 'profile/:username/edit', element: <Redirect to="/profile/edit" /> },
      {
        path: 'services',
        element: page(
          () => import('./routes/services'),
          (m) => m.ServicesPage,
        ),
      },
      {
        path: 'manage-revenue',
        element: page(
          () => import('./routes/revenue'),
          (m) => m.RevenuePage,
        ),
      },
      {
        path: 'revenue',
        element: page(
          () => import('./routes/revenue'),
          (m) => m.RevenuePage,
        ),
      },
      {
        path: 'cards',
        element: page(
          () => import('./routes/cards'),
          (m) => m.CardsPage,
        ),
      },
      {
        path: 'withdrawal/success',
        element: page(
          () => import('./routes/withdrawal-success'),
          (m) => m.WithdrawalSuccessPage,
        ),
      },
      screen('invite-clients', 'Invite clients', 'Invite the people you coach to join you on Wellspring.'),
      {
        path: 'branding',
        element: page(
          () => import('./routes/branding'),
          (m) => m.BrandingPage,
        ),
      },
      screen('documentation', 'Documentation', 'Guides to running your practice on Wellspring.'),
      {
        path: 'chat',
        element: page(
          () => import('./routes/messages'),
          (m) => m.MessagesPage,
        ),
      },
      // /chat/<conversation id>: the screen reads the id from the splat.
      {
        path: 'chat/*',
        element: page(
          () => import('./routes/messages'),
          (m) => m.MessagesPage,
        ),
      },
      {
        path: 'messages',
        element: page(
          () => import('./routes/messages'),
          (m) => m.MessagesPage,
        ),
      },
      screen('community', 'Community', 'Posts and conversations from the Wellspring community.'),
      screen('create-post', 'Create a post', 'Write a post for the community.'),
      screen('poster-maker', 'Create a post', 'Write a post for the community.'),
      {
        path: 'notifications',
        element: page(
          () => import('./routes/notifications'),
          (m) => m.NotificationsPage,
        ),
      },
      {
        path: 'settings',
        element: page(
          () => import('./routes/settings'),
          (m) => m.SettingsPage,
        ),
      },
      screen('support', 'Support', 'Get help from the Wellspring team.'),
      {
        path: 'review/:sessionId',
        element: page(
          () => import('./routes/review'),
          (m) => m.ReviewPage,
        ),
      },
      {
        path: 'coach-review/:sessionId',
        element: page(
          () => import('./routes/review'),
          (m) => m.ReviewPage,
        ),
      },
      {
        path: 'session-waiting/:sessionId',
        element: page(
          () => import('./routes/session-waiting'),
          (m) => m.SessionWaitingPage,
        ),
      },
      {
        path: 'waiting-room/:requestId',
        element: page(
          () => import('./routes/waiting-room'),
          (m) => m.WaitingRoomPage,
        ),
      },
      {
        path: 'follow-up/:sessionId',
        element: page(
          () => import('./routes/follow-up'),
          (m) => m.FollowUpPage,
        ),
      },
      {
        path: 'client-session-flow/:serviceId',
        element: page(
          () => import('./routes/client-session-flow'),
          (m) => m.ClientSessionFlowPage,
        ),
      },
      {
        path: 'wallet',
        element: page(
          () => import('./routes/wallet'),
          (m) => m.WalletPage,
        ),
      },
      {
        path: 'gift',
        element: page(
          () => import('./routes/gift'),
          (m) => m.GiftPage,
        ),
      },
      {
        path: 'client-chat',
        element: page(
          () => import('./routes/messages'),
          (m) => m.MessagesPage,
        ),
      },
      {
        path: 'client-favorites',
        element: page(
          () => import('./routes/client-favorites'),
          (m) => m.ClientFavoritesPage,
        ),
      },
      {
        path: 'client-programs',
        element: page(
          () => import('./routes/client-programs'),
          (m) => m.ClientProgramsPage,
        ),
      },
      {
        path: 'client-wallet',
        element: page(
          () => import('./routes/wallet'),
          (m) => m.WalletPage,
        ),
      },
      screen('client-habit-tracker', 'Habit tracker', 'Track your daily habits and keep your streaks going.'),
      screen('habit-tracker', 'Habit tracker', 'Track your daily habits and keep your streaks going.'),
      {
        path: 'client-profile',
        element: page(
          () => import('./routes/client-profile'),
          (m) => m.ClientProfilePage,
        ),
      },
      {
        path: 'client-profile-edit',
        element: page(
          () => import('./routes/client-profile-edit'),
          (m) => m.ClientProfileEditPage,
        ),
      },
      {
        path: 'client-profile-view/:clientId',
        element: page(
          () => import('./routes/client-profile-view'),
          (m) => m.ClientProfileViewPage,
        ),
      },
      screen('client-success/:userId', 'Client success', 'What a client has achieved with their coach.'),
      {
        path: 'rating-reviews',
        element: page(
          () => import('./routes/reviews'),
          (m) => m.ReviewsPage,
        ),
      },
      {
        path: 'reviews',
        element: page(
          () => import('./routes/reviews'),
          (m) => m.ReviewsPage,
        ),
      },
      {
        path: 'program/:programId/lesson/:lessonNumber',
        element: page(
          () => import('./routes/program-lesson'),
          (m) => m.ProgramLessonPage,
        ),
      },
      {
        path: 'coach-application',
        element: page(
          () => import('./routes/coach-application'),
          (m) => m.CoachApplicationPage,
        ),
      },

      // ---- Admin routes (active admins with a verified second factor).
      {
        path: 'admin',
        element: page(
          () => import('./routes/admin-overview'),
          (m) => m.AdminOverviewPage,
        ),
      },
      {
        path: 'admin/applications',
        element: page(
          () => import('./routes/admin-applications'),
          (m) => m.AdminApplicationsPage,
        ),
      },
      screen('admin/coaches', 'Coaches', 'Every coach on the platform.'),
      {
        path: 'admin/revenue',
        element: page(
          () => import('./routes/admin-revenue'),
          (m) => m.AdminRevenuePage,
        ),
      },
      {
        path: 'admin/platform-revenue',
        element: page(
          () => import('./routes/admin-platform-revenue'),
          (m) => m.AdminPlatformRevenuePage,
        ),
      },
      screen('admin/feedback', 'Feedback', 'What clients and coaches tell us.'),
      screen('admin/sessions', 'Sessions', 'Sessions across the platform.'),
      screen('admin/community', 'Community moderation', 'Posts and reports from the community.'),
      screen('admin/system', 'System', "The platform's health and its security events."),
      screen(
        'admin/settings',
        'Platform settings',
        'Settings for the whole platform and who administers it.',
      ),

      // ---- Redirects.
      { path: 'wellstream', element: <Redirect to="/community" /> },
      { path: 'wellstream/*', element: <Redirect to="/community" /> },

      {
        path: '*',
        element: (
          <RouteBoundary>
            <NotFoundPage />
          </RouteBoundary>
        ),
      },
    ],
  },
];

/**
 * Loads the code of the screen at `pathname` (AppBrowserRouter's `prepare`): the address changes once
 * the next screen can show, as with the data router, so the address and the screen agree (the current
 * screen stays up, with the progress bar, meanwhile). Undefined when there is nothing to load.
 */
export function prepareScreen(pathname: string): Promise<unknown> | undefined {
  const screenElement = screenOf(matchRoutes(routes, pathname)?.at(-1)?.route);
  return screenElement ? loaders.get(screenElement.type)?.() : undefined;
}

/** The screen the address names (inside AppBrowserRouter and a Suspense for the first screen's code). */
export function AppRoutes() {
  return useRoutes(routes);
}
