import { Ellipsis } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { NavLink, useLocation, matchPath } from 'react-router';
import { NavBadge, withUnread, type NavItem } from './app-shell';
import { DialogCloseButton } from './dialog';

const tileClasses =
  (soon: boolean) =>
  ({ isActive }: { isActive: boolean }) =>
    `flex min-h-20 flex-col items-center justify-center gap-1.5 rounded-[var(--radius-control)] border px-2 py-3 text-center text-xs font-medium ${
      isActive
        ? 'border-primary bg-primary-soft text-primary'
        : soon
          ? 'border-dashed border-border text-text-muted hover:bg-surface-sunken'
          : 'border-border bg-surface text-text hover:bg-surface-sunken'
    }`;

function Tiles({
  items,
  onFollow,
  soon = false,
}: {
  items: NavItem[];
  onFollow: () => void;
  soon?: boolean;
}) {
  return (
    <ul className="grid grid-cols-3 gap-2">
      {items.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            end={item.end}
            aria-label={item.badge ? withUnread(item.label, item.badge) : undefined}
            className={tileClasses(soon)}
            onClick={onFollow}
          >
            {item.icon}
            {item.label}
            <NavBadge item={item} />
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * The phone's "More": the last slot of the bottom bar opens a sheet (radix-ui Dialog: focus kept
 * inside, Escape and the close button close it, focus goes back to the button) with every other
 * screen, then the ones still coming soon, so everything is two taps from home.
 */
export function NavMoreSheet({ items, comingSoon }: { items: NavItem[]; comingSoon: NavItem[] }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const close = () => setOpen(false);
  const isActive = [...items, ...comingSoon].some((item) =>
    matchPath({ path: item.to, end: item.end ?? false }, pathname),
  );
  // What waits behind More (unread messages and notifications) shows on its button too.
  const unread = items.reduce((sum, item) => sum + (item.badge ?? 0), 0);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        aria-label={unread > 0 ? withUnread('More', unread) : undefined}
        className={`relative flex min-h-14 w-full flex-col items-center justify-center gap-1 text-xs font-medium ${isActive ? 'text-primary' : 'text-text-muted'}`}
      >
        <Ellipsis aria-hidden="true" className="size-5" />
        More
        {unread > 0 ? (
          <span
            aria-hidden="true"
            className="absolute top-2 left-1/2 ml-2 size-2.5 rounded-full bg-primary ring-2 ring-surface"
          />
        ) : null}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[200] bg-black/40 transition-opacity duration-200 starting:opacity-0" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-x-0 bottom-0 z-[201] flex max-h-[85dvh] flex-col gap-4 overflow-y-auto rounded-t-[var(--radius-sheet)] border-t border-border bg-surface-raised px-4 pt-4 pb-[max(1rem,env(safe-area-inset-bottom))] text-text shadow-soft transition-transform duration-200 focus:outline-none starting:translate-y-8"
        >
          <div className="flex items-center justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold">More</Dialog.Title>
            <DialogCloseButton className="-m-2 size-11" />
          </div>
          <nav aria-label="More">
            <Tiles items={items} onFollow={close} />
          </nav>
          {comingSoon.length > 0 ? (
            <section aria-labelledby="nav-coming-soon" className="flex flex-col gap-2">
              <h2 id="nav-coming-soon" className="text-sm font-semibold text-text-muted">
                Coming soon
              </h2>
              <Tiles items={comingSoon} onFollow={close} soon />
            </section>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
