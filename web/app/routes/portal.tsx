import { Eye, Layers, Palette, UserRound, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { IconBadge } from '#web/components/icon-badge';
import { UpcomingBookings } from '#web/features/bookings/components/upcoming-bookings';
import { ApplicationStatusCard } from '#web/features/profile-completion/components/application-status-card';
import { CompletionChecklist } from '#web/features/profile-completion/components/completion-checklist';
import { SessionList } from '#web/features/sessions/components/session-list';
import { useAuth } from '#web/lib/auth/use-auth';
import { useOwnProfile } from '#web/lib/own-profile';
import { firstNameOf } from '#web/lib/person-name';

function greeting(now: Date): string {
  const hour = now.getHours();
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

const QUICK_LINKS: { to: string; label: string; description: string; icon: LucideIcon }[] = [
  {
    to: '/services',
    label: 'Services',
    description: 'What you offer and its prices.',
    icon: Layers,
  },
  {
    to: '/profile',
    label: 'Your profile',
    description: 'Your story, photos and rates.',
    icon: UserRound,
  },
  {
    to: '/branding',
    label: 'Branding',
    description: 'Fonts, colours and your website.',
    icon: Palette,
  },
  {
    to: '/profile/preview',
    label: 'Preview',
    description: 'See your page as clients do.',
    icon: Eye,
  },
];

/** SPEC §2 `/portal` (coach home): the profile checklist, where the application stands, quick links. */
export function PortalPage() {
  const auth = useAuth();
  const profile = useOwnProfile();
  const name = firstNameOf(
    profile.data?.full_name ??
      (typeof auth.user?.user_metadata.full_name === 'string' ? auth.user.user_metadata.full_name : null),
  );

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <div>
        <p className="text-text-muted">
          {greeting(new Date())}
          {name ? `, ${name}` : ''}.
        </p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight sm:text-3xl">Coach home</h1>
      </div>
      <ApplicationStatusCard />
      <CompletionChecklist />
      <UpcomingBookings as="coach" empty="Nothing booked yet. Clients book your services from your page." />
      <SessionList
        as="coach"
        title="Sessions"
        description="Newest first. Open one to see its details."
        empty="No sessions yet. When you are online, clients can ask for a session and it appears here."
      />
      <SessionList
        as="coach"
        status="completed"
        title="Completed sessions"
        empty="Finished sessions appear here with what you earned."
      />
      <nav aria-labelledby="quick-links-heading">
        <h2 id="quick-links-heading" className="text-lg font-semibold">
          Quick links
        </h2>
        <ul className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
          {QUICK_LINKS.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="flex min-h-11 items-start gap-3 rounded-[var(--radius-card)] border border-border bg-surface p-4 shadow-soft hover:bg-surface-sunken"
              >
                <IconBadge icon={link.icon} className="size-9 shrink-0" iconClassName="size-5" />
                <span>
                  <span className="block font-medium">{link.label}</span>
                  <span className="block text-sm text-text-muted">{link.description}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
