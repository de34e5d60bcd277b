import {
  ArrowLeftRight,
  Banknote,
  Bell,
  BookOpen,
  Briefcase,
  ClipboardCheck,
  Compass,
  CreditCard,
  Gift,
  GraduationCap,
  Heart,
  House,
  LayoutDashboard,
  LifeBuoy,
  ListChecks,
  MessageCircle,
  MessagesSquare,
  Palette,
  Settings,
  ShieldCheck,
  SlidersHorizontal,
  Sparkles,
  Star,
  UserPlus,
  UserRound,
  Users,
  Video,
  Wallet,
} from 'lucide-react';
import type { Me } from '#contracts/auth';
import type { AdminPermission } from '#domain/auth/permissions';
import type { NavItem } from '#web/components/app-shell';

const icon = (Icon: typeof House) => <Icon aria-hidden="true" className="size-5" />;

/**
 * One entry of a role's navigation: the one source for the sidebar (wide screens), the phone's
 * bottom bar (`primary`, at most four, then "More") and the "More" sheet (everything else).
 * `working: false` marks a route that still shows "Coming soon" (a `screen()` in web/app/router.tsx;
 * test/authz/navigation.test.ts keeps the two in step). A placeholder is never primary.
 */
export type NavEntry = NavItem & {
  working: boolean;
  primary?: boolean;
  /** Admin sections: listed only for admins whose role grants this permission (SPEC §6). */
  permission?: AdminPermission;
  /** One line on what the screen is for (the admin overview's cards). */
  description?: string;
};

/** Client (SPEC §2 client screens). */
export const CLIENT_NAV: readonly NavEntry[] = [
  { to: '/client-portal', label: 'Home', icon: icon(House), working: true, primary: true },
  { to: '/discover', label: 'Discover', icon: icon(Compass), working: true, primary: true },
  { to: '/client-programs', label: 'Programs', icon: icon(GraduationCap), working: true, primary: true },
  { to: '/wallet', label: 'Wallet', icon: icon(Wallet), working: true, primary: true },
  { to: '/gift', label: 'Gifts', icon: icon(Gift), working: true },
  { to: '/client-favorites', label: 'Favourites', icon: icon(Heart), working: true },
  { to: '/messages', label: 'Messages', icon: icon(MessageCircle), working: true },
  { to: '/reviews', label: 'Reviews', icon: icon(Star), working: true },
  { to: '/client-profile', label: 'My profile', icon: icon(UserRound), working: true },
  { to: '/coach-application', label: 'Become a coach', icon: icon(Briefcase), working: true },
  { to: '/settings', label: 'Settings', icon: icon(Settings), working: true },
  { to: '/habit-tracker', label: 'Habits', icon: icon(ListChecks), working: false },
  { to: '/community', label: 'Community', icon: icon(MessagesSquare), working: false },
  { to: '/notifications', label: 'Notifications', icon: icon(Bell), working: true },
  { to: '/help-center', label: 'Help', icon: icon(LifeBuoy), working: false },
];

/** Coach. */
export const COACH_NAV: readonly NavEntry[] = [
  { to: '/portal', label: 'Home', icon: icon(House), working: true, primary: true },
  { to: '/services', label: 'Services', icon: icon(Briefcase), working: true, primary: true },
  { to: '/manage-revenue', label: 'Revenue', icon: icon(Banknote), working: true, primary: true },
  { to: '/profile', label: 'Profile', icon: icon(UserRound), working: true, primary: true },
  { to: '/messages', label: 'Messages', icon: icon(MessageCircle), working: true },
  { to: '/reviews', label: 'Reviews', icon: icon(Star), working: true },
  { to: '/cards', label: 'Payout methods', icon: icon(CreditCard), working: true },
  { to: '/branding', label: 'Branding', icon: icon(Palette), working: true },
  { to: '/settings', label: 'Settings', icon: icon(Settings), working: true },
  { to: '/community', label: 'Community', icon: icon(MessagesSquare), working: false },
  { to: '/invite-clients', label: 'Invite clients', icon: icon(UserPlus), working: false },
  { to: '/notifications', label: 'Notifications', icon: icon(Bell), working: true },
  { to: '/documentation', label: 'Documentation', icon: icon(BookOpen), working: false },
  { to: '/help-center', label: 'Help', icon: icon(LifeBuoy), working: false },
];

/** Without a role a person may use only these (SPEC §2); home is the role choice. */
export const NO_ROLE_NAV: readonly NavEntry[] = [
  { to: '/', label: 'Home', icon: icon(House), working: true, primary: true },
  { to: '/settings', label: 'Settings', icon: icon(Settings), working: true, primary: true },
  { to: '/community', label: 'Community', icon: icon(MessagesSquare), working: false },
  { to: '/notifications', label: 'Notifications', icon: icon(Bell), working: true },
  { to: '/help-center', label: 'Help', icon: icon(LifeBuoy), working: false },
];

/** SPEC §2 admin routes, in the order the spec lists them. */
export const ADMIN_NAV: readonly NavEntry[] = [
  { to: '/admin', label: 'Overview', icon: icon(LayoutDashboard), end: true, working: true, primary: true },
  {
    to: '/admin/applications',
    description: 'Review the people who applied to coach on Wellspring.',
    label: 'Applications',
    icon: icon(ClipboardCheck),
    working: true,
    primary: true,
    permission: 'manage_applications',
  },
  {
    to: '/admin/coaches',
    label: 'Coaches',
    icon: icon(Users),
    working: false,
    description: 'Every coach on the platform.',
  },
  {
    to: '/admin/revenue',
    description: 'Coach earnings, payouts and refunds.',
    label: 'Revenue',
    icon: icon(Banknote),
    working: true,
    primary: true,
    permission: 'view_revenue',
  },
  {
    to: '/admin/platform-revenue',
    description: "The platform's share of every session payment, less refunds.",
    label: 'Platform revenue',
    short: 'Platform',
    icon: icon(Wallet),
    working: true,
    primary: true,
    permission: 'view_platform_revenue',
  },
  {
    to: '/admin/feedback',
    label: 'Feedback',
    icon: icon(Sparkles),
    working: false,
    description: 'What clients and coaches tell us.',
  },
  {
    to: '/admin/sessions',
    label: 'Sessions',
    icon: icon(Video),
    working: false,
    description: 'Sessions across the platform.',
  },
  {
    to: '/admin/community',
    label: 'Community',
    icon: icon(MessagesSquare),
    working: false,
    description: 'Posts and reports from the community.',
  },
  {
    to: '/admin/system',
    label: 'System',
    icon: icon(ShieldCheck),
    working: false,
    description: "The platform's health and its security events.",
  },
  {
    to: '/admin/settings',
    label: 'Platform settings',
    icon: icon(SlidersHorizontal),
    working: false,
    description: 'Settings for the whole platform and who administers it.',
  },
];

const ADMINISTRATION: NavEntry = {
  to: '/admin',
  label: 'Administration',
  icon: icon(ShieldCheck),
  working: true,
};

export const isAdminArea = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

/** The admin sections an admin's role opens (SPEC §6), placeholders included. */
export function adminSectionsFor(me: Me): NavEntry[] {
  const permissions = me.admin?.permissions ?? [];
  return ADMIN_NAV.filter((entry) => !entry.permission || permissions.includes(entry.permission));
}

/**
 * The navigation of a signed-in person: by active role, with "Administration" for active admins;
 * on admin routes the admin sections, personal settings and the way back to their client or
 * coach side.
 */
export function navigationFor(me: Me, pathname: string): NavEntry[] {
  const isAdmin = me.admin?.is_active === true;
  if (isAdmin && isAdminArea(pathname)) {
    const sections = adminSectionsFor(me);
    const side: NavEntry[] =
      me.active_role === 'coach'
        ? [{ to: '/portal', label: 'Coach side', icon: icon(ArrowLeftRight), working: true }]
        : me.active_role === 'client'
          ? [{ to: '/client-portal', label: 'Client side', icon: icon(ArrowLeftRight), working: true }]
          : [];
    const settings: NavEntry = { to: '/settings', label: 'Settings', icon: icon(Settings), working: true };
    return [
      ...sections.filter((entry) => entry.working),
      settings,
      ...side,
      ...sections.filter((e) => !e.working),
    ];
  }
  const base =
    me.active_role === 'coach' ? COACH_NAV : me.active_role === 'client' ? CLIENT_NAV : NO_ROLE_NAV;
  if (!isAdmin) return [...base];
  // Administration goes with the working entries, ahead of the placeholders.
  const firstPlaceholder = base.findIndex((entry) => !entry.working);
  const at = firstPlaceholder === -1 ? base.length : firstPlaceholder;
  return [...base.slice(0, at), ADMINISTRATION, ...base.slice(at)];
}
