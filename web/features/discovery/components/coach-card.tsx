import { Star } from 'lucide-react';
import { Link } from 'react-router';
import type { CoachCard as CoachCardData } from '#contracts/discovery';
import { categoryLabel } from '#domain/coaching/categories';
import { Avatar } from '#web/components/avatar';
import { formatCents } from '#web/lib/money';

/** "4.8 (94 reviews)", "New coach" (no reviews yet), or nothing when the coach hides stats. */
function Rating({ coach }: { coach: CoachCardData }) {
  if (coach.total_reviews === null) return null;
  if (coach.rating_average === null || coach.total_reviews === 0)
    return <span className="text-sm text-text-muted">New coach</span>;
  return (
    <span className="inline-flex items-center gap-1 text-sm">
      <Star aria-hidden="true" className="size-4 fill-current text-accent" />
      <span className="font-semibold tabular-nums">{coach.rating_average.toFixed(1)}</span>
      <span className="text-text-muted">
        ({coach.total_reviews} {coach.total_reviews === 1 ? 'review' : 'reviews'})
      </span>
      <span className="sr-only">, rated {coach.rating_average.toFixed(2)} out of 5</span>
    </span>
  );
}

export function OnlineBadge() {
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-primary-soft px-2 py-0.5 text-xs font-semibold text-success">
      <span aria-hidden="true" className="size-2 rounded-full bg-success motion-safe:animate-pulse" />
      Online
    </span>
  );
}

/** The coach is in a session right now (busy): reachable later, not this minute. */
export function BusyBadge() {
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-warning-soft px-2 py-0.5 text-xs font-semibold text-warning">
      <span aria-hidden="true" className="size-2 rounded-full bg-warning" />
      In a session
    </span>
  );
}

/** Busy wins over online; nothing for an offline coach. */
export function PresenceBadge({ coach }: { coach: Pick<CoachCardData, 'is_online' | 'is_busy'> }) {
  if (coach.is_busy) return <BusyBadge />;
  return coach.is_online ? <OnlineBadge /> : null;
}

/**
 * A discovery card (DESIGN.md coach card): photo, name, title, rating, categories, price per format,
 * the online (or "In a session") badge and the coach's availability message while they are free. The
 * whole card opens /coach/:username. Presence updates live (PresenceOverlay patches the cached cards).
 */
export function CoachCard({ coach, headingLevel = 3 }: { coach: CoachCardData; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const name = coach.full_name ?? coach.username ?? 'Coach';
  const body = (
    <>
      <div className="flex items-start gap-3">
        <Avatar name={name} src={coach.avatar_url} size={56} className="size-14 text-lg" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <Heading className="truncate text-base font-semibold text-text">{name}</Heading>
            <PresenceBadge coach={coach} />
          </div>
          {coach.professional_title ? (
            <p className="truncate text-sm text-text-muted">{coach.professional_title}</p>
          ) : null}
          <div className="mt-1">
            <Rating coach={coach} />
          </div>
        </div>
      </div>
      {coach.is_online && !coach.is_busy && coach.custom_availability_message ? (
        <p className="mt-3 text-sm font-medium text-success">{coach.custom_availability_message}</p>
      ) : coach.coach_tagline ? (
        <p className="mt-3 line-clamp-2 text-sm text-text-muted">{coach.coach_tagline}</p>
      ) : null}
      {coach.categories.length > 0 ? (
        <ul aria-label="Categories" className="mt-3 flex flex-wrap gap-1.5">
          {coach.categories.slice(0, 3).map((category) => (
            <li key={category} className="rounded-full bg-surface-sunken px-2 py-0.5 text-xs text-text-muted">
              {categoryLabel(category)}
            </li>
          ))}
        </ul>
      ) : null}
      <dl className="mt-auto grid grid-cols-3 gap-2 border-t border-border pt-3 text-center">
        {(
          [
            ['Text', coach.price_text],
            ['Audio', coach.price_audio],
            ['Video', coach.price_video],
          ] as const
        ).map(([label, cents]) => (
          <div key={label}>
            <dt className="text-xs text-text-muted">{label}</dt>
            <dd className="text-sm font-semibold tabular-nums">{formatCents(cents)}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-1 text-center text-xs text-text-muted">per 15 minutes</p>
    </>
  );
  const frame =
    'flex h-full flex-col gap-0 rounded-[var(--radius-card)] border border-border bg-surface p-4 shadow-soft';
  if (!coach.username) return <article className={frame}>{body}</article>;
  return (
    <article className="h-full">
      <Link
        to={`/coach/${encodeURIComponent(coach.username)}`}
        className={`${frame} transition-colors hover:border-primary focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring`}
      >
        {body}
      </Link>
    </article>
  );
}

/** The card's shape while loading (keeps the layout; DESIGN.md skeletons). */
export function CoachCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="flex h-full flex-col rounded-[var(--radius-card)] border border-border bg-surface p-4"
    >
      <div className="flex items-start gap-3">
        <span className="size-14 shrink-0 animate-pulse rounded-full bg-surface-sunken" />
        <div className="flex-1 space-y-2">
          <span className="block h-4 w-2/3 animate-pulse rounded bg-surface-sunken" />
          <span className="block h-3 w-1/2 animate-pulse rounded bg-surface-sunken" />
          <span className="block h-3 w-1/3 animate-pulse rounded bg-surface-sunken" />
        </div>
      </div>
      <span className="mt-4 block h-3 w-full animate-pulse rounded bg-surface-sunken" />
      <span className="mt-6 block h-10 w-full animate-pulse rounded bg-surface-sunken" />
    </div>
  );
}

/** The grid every list of cards uses (one column on phones). */
export const CARD_GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3';

/** Coaches as cards in the grid. */
export function CoachGrid({ coaches }: { coaches: readonly CoachCardData[] }) {
  return (
    <ul className={CARD_GRID}>
      {coaches.map((coach) => (
        <li key={coach.coach_id}>
          <CoachCard coach={coach} />
        </li>
      ))}
    </ul>
  );
}

/** `count` placeholder cards in the grid while coaches load; `label` names the list for assistive tech. */
export function CoachGridSkeleton({ count, label }: { count: number; label?: string }) {
  return (
    <ul className={CARD_GRID} aria-label={label}>
      {Array.from({ length: count }, (_, index) => (
        <li key={index}>
          <CoachCardSkeleton />
        </li>
      ))}
    </ul>
  );
}
