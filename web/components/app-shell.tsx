import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { Logo } from './logo';

/** `end`: active only on exactly this path, not below it (an overview above its sections). */
export type NavItem = { to: string; label: string; icon: ReactNode; end?: boolean };

const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 rounded-[var(--radius-control)] px-3 py-2 text-sm font-medium ${
    isActive ? 'bg-primary-soft text-primary' : 'text-text-muted hover:bg-surface-sunken hover:text-text'
  }`;

/**
 * The responsive frame every screen sits in: a header, a sidebar for navigation on wide screens
 * and a bottom bar on phones (DESIGN.md, mobile first). Screens plug their navigation in as items.
 */
export function AppShell({
  nav = [],
  bottomNav = nav,
  headerEnd,
  banner,
  children,
}: {
  nav?: NavItem[];
  /** The phone's bottom bar (at most five items); the sidebar's items by default. */
  bottomNav?: NavItem[];
  headerEnd?: ReactNode;
  /** Shown above the header and pushing it down (offline, incoming request), never covering it. */
  banner?: ReactNode;
  children: ReactNode;
}) {
  const hasNav = nav.length > 0;
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
            <ul className="flex flex-col gap-1">
              {nav.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.end} className={navLinkClasses}>
                    {item.icon}
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
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
            {bottomNav.map((item) => (
              <li key={item.to} className="flex-1">
                <NavLink
                  to={item.to}
                  end={item.end}
                  className={({ isActive }) =>
                    `flex min-h-14 flex-col items-center justify-center gap-1 text-xs font-medium ${isActive ? 'text-primary' : 'text-text-muted'}`
                  }
                >
                  {item.icon}
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
