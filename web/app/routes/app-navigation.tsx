import {
  Banknote,
  Bell,
  Briefcase,
  ClipboardCheck,
  Compass,
  Gift,
  Heart,
  House,
  LayoutDashboard,
  LifeBuoy,
  ListChecks,
  MessageCircle,
  MessagesSquare,
  Settings,
  ShieldCheck,
  SlidersHorizontal,
  Sparkles,
  UserPlus,
  UserRound,
  Users,
  Video,
  Wallet,
} from 'lucide-react';
import type { Me } from '../../../contracts/auth';
import type { NavItem } from '../../components/app-shell';

const icon = (Icon: typeof House) => <Icon aria-hidden="true" className="size-5" />;

type Navigation = { nav: NavItem[]; bottomNav: NavItem[] };

const CLIENT: Navigation = {
  nav: [
    { to: '/client-portal', label: 'Home', icon: icon(House) },
    { to: '/discover', label: 'Discover', icon: icon(Compass) },
    { to: '/wallet', label: 'Wallet', icon: icon(Wallet) },
    { to: '/gift', label: 'Gifts', icon: icon(Gift) },
    { to: '/messages', label: 'Messages', icon: icon(MessageCircle) },
    { to: '/client-favorites', label: 'Favourites', icon: icon(Heart) },
    { to: '/habit-tracker', label: 'Habits', icon: icon(ListChecks) },
    { to: '/community', label: 'Community', icon: icon(MessagesSquare) },
    { to: '/notifications', label: 'Notifications', icon: icon(Bell) },
    { to: '/settings', label: 'Settings', icon: icon(Settings) },
  ],
  bottomNav: [
    { to: '/client-portal', label: 'Home', icon: icon(House) },
    { to: '/discover', label: 'Discover', icon: icon(Compass) },
    { to: '/wallet', label: 'Wallet', icon: icon(Wallet) },
    { to: '/messages', label: 'Messages', icon: icon(MessageCircle) },
    { to: '/settings', label: 'Settings', icon: icon(Settings) },
  ],
};

const COACH: Navigation = {
  nav: [
    { to: '/portal', label: 'Home', icon: icon(House) },
    { to: '/services', label: 'Services', icon: icon(Briefcase) },
    { to: '/manage-revenue', label: 'Revenue', icon: icon(Banknote) },
    { to: '/messages', label: 'Messages', icon: icon(MessageCircle) },
    { to: '/community', label: 'Community', icon: icon(MessagesSquare) },
    { to: '/invite-clients', label: 'Invite clients', icon: icon(UserPlus) },
    { to: '/profile', label: 'Profile', icon: icon(UserRound) },
    { to: '/notifications', label: 'Notifications', icon: icon(Bell) },
    { to: '/settings', label: 'Settings', icon: icon(Settings) },
  ],
  bottomNav: [
    { to: '/portal', label: 'Home', icon: icon(House) },
    { to: '/services', label: 'Services', icon: icon(Briefcase) },
    { to: '/manage-revenue', label: 'Revenue', icon: icon(Banknote) },
    { to: '/messages', label: 'Messages', icon: icon(MessageCircle) },
    { to: '/community', label: 'Community', icon: icon(MessagesSquare) },
  ],
};

/** Without a role a person may use only these (SPEC §2); home is the role choice. */
const NO_ROLE_NAV: NavItem[] = [
  { to: '/', label: 'Home', icon: icon(House) },
  { to: '/community', label: 'Community', icon: icon(MessagesSquare) },
  { to: '/notifications', label: 'Notifications', icon: icon(Bell) },
  { to: '/help-center', label: 'Help', icon: icon(LifeBuoy) },
  { to: '/settings', label: 'Settings', icon: icon(Settings) },
];
// Four on the phone: five long labels do not fit side by side at 360 px.
const NO_ROLE: Navigation = {
  nav: NO_ROLE_NAV,
  bottomNav: NO_ROLE_NAV.filter((item) => item.to !== '/help-center'),
};

/** SPEC §2 admin routes, in the order the spec lists them. */
export const ADMIN_NAV: NavItem[] = [
  { to: '/admin', label: 'Overview', icon: icon(LayoutDashboard), end: true },
  { to: '/admin/applications', label: 'Applications', icon: icon(ClipboardCheck) },
  { to: '/admin/coaches', label: 'Coaches', icon: icon(Users) },
  { to: '/admin/revenue', label: 'Revenue', icon: icon(Banknote) },
  { to: '/admin/platform-revenue', label: 'Platform revenue', icon: icon(Wallet) },
  { to: '/admin/feedback', label: 'Feedback', icon: icon(Sparkles) },
  { to: '/admin/sessions', label: 'Sessions', icon: icon(Video) },
  { to: '/admin/community', label: 'Community', icon: icon(MessagesSquare) },
  { to: '/admin/system', label: 'System', icon: icon(ShieldCheck) },
  { to: '/admin/settings', label: 'Settings', icon: icon(SlidersHorizontal) },
];

const ADMIN: Navigation = {
  nav: ADMIN_NAV,
  bottomNav: [ADMIN_NAV[0]!, ADMIN_NAV[1]!, ADMIN_NAV[2]!, ADMIN_NAV[6]!, ADMIN_NAV[9]!],
};

/** The navigation of a signed-in person: by active role, or the admin sections on admin routes. */
export function navigationFor(me: Me, pathname: string): Navigation {
  if (me.admin?.is_active && (pathname === '/admin' || pathname.startsWith('/admin/'))) return ADMIN;
  if (me.active_role === 'coach') return COACH;
  if (me.active_role === 'client') return CLIENT;
  return NO_ROLE;
}
