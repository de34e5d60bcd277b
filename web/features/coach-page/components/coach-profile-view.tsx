import { ExternalLink, Globe } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CoachPage } from '#contracts/coach-pages';
import type { ProgramSummary } from '#contracts/programs';
import type { Service } from '#contracts/services';
import { buttonClasses } from '#web/components/button';
import { categoriesOf, displayNameOf, websitePathOf } from '../lib/display';
import { CoachAvatar, PreviewLabel } from './coach-avatar';
import { paddedCardClasses } from '#web/components/card';
import { OnlineBadge } from './coach-status';
import { AboutSection, RatesCard, StatsGrid, TrustCard } from './coach-profile-cards';
import { ProgramsSection } from './coach-programs-section';
import { ServicesSection } from './coach-services-section';
import { SectionHeading, type Loadable } from './profile-section-parts';

export { OnlineBadge } from './coach-status';
export { StatsGrid } from './coach-profile-cards';
export { ProgramCard } from './coach-programs-section';
export { ServiceItem } from './coach-services-section';
export type { Loadable } from './profile-section-parts';

export type FollowRenderer = (props: {
  coachId: string;
  enableFollow: boolean;
  enableNotify: boolean;
}) => ReactNode;

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
