import { ArrowLeft, BookOpen, Clock } from 'lucide-react';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';
import { fontStackOf, type CoachPage, type WebsiteSection } from '../../../../contracts/coach-pages';
import type { ProgramSummary } from '../../../../contracts/programs';
import type { Service } from '../../../../contracts/services';
import { SESSION_FORMATS } from '../../../../domain/coaching/categories';
import { formatCents } from '../../../lib/money';
import { useIsDarkTheme } from '../../../lib/theme';
import {
  categoriesOf,
  coachPathOf,
  displayNameOf,
  formatDuration,
  formatRating,
  sectionHeading,
  websitePalette,
} from '../lib/display';
import { CoachAvatar, PreviewLabel } from './coach-avatar';
import type { Loadable } from './coach-profile-view';
import { FORMAT_SHORT_LABELS } from '../../../../domain/coaching/format-labels';

type Palette = ReturnType<typeof websitePalette>;

/** A faint tint of the text colour over the background: cards and rules that work on any palette. */
const tint = (palette: Palette, percent: number) =>
  `color-mix(in srgb, ${palette.text} ${percent}%, ${palette.background})`;

function SiteButton({ to, palette, children }: { to: string; palette: Palette; children: ReactNode }) {
  return (
    <Link
      to={to}
      style={{ backgroundColor: palette.primary, color: palette.onPrimary }}
      className="inline-flex min-h-11 items-center justify-center gap-2 rounded-[var(--radius-control)] px-5 py-2 text-sm font-semibold shadow-soft hover:opacity-90"
    >
      {children}
    </Link>
  );
}

function SectionFrame({
  id,
  heading,
  palette,
  label,
  children,
}: {
  id: string;
  heading: string;
  palette: Palette;
  label: string | null;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="py-10 sm:py-14"
      style={{ borderTop: `1px solid ${tint(palette, 12)}` }}
    >
      <div className="mx-auto w-full max-w-4xl px-5 sm:px-8">
        <div className="flex flex-wrap items-center gap-3">
          <h2
            id={id}
            className="text-2xl font-semibold tracking-tight sm:text-3xl"
            style={{ color: palette.link }}
          >
            {heading}
          </h2>
          {label ? <PreviewLabel>{label}</PreviewLabel> : null}
        </div>
        <span
          aria-hidden="true"
          className="mt-3 block h-1 w-12 rounded-full"
          style={{ backgroundColor: palette.accent }}
        />
        <div className="mt-6">{children}</div>
      </div>
    </section>
  );
}

function SiteServices({
  page,
  services,
  palette,
}: {
  page: CoachPage;
  services: Loadable<Service>;
  palette: Palette;
}) {
  const cardStyle: CSSProperties = {
    backgroundColor: tint(palette, 5),
    border: `1px solid ${tint(palette, 14)}`,
  };
  return (
    <div className="flex flex-col gap-6">
      {services === undefined ? (
        <p role="status">Loading services...</p>
      ) : services === null ? (
        <p role="status">The services could not be loaded right now. Reload the page to try again.</p>
      ) : services.length > 0 ? (
        <ul className="grid gap-4 sm:grid-cols-2">
          {services.map((service) => (
            <li
              key={service.id}
              className="flex flex-col gap-1 rounded-[var(--radius-card)] p-5"
              style={cardStyle}
            >
              <div className="flex items-start justify-between gap-3">
                <h3 className="text-lg font-semibold">{service.title}</h3>
                {page.display.show_service_badges && (service.is_popular || service.type === 'micro') ? (
                  <span
                    className="shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold"
                    style={{ backgroundColor: palette.accent, color: palette.onAccent }}
                  >
                    {service.is_popular ? 'Popular' : 'Micro session'}
                  </span>
                ) : null}
              </div>
              {service.subtitle ? <p>{service.subtitle}</p> : null}
              <p className="mt-auto flex flex-wrap items-center gap-x-3 pt-2 text-sm">
                <span>{FORMAT_SHORT_LABELS[service.format]}</span>
                <span className="inline-flex items-center gap-1">
                  <Clock aria-hidden="true" className="size-3.5" />
                  {formatDuration(service.duration)}
                </span>
                <span className="ml-auto text-base font-semibold tabular-nums">
                  {formatCents(service.price)}
                </span>
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="rounded-[var(--radius-card)] p-5" style={cardStyle}>
        <h3 className="font-semibold">On-demand sessions, per 15 minutes</h3>
        <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-1">
          {SESSION_FORMATS.map((format) => (
            <li key={format}>
              {FORMAT_SHORT_LABELS[format]}{' '}
              <span className="font-semibold tabular-nums">{formatCents(page.rates[format])}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function SitePrograms({ programs, palette }: { programs: ProgramSummary[]; palette: Palette }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {programs.map((program) => (
        <li key={program.id}>
          <Link
            to={`/program/${program.id}`}
            className="flex h-full flex-col overflow-hidden rounded-[var(--radius-card)] hover:opacity-90"
            style={{
              backgroundColor: tint(palette, 5),
              border: `1px solid ${tint(palette, 14)}`,
              color: palette.text,
            }}
          >
            <div className="aspect-[16/9] w-full" style={{ backgroundColor: tint(palette, 10) }}>
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
                <span className="flex size-full items-center justify-center" style={{ color: palette.link }}>
                  <BookOpen aria-hidden="true" className="size-8" />
                </span>
              )}
            </div>
            <div className="flex flex-1 flex-col gap-1 p-5">
              <h3 className="text-lg font-semibold">{program.title}</h3>
              {program.subtitle ? <p>{program.subtitle}</p> : null}
              <p className="mt-auto flex justify-between pt-2 text-sm">
                <span>
                  {program.lesson_count} {program.lesson_count === 1 ? 'lesson' : 'lessons'}
                </span>
                <span className="font-semibold tabular-nums">
                  {program.price === 0 ? 'Free' : formatCents(program.price)}
                </span>
              </p>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function SiteStats({ stats, palette }: { stats: NonNullable<CoachPage['stats']>; palette: Palette }) {
  const items: [string, string][] = [
    ['Sessions held', String(stats.total_sessions)],
    ['Clients', String(stats.total_clients)],
    [
      'Rating',
      stats.rating_average === null
        ? 'No reviews yet'
        : `${formatRating(stats.rating_average)} / 5 (${stats.total_reviews} ${stats.total_reviews === 1 ? 'review' : 'reviews'})`,
    ],
    ['Response time', stats.avg_response_time ?? '—'],
    ['On time', stats.on_time_percentage === null ? '—' : `${stats.on_time_percentage}%`],
  ];
  return (
    <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
      {items.map(([label, value]) => (
        <div
          key={label}
          className="rounded-[var(--radius-card)] p-4"
          style={{ backgroundColor: tint(palette, 5) }}
        >
          <dt className="text-sm">{label}</dt>
          <dd className="mt-1 text-xl font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A coach's website (/coach/:username/website): a full page in the coach's branding — font, colours,
 * a cover hero with the headline and the enabled sections in the chosen order — with a small
 * "Powered by Wellspring" footer and a link back to the coach page. Body text is always the colour
 * that reads best on the background; the server refuses a primary colour under 4.5:1.
 */
export function CoachWebsiteView({
  page,
  services,
  programs,
  labels = false,
  embedded = false,
}: {
  page: CoachPage;
  services: Loadable<Service>;
  programs: Loadable<ProgramSummary>;
  /** Name the parts of the site (branding preview with enable_live_preview_labels). */
  labels?: boolean;
  /** Shown inside another page (the branding preview): the headline is not that page's h1. */
  embedded?: boolean;
}) {
  const Headline = embedded ? 'p' : 'h1';
  const { branding } = page;
  const palette = websitePalette(branding, { dark: useIsDarkTheme() });
  const name = displayNameOf(page);
  const coachPath = coachPathOf(page);
  const headline =
    branding.headline || page.coach_tagline || page.professional_title || `Coaching with ${name}`;
  const hasCover = Boolean(page.cover_image_url);
  const heroText = hasCover ? '#ffffff' : palette.onPrimary;
  const categories = categoriesOf(page);

  function renderSection(section: WebsiteSection, index: number) {
    const id = `site-section-${index}`;
    const heading = sectionHeading(section);
    const label = labels ? `Section: ${section.type === 'custom' ? 'Custom' : heading}` : null;
    const frame = (children: ReactNode) => (
      <SectionFrame key={id} id={id} heading={heading} palette={palette} label={label}>
        {children}
      </SectionFrame>
    );
    switch (section.type) {
      case 'about': {
        const about = page.about_me?.trim() || page.short_bio?.trim();
        const experience = page.work_experience?.trim();
        if (!about && !experience) return null;
        return frame(
          <div className="flex flex-col gap-4 text-lg leading-relaxed">
            {about ? <p className="whitespace-pre-line">{about}</p> : null}
            {experience ? <p className="whitespace-pre-line">{experience}</p> : null}
            {categories.length > 0 ? (
              <ul aria-label="Specialties" className="flex flex-wrap gap-2 text-sm">
                {categories.map((category) => (
                  <li
                    key={category}
                    className="rounded-full px-3 py-1 font-medium"
                    style={{ border: `1px solid ${tint(palette, 25)}` }}
                  >
                    {category}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>,
        );
      }
      case 'services':
        return frame(<SiteServices page={page} services={services} palette={palette} />);
      case 'programs':
        // Nothing published: no empty promise on the site.
        if (!programs || programs.length === 0) return null;
        return frame(<SitePrograms programs={programs} palette={palette} />);
      case 'stats':
        // Hidden by the coach (show_coach_stats): the server did not send them.
        if (!page.stats) return null;
        return frame(<SiteStats stats={page.stats} palette={palette} />);
      case 'contact':
        return frame(
          <div className="flex flex-col items-start gap-4 text-lg">
            <p>
              {page.display.enable_follow_button
                ? `Follow ${name} and see what I offer, and what it costs, on Wellspring.`
                : 'See what I offer, and what it costs, on Wellspring.'}
            </p>
            <SiteButton to={coachPath} palette={palette}>
              Visit my coach page
            </SiteButton>
          </div>,
        );
      case 'custom':
        return frame(<p className="text-lg leading-relaxed whitespace-pre-line">{section.body}</p>);
    }
  }

  return (
    <div
      data-testid="coach-website"
      style={{
        fontFamily: fontStackOf(branding.font),
        backgroundColor: palette.background,
        color: palette.text,
      }}
      className="flex min-h-full flex-col"
    >
      <header
        className="relative isolate overflow-hidden"
        style={{ backgroundColor: palette.primary, color: heroText }}
      >
        {hasCover ? (
          <>
            <img
              src={page.cover_image_url!}
              alt=""
              width={1600}
              height={600}
              fetchPriority="high"
              decoding="async"
              className="absolute inset-0 -z-20 size-full object-cover"
            />
            <div aria-hidden="true" className="absolute inset-0 -z-10 bg-black/55" />
          </>
        ) : null}
        <div className="mx-auto flex min-h-[22rem] w-full max-w-4xl flex-col justify-center gap-5 px-5 py-14 sm:min-h-[26rem] sm:px-8">
          <CoachAvatar name={name} url={page.avatar_url} size={88} className="border-2 border-white/80" />
          <div className="flex flex-wrap items-center gap-3">
            <Headline className="max-w-3xl text-3xl font-bold tracking-tight text-balance sm:text-5xl">
              {headline}
            </Headline>
            {labels ? <PreviewLabel>Headline</PreviewLabel> : null}
          </div>
          <p className="text-lg">
            <span className="font-semibold">{name}</span>
            {page.professional_title ? ` · ${page.professional_title}` : null}
          </p>
          {page.online?.is_busy ? (
            <p className="inline-flex items-center gap-2 text-sm font-semibold">
              <span aria-hidden="true" className="size-2.5 rounded-full bg-amber-400 ring-2 ring-white/70" />
              In a session right now
            </p>
          ) : page.online?.is_online ? (
            <p className="inline-flex items-center gap-2 text-sm font-semibold">
              <span
                aria-hidden="true"
                className="size-2.5 rounded-full bg-emerald-400 ring-2 ring-white/70"
              />
              {page.online.availability_message || 'Online now'}
            </p>
          ) : null}
        </div>
      </header>

      <div className="flex-1">
        {branding.sections.map((section, index) => (section.enabled ? renderSection(section, index) : null))}
      </div>

      <footer className="py-8 text-sm" style={{ borderTop: `1px solid ${tint(palette, 12)}` }}>
        <div className="mx-auto flex w-full max-w-4xl flex-wrap items-center justify-between gap-3 px-5 sm:px-8">
          <Link
            to={coachPath}
            className="inline-flex min-h-11 items-center gap-2 font-semibold underline-offset-4 hover:underline"
            style={{ color: palette.link }}
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {`${name} on Wellspring`}
          </Link>
          <p>
            Powered by{' '}
            <Link to="/" className="font-semibold underline underline-offset-4">
              Wellspring
            </Link>
          </p>
        </div>
      </footer>
    </div>
  );
}
