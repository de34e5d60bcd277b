import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '#web/test/memory-router';
import { describe, expect, it } from 'vitest';
import { AppShell, type NavItem } from './app-shell';

const NAV: NavItem[] = [
  { to: '/', label: 'Home', icon: <span aria-hidden="true">H</span> },
  { to: '/sessions', label: 'Sessions', icon: <span aria-hidden="true">S</span> },
  { to: '/messages', label: 'Messages', icon: <span aria-hidden="true">M</span> },
];

function renderShell({ nav, at = '/' }: { nav?: NavItem[]; at?: string }) {
  const page = (title: string) => (
    <AppShell nav={nav} headerEnd={<button type="button">Header action</button>}>
      <h1>{title}</h1>
    </AppShell>
  );
  const router = createMemoryRouter(
    [
      { path: '/', element: page('Home page') },
      { path: '/sessions', element: page('Sessions page') },
      { path: '/messages', element: page('Messages page') },
    ],
    { initialEntries: [at] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('AppShell', () => {
  it('renders the header (home link, header content), a skip link and the page in <main>', () => {
    renderShell({});
    expect(screen.getByRole('link', { name: 'Wellspring home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Header action' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    expect(within(screen.getByRole('main')).getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });

  it('renders no navigation when there are no items', () => {
    renderShell({});
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('renders the items as links in the sidebar and the bottom bar, marking the current page', () => {
    renderShell({ nav: NAV, at: '/sessions' });
    const navs = screen.getAllByRole('navigation', { name: 'Main' });
    expect(navs).toHaveLength(2); // sidebar (wide screens) and bottom bar (phones)

    for (const nav of navs) {
      const links = within(nav).getAllByRole('link');
      expect(links.map((link) => link.textContent)).toEqual(['HHome', 'SSessions', 'MMessages']);
      expect(within(nav).getByRole('link', { name: 'Sessions' })).toHaveAttribute('aria-current', 'page');
      expect(within(nav).getByRole('link', { name: 'Sessions' })).toHaveAttribute('href', '/sessions');
      // "/" is active only on the home page itself, not on every page below it.
      expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
      expect(within(nav).getByRole('link', { name: 'Messages' })).not.toHaveAttribute('aria-current');
    }
  });

  it('moves the current-page mark when a link is followed', async () => {
    const user = userEvent.setup();
    const router = renderShell({ nav: NAV, at: '/' });
    const [sidebar] = screen.getAllByRole('navigation', { name: 'Main' });
    expect(within(sidebar!).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(sidebar!).getByRole('link', { name: 'Messages' }));

    expect(await screen.findByRole('heading', { name: 'Messages page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/messages');
    for (const nav of screen.getAllByRole('navigation', { name: 'Main' })) {
      expect(within(nav).getByRole('link', { name: 'Messages' })).toHaveAttribute('aria-current', 'page');
      expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    }
  });
});

describe('AppShell on phones', () => {
  const ROLE_NAV: NavItem[] = [
    { to: '/', label: 'Home', icon: <span aria-hidden="true">H</span>, primary: true },
    { to: '/sessions', label: 'Sessions', icon: <span aria-hidden="true">S</span>, primary: true },
    {
      to: '/messages',
      label: 'Messages',
      icon: <span aria-hidden="true">M</span>,
      working: false,
      primary: true,
    },
    { to: '/gifts', label: 'Gifts', icon: <span aria-hidden="true">G</span> },
    { to: '/help', label: 'Help', icon: <span aria-hidden="true">?</span>, working: false },
  ];

  it('puts only working primary items in the bar, the rest in a More sheet with the placeholders apart', async () => {
    const user = userEvent.setup();
    const router = renderShell({ nav: ROLE_NAV });
    const bar = screen.getAllByRole('navigation', { name: 'Main' })[1]!;
    // A placeholder never holds a slot of the bar, even when marked primary.
    expect(
      within(bar)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/', '/sessions']);

    const sidebar = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
    expect(within(sidebar).getByRole('list', { name: 'Coming soon' })).toHaveTextContent('MMessages?Help');

    // The sheet is its own chunk (radix Dialog): its button is there once it has loaded.
    await user.click(await within(bar).findByRole('button', { name: 'More' }));
    const sheet = await screen.findByRole('dialog', { name: 'More' });
    expect(within(within(sheet).getByRole('navigation', { name: 'More' })).getAllByRole('link')).toHaveLength(
      1,
    );
    expect(within(sheet).getByRole('heading', { name: 'Coming soon' })).toBeInTheDocument();

    await user.click(within(sheet).getByRole('link', { name: 'Messages' }));
    expect(await screen.findByRole('heading', { name: 'Messages page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/messages');
    expect(screen.queryByRole('dialog', { name: 'More' })).not.toBeInTheDocument();
  });
});

describe('AppShell unread counts', () => {
  const BADGED: NavItem[] = [
    { to: '/', label: 'Home', icon: <span aria-hidden="true">H</span>, primary: true },
    { to: '/sessions', label: 'Sessions', icon: <span aria-hidden="true">S</span>, primary: true, badge: 0 },
    { to: '/messages', label: 'Messages', icon: <span aria-hidden="true">M</span>, badge: 3 },
    { to: '/notifications', label: 'Notifications', icon: <span aria-hidden="true">N</span>, badge: 120 },
  ];

  it('puts the count in the entry’s name and beside it (99+ past 99), on the sidebar, More and its sheet', async () => {
    const user = userEvent.setup();
    renderShell({ nav: BADGED });
    const [sidebar, bar] = screen.getAllByRole('navigation', { name: 'Main' });
    expect(within(sidebar!).getByRole('link', { name: 'Messages, 3 unread' })).toHaveTextContent('3');
    expect(within(sidebar!).getByRole('link', { name: 'Notifications, 120 unread' })).toHaveTextContent(
      '99+',
    );
    // No count, no badge.
    expect(within(sidebar!).getByRole('link', { name: 'Sessions' })).toHaveTextContent(/^SSessions$/);

    // On phones both wait behind More, which says so.
    await user.click(await within(bar!).findByRole('button', { name: 'More, 123 unread' }));
    const sheet = within(await screen.findByRole('dialog', { name: 'More' }));
    expect(sheet.getByRole('link', { name: 'Messages, 3 unread' })).toBeInTheDocument();
    expect(sheet.getByRole('link', { name: 'Notifications, 120 unread' })).toBeInTheDocument();
  });
});
