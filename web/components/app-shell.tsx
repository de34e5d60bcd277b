import { Ellipsis } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { Logo } from './logo';

// The phone's "More" sheet (a radix-ui Dialog) only exists for signed-in people: visitors' pages
// never download it. Until it is in, its button is shown as it will look, inert.
const NavMoreSheet = lazy(async () => ({ default: (await import('./nav-more-sheet')).NavMoreSheet }));

function NavMorePlaceholder() {
  return (
    <div
      aria-hidden="true"
      className="flex min-h-14 w-full flex-col items-center justify-center gap-1 text-xs font-medium text-text-muted"
    >
      <Ellipsis className="size-5" />
      More
    </div>
  );
}

/**
 * `end`: active only on exactly this path, not below it (an overview above its sections).
 * `primary`: in the phone's bottom bar (the rest is under "More"). `working: false`: the screen
 * still says "Coming soon"; it is listed apart and never in the bar.
 */
export type NavItem = {
  to: string;
  label: string;
  icon: ReactNode;
  end?: boolean;
  primary?: boolean;
  working?: boolean;
  /** A shorter name for the phone's bar, where five share 360 px. */
  short?: string;
  /** How many unread things wait there (Messages, Notifications): a count beside it, part of its name. */
  badge?: number;
};

/** An entry's name with its count ("Messages, 3 unread"): the visible label first (WCAG 2.5.3). */
export const withUnread = (label: string, count: number | undefined) =>
  count ? `${label}, ${count} unread` : label;

/** An entry's name when it differs from what it shows (a count, a short label), else undefined. */
const nameOf = (item: NavItem) => (item.badge || item.short ? withUnread(item.label, item.badge) : undefined);

/** An entry's unread count as shown, up to 99 then "99+" (its name has the exact number); nothing for 0. */
export function NavBadge({ item, className = '' }: { item: NavItem; className?: string }) {
  if (!item.badge) return null;
  // The space keeps the visible text "Messages 3" a word apart, inside the name "Messages, 3 unread".
  return (
    <>
      {' '}
      <span
        aria-hidden="true"
        className={`inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs leading-none font-semibold text-primary-foreground tabular-nums ${className}`}
      >
        {item.badge > 99 ? '99+' : item.badge}
      </span>
    </>
  );
}

/** The bar holds four items and "More", or all of them when five or fewer working ones fit. */
function splitForPhone(nav: NavItem[]) {
  const working = nav.filter((item) => item.working !== false);
  const comingSoon = nav.filter((item) => item.working === false);
  const marked = working.filter((item) => item.primary);
  const bar =
    marked.length > 0
      ? marked
      : working.length <= 5 && comingSoon.length === 0
        ? working
        : working.slice(0, 4);
  return { bar, more: working.filter((item) => !bar.includes(item)), comingSoon };
}

const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 rounded-[var(--radius-control)] px-3 py-2 text-sm font-medium ${
    isActive ? 'bg-primary-soft text-primary' : 'text-text-muted hover:bg-surface-sunken hover:text-text'
  }`;

function SidebarList({ items, labelledBy }: { items: NavItem[]; labelledBy?: string }) {
  return (
    <ul aria-labelledby={labelledBy} className="flex flex-col gap-1">
      {items.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end={item.end} aria-label={nameOf(item)} className={navLinkClasses}>
            {item.icon}
            {item.label}
            <NavBadge item={item} className="ml-auto" />
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * The responsive frame every screen sits in: a header, a sidebar for navigation on wide screens
 * and a bottom bar on phones (DESIGN.md, mobile first). Screens plug their navigation in as items.
 */
export function AppShell({
  nav = [],
  headerEnd,
  banner,
  children,
}: {
  /** The sidebar's items; on phones the `primary` ones fill the bottom bar, the rest a "More" sheet. */
  nav?: NavItem[];
  headerEnd?: ReactNode;
  /** Shown above the header and pushing it down (offline, incoming request), never covering it. */
  banner?: ReactNode;
  children: ReactNode;
}) {
  const hasNav = nav.length > 0;
  const phone = splitForPhone(nav);
  const sidebarWorking = nav.filter((item) => item.working !== false);
  return (
    <div className="flex min-h-dvh flex-col bg-background text-text">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-[9999] focus:rounded focus:bg-surface focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur">
        {banner}
        <div className="mx-auto flex h-16 w-full max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
          <Link to="/" aria-label="Wellspring home" className="rounded-[var(--radius-control)]">
            <Logo />
          </Link>
          <div className="flex items-center gap-2">{headerEnd}</div>
        </div>
      </header>
      <div className="mx-auto flex w-full max-w-7xl flex-1">
        {hasNav ? (
          <nav aria-label="Main" className="hidden w-60 shrink-0 border-r border-border px-3 py-6 lg:block">
            <SidebarList items={sidebarWorking} />
            {phone.comingSoon.length > 0 ? (
              <>
                <p id="sidebar-coming-soon" className="mt-6 px-3 pb-1 text-xs font-semibold text-text-muted">
                  Coming soon
                </p>
                <SidebarList items={phone.comingSoon} labelledBy="sidebar-coming-soon" />
              </>
            ) : null}
          </nav>
        ) : null}
        <main
          id="main"
          tabIndex={-1}
          className={`min-w-0 flex-1 outline-none ${hasNav ? 'pb-20 lg:pb-0' : ''}`}
        >
          {children}
        </main>
      </div>
      {hasNav ? (
        <nav
          aria-label="Main"
          className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-surface lg:hidden"
        >
          <ul className="flex justify-around">
            {phone.bar.map((item) => (
              <li key={item.to} className="flex-1">
                <NavLink
                  to={item.to}
                  end={item.end}
                  // The full name for screen readers (with the count); it starts with the short one that shows.
                  aria-label={nameOf(item)}
                  className={({ isActive }) =>
                    `relative flex min-h-14 flex-col items-center justify-center gap-1 text-xs font-medium ${isActive ? 'text-primary' : 'text-text-muted'}`
                  }
                >
                  {item.icon}
                  {item.short ?? item.label}
                  <NavBadge item={item} className="absolute top-1 left-1/2 ml-1" />
                </NavLink>
              </li>
            ))}
            {phone.more.length + phone.comingSoon.length > 0 ? (
              <li className="flex-1">
                <Suspense fallback={<NavMorePlaceholder />}>
                  <NavMoreSheet items={phone.more} comingSoon={phone.comingSoon} />
                </Suspense>
              </li>
            ) : null}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
