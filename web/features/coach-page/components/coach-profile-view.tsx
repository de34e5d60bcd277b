import {
  BadgeCheck,
  BookOpen,
  CalendarDays,
  Clock,
  ExternalLink,
  Globe,
  MessageSquare,
  Mic,
  Sparkles,
  Star,
  Video,
  Zap,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CoachPage } from '../../../../contracts/coach-pages';
import type { ProgramSummary } from '../../../../contracts/programs';
import type { Service } from '../../../../contracts/services';
import { SESSION_FORMATS, type SessionFormat } from '../../../../domain/coaching/categories';
import { buttonClasses } from '../../../components/button';
import { formatCents } from '../../../lib/money';
import {
  categoriesOf,
  displayNameOf,
  formatDuration,
  formatRating,
  memberSince,
  websitePathOf,
} from '../lib/display';
import { CoachAvatar, PreviewLabel } from './coach-avatar';
import { FORMAT_SHORT_LABELS } from '../../../../domain/coaching/format-labels';
import { paddedCardClasses } from '../../../components/card';

export type FollowRenderer = (props: {
  coachId: string;
  enableFollow: boolean;
  enableNotify: boolean;
}) => ReactNode;

/** A list that is still loading (undefined), failed (null) or here. */
export type Loadable<T> = T[] | undefined | null;

const FORMAT_ICONS: Record<SessionFormat, typeof MessageSquare> = {
  text: MessageSquare,
  audio: Mic,
  video: Video,
};

function SectionHeading({ id, children, label }: { id: string; children: ReactNode; label?: string | null }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <h2 id={id} className="text-lg font-semibold">
        {children}
      </h2>
      {label ? <PreviewLabel>{label}</PreviewLabel> : null}
    </div>
  );
}

/** The coach's status pill (the same shape online, busy or offline) and, beside it, a short note. */
function StatusLine({
  tone,
  dot,
  label,
  note,
}: {
  tone: string;
  dot: string;
  label: string;
  note?: string | null;
}) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="coach-status">
      <span className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 font-semibold ${tone}`}>
        <span aria-hidden="true" className={`size-2 rounded-full ${dot}`} />
        {label}
      </span>
      {note ? <span className="text-text-muted">{note}</span> : null}
    </p>
  );
}

export function OnlineBadge({ online }: { online: NonNullable<CoachPage['online']> }) {
  if (online.is_busy)
    return (
      <StatusLine
        tone="bg-warning-soft text-warning"
        dot="bg-warning"
        label="In a session"
        note="With a client right now. You can still book a time."
      />
    );
  return online.is_online ? (
    <StatusLine
      tone="bg-success/10 text-success"
      dot="bg-success"
      label="Online"
      note={online.availability_message}
    />
  ) : (
    <StatusLine tone="bg-surface-sunken text-text-muted" dot="bg-text-muted/60" label="Offline" />
  );
}

function ListSkeleton({ rows }: { rows: number }) {
  return (
    <ul aria-hidden="true" className="mt-4 flex flex-col gap-3">
      {Array.from({ length: rows }, (_, index) => (
        <li key={index} className="h-20 animate-pulse rounded-[var(--radius-control)] bg-surface-sunken" />
      ))}
    </ul>
  );
}

function ListError({ what }: { what: string }) {
  return (
    <p role="status" className="mt-3 text-sm text-text-muted">
      {`We could not load the ${what} right now. Reload the page to try again.`}
    </p>
  );
}

export function ServiceItem({ service, badges }: { service: Service; badges: boolean }) {
  const Icon = FORMAT_ICONS[service.format];
  return (
    <li className="flex gap-4 rounded-[var(--radius-control)] border border-border bg-surface-raised p-4">
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
          <h3 className="font-semibold">{service.title}</h3>
          <p className="font-semibold tabular-nums">{formatCents(service.price)}</p>
        </div>
        {service.subtitle ? <p className="text-sm text-text-muted">{service.subtitle}</p> : null}
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-text-muted">
          <span>{FORMAT_SHORT_LABELS[service.format]}</span>
          <span className="inline-flex items-center gap-1">
            <Clock aria-hidden="true" className="size-3.5" />
            {formatDuration(service.duration)}
          </span>
          {badges && service.is_popular ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-text">
              <Sparkles aria-hidden="true" className="size-3" />
              Popular
            </span>
          ) : null}
          {badges && service.type === 'micro' ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-primary-soft px-2 py-0.5 text-xs font-semibold text-primary">
              <Zap aria-hidden="true" className="size-3" />
              Micro session
            </span>
          ) : null}
          {badges && service.spots_left !== null ? (
            <span className="text-xs font-medium">
              {service.spots_left === 0
                ? 'Fully booked'
                : `${service.spots_left} ${service.spots_left === 1 ? 'spot' : 'spots'} left`}
            </span>
          ) : null}
        </p>
        {service.description ? (
          <p className="mt-2 line-clamp-3 text-sm whitespace-pre-line">{service.description}</p>
        ) : null}
      </div>
    </li>
  );
}

function ServicesSection({
  page,
  services,
  labels,
}: {
  page: CoachPage;
  services: Loadable<Service>;
  labels: boolean;
}) {
  const prominent = page.display.show_services_prominently;
  return (
    <section
      aria-labelledby="coach-services"
      className={`${paddedCardClasses} ${prominent ? 'border-primary/40 ring-1 ring-primary/20' : ''}`}
    >
      <SectionHeading id="coach-services" label={labels ? 'Services' : null}>
        Services
      </SectionHeading>
      {services === undefined ? (
        <ListSkeleton rows={2} />
      ) : services === null ? (
        <ListError what="services" />
      ) : services.length === 0 ? (
        <p className="mt-3 text-sm text-text-muted">
          {`${displayNameOf(page)} has not listed any services yet. On-demand sessions are available at the rates shown with this page.`}
        </p>
      ) : (
        <ul className="mt-4 flex flex-col gap-3">
          {services.map((service) => (
            <ServiceItem key={service.id} service={service} badges={page.display.show_service_badges} />
          ))}
        </ul>
      )}
    </section>
  );
}

export function ProgramCard({ program }: { program: ProgramSummary }) {
  return (
    <li className="overflow-hidden rounded-[var(--radius-control)] border border-border bg-surface-raised">
      <Link to={`/program/${program.id}`} className="flex h-full flex-col hover:bg-surface-sunken">
        <div className="aspect-[16/9] w-full bg-primary-soft">
          {program.cover_image_url ? (
            <img
              src={program.cover_image_url}
              alt=""
              width={320}
              height={180}
              loading="lazy"
              decoding="async"
              className="size-full object-cover"
            />
          ) : (
            <span className="flex size-full items-center justify-center text-primary">
              <BookOpen aria-hidden="true" className="size-8" />
            </span>
          )}
        </div>
        <div className="flex flex-1 flex-col gap-1 p-4">
          <h3 className="font-semibold">{program.title}</h3>
          {program.subtitle ? <p className="text-sm text-text-muted">{program.subtitle}</p> : null}
          <p className="mt-auto flex items-center justify-between gap-2 pt-2 text-sm">
            <span className="text-text-muted">
              {program.lesson_count} {program.lesson_count === 1 ? 'lesson' : 'lessons'}
            </span>
            <span className="font-semibold tabular-nums">
              {program.price === 0 ? 'Free' : formatCents(program.price)}
            </span>
          </p>
        </div>
      </Link>
    </li>
  );
}

function ProgramsSection({ programs, labels }: { programs: Loadable<ProgramSummary>; labels: boolean }) {
  // A coach without programs has no programs section (nothing to promise yet).
  if (Array.isArray(programs) && programs.length === 0) return null;
  return (
    <section aria-labelledby="coach-programs" className={paddedCardClasses}>
      <SectionHeading id="coach-programs" label={labels ? 'Programs' : null}>
        Programs
      </SectionHeading>
      {programs === undefined ? (
        <ListSkeleton rows={1} />
      ) : programs === null ? (
        <ListError what="programs" />
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {programs.map((program) => (
            <ProgramCard key={program.id} program={program} />
          ))}
        </ul>
      )}
    </section>
  );
}

export function StatsGrid({ stats }: { stats: NonNullable<CoachPage['stats']> }) {
  const items: [label: string, value: string, detail?: string][] = [
    ['Sessions', String(stats.total_sessions)],
    ['Clients', String(stats.total_clients)],
    [
      'Rating',
      stats.rating_average === null ? 'New' : `${formatRating(stats.rating_average)} / 5`,
      stats.total_reviews === 0
        ? 'No reviews yet'
        : `${stats.total_reviews} ${stats.total_reviews === 1 ? 'review' : 'reviews'}`,
    ],
    ['Response time', stats.avg_response_time ?? '—'],
    ['On time', stats.on_time_percentage === null ? '—' : `${stats.on_time_percentage}%`],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3">
      {items.map(([label, value, detail]) => (
        <div
          key={label}
          className="rounded-[var(--radius-control)] bg-surface-sunken px-3 py-2.5 last:odd:col-span-2"
        >
          <dt className="text-xs font-medium text-text-muted">{label}</dt>
          <dd className="text-lg font-semibold tabular-nums">
            {value}
            {detail ? <span className="block text-xs font-normal text-text-muted">{detail}</span> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function RatesCard({ page, labels }: { page: CoachPage; labels: boolean }) {
  return (
    <section aria-labelledby="coach-rates" className={paddedCardClasses}>
      <SectionHeading id="coach-rates" label={labels ? 'On-demand rates' : null}>
        On-demand sessions
      </SectionHeading>
      <p className="mt-1 text-sm text-text-muted">Per 15 minutes, shown before anything is charged.</p>
      <ul className="mt-4 flex flex-col divide-y divide-border">
        {SESSION_FORMATS.map((format) => {
          const Icon = FORMAT_ICONS[format];
          return (
            <li key={format} className="flex items-center justify-between gap-3 py-2.5">
              <span className="inline-flex items-center gap-2">
                <Icon aria-hidden="true" className="size-4 text-primary" />
                {FORMAT_SHORT_LABELS[format]}
              </span>
              <span className="font-semibold tabular-nums">{formatCents(page.rates[format])}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function TrustCard({ trust, labels }: { trust: NonNullable<CoachPage['trust']>; labels: boolean }) {
  return (
    <section aria-labelledby="coach-trust" className={paddedCardClasses}>
      <SectionHeading id="coach-trust" label={labels ? 'Trust signals' : null}>
        Why clients trust this coach
      </SectionHeading>
      <ul className="mt-3 flex flex-col gap-2.5 text-sm">
        {trust.verified ? (
          <li className="flex items-center gap-2">
            <BadgeCheck aria-hidden="true" className="size-4 text-primary" />
            Verified coach: application reviewed by Wellspring
          </li>
        ) : null}
        {trust.years_experience !== null ? (
          <li className="flex items-center gap-2">
            <Star aria-hidden="true" className="size-4 text-primary" />
            {`${trust.years_experience} ${trust.years_experience === 1 ? 'year' : 'years'} of experience`}
          </li>
        ) : null}
        <li className="flex items-center gap-2">
          <CalendarDays aria-hidden="true" className="size-4 text-primary" />
          {`On Wellspring since ${memberSince(trust.member_since)}`}
        </li>
      </ul>
    </section>
  );
}

function AboutSection({ page, labels }: { page: CoachPage; labels: boolean }) {
  const about = page.about_me?.trim() || page.short_bio?.trim();
  const experience = page.work_experience?.trim();
  if (!about && !experience) return null;
  return (
    <section aria-labelledby="coach-about" className={paddedCardClasses}>
      <SectionHeading id="coach-about" label={labels ? 'About' : null}>
        About
      </SectionHeading>
      {about ? <p className="mt-3 whitespace-pre-line">{about}</p> : null}
      {experience ? (
        <>
          <h3 className="mt-5 text-sm font-semibold tracking-wide text-text-muted uppercase">Experience</h3>
          <p className="mt-1 whitespace-pre-line">{experience}</p>
        </>
      ) : null}
    </section>
  );
}

/**
 * The public coach page (SPEC §2 /coach/:username, /profile/:username, /profile/{id}): who the coach
 * is, what they offer and what it costs, honouring every display toggle (what the server left out
 * is simply not there).
 */
export function CoachProfileView({
  page,
  services,
  programs,
  renderFollow,
  labels = false,
  headerActions,
  reviews,
}: {
  page: CoachPage;
  services: Loadable<Service>;
  programs: Loadable<ProgramSummary>;
  renderFollow?: FollowRenderer;
  /** Preview only: name the parts of the page (the coach's enable_live_preview_labels). */
  labels?: boolean;
  /** The owner's own actions (Edit profile, Branding) above the page. */
  headerActions?: ReactNode;
  /** The coach's reviews section (composed by the route from the reviews feature), after the programs. */
  reviews?: ReactNode;
}) {
  const name = displayNameOf(page);
  const categories = categoriesOf(page);
  const servicesSection = <ServicesSection page={page} services={services} labels={labels} />;
  return (
    <article
      aria-labelledby="coach-name"
      className="mx-auto w-full max-w-5xl px-4 pt-4 pb-12 sm:px-6 sm:pt-6"
    >
      {headerActions}
      <div className="relative overflow-hidden rounded-[var(--radius-sheet)] bg-primary-soft">
        <div className="aspect-[2/1] w-full sm:aspect-[4/1]">
          {page.cover_image_url ? (
            <img
              src={page.cover_image_url}
              alt=""
              width={1200}
              height={300}
              fetchPriority="high"
              decoding="async"
              className="size-full object-cover"
            />
          ) : (
            <div
              aria-hidden="true"
              className="size-full bg-[radial-gradient(circle_at_20%_20%,var(--accent-soft),transparent_55%),radial-gradient(circle_at_80%_60%,var(--primary-soft),var(--surface-sunken))]"
            />
          )}
        </div>
        {labels ? (
          <span className="absolute top-3 left-3">
            <PreviewLabel>Cover image</PreviewLabel>
          </span>
        ) : null}
      </div>

      <header className="relative flex flex-col gap-3 px-1 sm:flex-row sm:items-start sm:gap-6 sm:px-4">
        {/* Only the photo overlaps the cover; the name stays on the page background (contrast). */}
        <CoachAvatar
          name={name}
          url={page.avatar_url}
          size={120}
          className="-mt-12 border-4 border-background shadow-soft sm:-mt-16"
        />
        <div className="flex min-w-0 flex-1 flex-col gap-1.5 sm:pt-4">
          <h1 id="coach-name" className="text-2xl font-semibold tracking-tight text-balance sm:text-3xl">
            {name}
          </h1>
          {page.professional_title ? (
            <p className="font-medium text-text-muted">{page.professional_title}</p>
          ) : null}
          {page.coach_tagline ? <p className="text-balance">{page.coach_tagline}</p> : null}
        </div>
      </header>

      <div className="mt-4 flex flex-col gap-3 px-1 sm:px-4">
        {page.online ? <OnlineBadge online={page.online} /> : null}
        {categories.length > 0 ? (
          <ul aria-label="Specialties" className="flex flex-wrap gap-2">
            {categories.map((category) => (
              <li
                key={category}
                className="rounded-full border border-border bg-surface px-3 py-1 text-sm font-medium"
              >
                {category}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="flex flex-wrap items-center gap-2">
          {renderFollow?.({
            coachId: page.coach_id,
            enableFollow: page.display.enable_follow_button,
            enableNotify: page.display.enable_notify_button,
          })}
          <Link to={websitePathOf(page)} className={buttonClasses('secondary')}>
            <Globe aria-hidden="true" className="size-4" />
            Visit website
            <ExternalLink aria-hidden="true" className="size-3.5 text-text-muted" />
          </Link>
        </div>
      </div>

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex min-w-0 flex-col gap-6">
          {page.display.show_services_prominently ? servicesSection : null}
          <AboutSection page={page} labels={labels} />
          {page.display.show_services_prominently ? null : servicesSection}
          <ProgramsSection programs={programs} labels={labels} />
          {reviews}
        </div>
        <aside aria-label={`${name} at a glance`} className="flex flex-col gap-6">
          <RatesCard page={page} labels={labels} />
          {page.stats ? (
            <section aria-labelledby="coach-stats" className={paddedCardClasses}>
              <SectionHeading id="coach-stats" label={labels ? 'Coach stats' : null}>
                Stats
              </SectionHeading>
              <div className="mt-4">
                <StatsGrid stats={page.stats} />
              </div>
            </section>
          ) : null}
          {page.trust ? <TrustCard trust={page.trust} labels={labels} /> : null}
        </aside>
      </div>
    </article>
  );
}
