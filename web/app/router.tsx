import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { FullScreenLoader } from '../components/full-screen-loader';
import { NotFoundPage } from './routes/not-found';
import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';
import { WelcomePage } from './routes/welcome';

/**
 * The route map (SPEC §2). `/` (the welcome screen) is bundled with the shell; every other screen
 * is loaded lazily. Every route has the error boundary, so a failing screen keeps the header and
 * offers Try Again. Who may open what is decided in one place, the access gate in RootLayout
 * (web/features/roles/route-access.ts), not here.
 *
 * Screens whose capability is not built yet share one small lazy module, ComingSoonPage, which
 * shows the title and purpose given in the route's handle. A capability replaces its entry's
 * `lazy` with its own page.
 */
const comingSoon = async () => ({ Component: (await import('./routes/coming-soon')).ComingSoonPage });

const screen = (path: string, title: string, description: string): RouteObject => ({
  path,
  handle: { title, description },
  errorElement: <RouteError />,
  lazy: comingSoon,
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
      {
        path: 'auth/callback',
        errorElement: <RouteError />,
        lazy: async () => ({ Component: (await import('./routes/auth-callback')).AuthCallbackPage }),
      },
      {
        path: 'auth/google/callback',
        errorElement: <RouteError />,
        lazy: async () => ({ Component: (await import('./routes/auth-callback')).AuthCallbackPage }),
      },

      // ---- Public routes (no sign-in).
      screen('discovery/:bookingId', 'Discovery call', 'The discovery call session for a booking.'),
      {
        path: 'coach/:username',
        errorElement: <RouteError />,
        lazy: async () => ({ Component: (await import('./routes/coach-profile')).CoachProfilePage }),
      },
      {
        path: 'coach/:username/website',
        errorElement: <RouteError />,
        lazy: async () => ({ Component: (await import('./routes/coach-website')).CoachWebsitePage }),
      },
      {
        path: 'client/:username',
        errorElement: <RouteError />,
        lazy: async () => ({
          Component: (await import('./routes/client-public-profile')).ClientPublicProfilePage,
        }),
      },
      // SPEC §2: /profile/:username and /profile/{id} are the same coach view, never redirected.
      {
        path: 'profile/:username',
        errorElement: <RouteError />,
        lazy: async () => ({ Component: (await import('./routes/coach-profile')).CoachProfilePage }),
      },
      screen('invite/:firstName', "You're invited", 'The landing page for an invitation to Wellspring.'),
      {
        path: 'session/:sessionId',
        errorElement: <RouteError />,
        lazy: async () => ({ Component: (await import('./routes/session')).SessionPage }),
      },
      screen('marketplace', 'Marketplace', 'Browse what coaches offer on Wellspring.'),
      screen('marketplace/*', 'Marketplace', 'Browse what coaches offer on Wellspring.'),
      screen('post/:id', 'Post', 'A post from the Wellspring community.'),
      {
        path: 'discover',
        errorElement: <RouteError />,
        lazy: async () => ({ Component: (await import('./routes/discover')).DiscoverPage }),
      },
      {
        path: 'program/:id',
        errorElement: <RouteError />,
        lazy: async () => ({ Component: (await import('./routes/program')).ProgramPage }),
      },
      screen('help-center', 'Help centre', 'Answers to common questions about using Wellspring.'),
      screen('help', 'Help centre', 'Answers to common questions about using Wellspring.'),
      ...HELP_TOPICS.map(([slug, title, description]) => screen(`help-center/${slug}`, title, description)),

      // ---- Signed-in routes (login guard).
      {
        path: 'portal',
        errorElement: <RouteError />,
        lazy: async () => ({ Component: (await import('./routes/portal')).PortalPage }),
      },
      {
        path: 'client-portal',
        errorElement: <RouteError />,
        lazy: async () => ({ Component: (await import('./routes/client-portal')).ClientPortalPage }),
      },
      screen(
        'shiny-objects',
        'Shiny objects',
        'This screen is part of the product map; what it holds has not been described yet.',
      ),
      {
        path: 'profile',
        errorElement: <RouteError />,
        lazy: async () => ({ Component: (await import('./routes/profile-overview')).ProfileOverviewPage }),
      },
      {
        path: 'profile/edit',
        errorElement: <RouteError />,
        lazy: async () => ({ Component: (await import('./routes/profile-edit')).ProfileEditPage }),
      },
      {
        path: 'profile/preview',
        errorElement: <RouteError />,
        lazy: async () => ({ Component: (await import('./routes/profile-preview')).ProfilePreviewPage }),
      },
      // Also /profile/{id}/preview: one pattern (route-access.ts).
      {
        path: 'profile/:username/preview',
        errorElement: <RouteError />,
        lazy: async () => ({ Component: (await import('./routes/profile-preview')).ProfilePreviewPage }),
      },
      // SPEC §2: /profile/:username/edit and /profile/{id}/edit both open the caller's own editor at
      // /profile/edit (the guard redirects first, route-access.ts REDIRECT_ROUTES); nobody edits another's.
      { path: 'profile/:username/edit', loader: () => redirect('/profile/edit') },
      {
        path: 'services',
        errorElement: <RouteError />,
        lazy: async () => ({ Component: (await import('./routes/services')).ServicesPage }),
      },
      {
        path: 'manage-revenue',
        errorElement: <RouteError />,
        lazy: async () => ({ Component: (await import('./routes/revenue')).RevenuePage }),
      },
      {
        path: 'revenue',
        errorElement: <RouteError />,
        lazy: async () => ({ Component: (await import('./routes/revenue')).RevenuePage }),
      },
      {
        path: 'cards',
        errorElement: <RouteError />,
        lazy: async () => ({ Component: (await import('./routes/cards')).CardsPage }),
      },
      {
        path: 'withdrawal/success',
        errorElement: <RouteError />,
        lazy: async () => ({
          Component: (await import('./routes/withdrawal-success')).WithdrawalSuccessPage,
        }),
      },
      screen('invite-clients', 'Invite clients', 'Invite the people you coach to join you on Wellspring.'),
      {
        path: 'branding',
        errorElement: <RouteError />,
        lazy: async () => ({ Component: (await import('./routes/branding')).BrandingPage }),
      },
      screen('documentation', 'Documentation', 'Guides to running your practice on Wellspring.'),
      screen('chat', 'Chat', 'Your conversations with coaches and clients.'),
      screen('chat/*', 'Chat', 'Your conversations with coaches and clients.'),
      screen('messages', 'Messages', 'Your conversations with coaches and clients.'),
      screen('community', 'Community', 'Posts and conversations from the Wellspring community.'),
      screen('create-post', 'Create a post', 'Write a post for the community.'),
      screen('poster-maker', 'Create a post', 'Write a post for the community.'),
      screen('notifications', 'Notifications', 'Updates about your requests, sessions and messages.'),
      {
        path: 'settings',
        errorElement: <RouteError />,
        lazy: async () => ({ Component: (await import('./routes/settings')).SettingsPage }),
      },
      screen('support', 'Support', 'Get help from the Wellspring team.'),
      {
        path: 'review/:sessionId',
        errorElement: <RouteError />,
        lazy: async () => ({ Component: (await import('./routes/review')).ReviewPage }),
      },
      {
        path: 'coach-review/:sessionId',
        errorElement: <RouteError />,
        lazy: async () => ({ Component: (await import('./routes/review')).ReviewPage }),
      },
      {
        path: 'session-waiting/:sessionId',
        errorElement: <RouteError />,
        lazy: async () => ({ Component: (await import('./routes/session-waiting')).SessionWaitingPage }),
      },
      {
        path: 'waiting-room/:requestId',
        errorElement: <RouteError />,
        lazy: async () => ({ Component: (await import('./routes/waiting-room')).WaitingRoomPage }),
      },
      {
        path: 'follow-up/:sessionId',
        errorElement: <RouteError />,
        lazy: async () => ({ Component: (await import('./routes/follow-up')).FollowUpPage }),
      },
      screen(
        'client-session-flow/:serviceId',
        'Book a session',
        'Choose how and when to hold a session for this service.',
      ),
      {
        path: 'wallet',
        errorElement: <RouteError />,
        lazy: async () => ({ Component: (await import('./routes/wallet')).WalletPage }),
      },
      {
        path: 'gift',
        errorElement: <RouteError />,
        lazy: async () => ({ Component: (await import('./routes/gift')).GiftPage }),
      },
      screen('client-chat', 'Messages', 'Your conversations with your coaches.'),
      {
        path: 'client-favorites',
        errorElement: <RouteError />,
        lazy: async () => ({ Component: (await import('./routes/client-favorites')).ClientFavoritesPage }),
      },
      {
        path: 'client-programs',
        errorElement: <RouteError />,
        lazy: async () => ({ Component: (await import('./routes/client-programs')).ClientProgramsPage }),
      },
      {
        path: 'client-wallet',
        errorElement: <RouteError />,
        lazy: async () => ({ Component: (await import('./routes/wallet')).WalletPage }),
      },
      screen('client-habit-tracker', 'Habit tracker', 'Track your daily habits and keep your streaks going.'),
      screen('habit-tracker', 'Habit tracker', 'Track your daily habits and keep your streaks going.'),
      {
        path: 'client-profile',
        errorElement: <RouteError />,
        lazy: async () => ({ Component: (await import('./routes/client-profile')).ClientProfilePage }),
      },
      {
        path: 'client-profile-edit',
        errorElement: <RouteError />,
        lazy: async () => ({
          Component: (await import('./routes/client-profile-edit')).ClientProfileEditPage,
        }),
      },
      {
        path: 'client-profile-view/:clientId',
        errorElement: <RouteError />,
        lazy: async () => ({
          Component: (await import('./routes/client-profile-view')).ClientProfileViewPage,
        }),
      },
      screen('client-success/:userId', 'Client success', 'What a client has achieved with their coach.'),
      {
        path: 'rating-reviews',
        errorElement: <RouteError />,
        lazy: async () => ({ Component: (await import('./routes/reviews')).ReviewsPage }),
      },
      {
        path: 'reviews',
        errorElement: <RouteError />,
        lazy: async () => ({ Component: (await import('./routes/reviews')).ReviewsPage }),
      },
      {
        path: 'program/:programId/lesson/:lessonNumber',
        errorElement: <RouteError />,
        lazy: async () => ({ Component: (await import('./routes/program-lesson')).ProgramLessonPage }),
      },
      {
        path: 'coach-application',
        errorElement: <RouteError />,
        lazy: async () => ({
          Component: (await import('./routes/coach-application')).CoachApplicationPage,
        }),
      },

      // ---- Admin routes (active admins with a verified second factor).
      {
        path: 'admin',
        errorElement: <RouteError />,
        lazy: async () => ({ Component: (await import('./routes/admin-overview')).AdminOverviewPage }),
      },
      {
        path: 'admin/applications',
        errorElement: <RouteError />,
        lazy: async () => ({
          Component: (await import('./routes/admin-applications')).AdminApplicationsPage,
        }),
      },
      screen('admin/coaches', 'Coaches', 'Every coach on the platform.'),
      {
        path: 'admin/revenue',
        errorElement: <RouteError />,
        lazy: async () => ({ Component: (await import('./routes/admin-revenue')).AdminRevenuePage }),
      },
      {
        path: 'admin/platform-revenue',
        errorElement: <RouteError />,
        lazy: async () => ({
          Component: (await import('./routes/admin-platform-revenue')).AdminPlatformRevenuePage,
        }),
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
      { path: 'wellstream', loader: () => redirect('/community') },
      { path: 'wellstream/*', loader: () => redirect('/community') },

      { path: '*', element: <NotFoundPage />, errorElement: <RouteError /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
