import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { fontStackOf, type CoachPage, type WebsiteSection } from '#contracts/coach-pages';
import type { ProgramSummary } from '#contracts/programs';
import type { Service } from '#contracts/services';
import { useIsDarkTheme } from '#web/lib/theme';
import { categoriesOf, coachPathOf, displayNameOf, sectionHeading, websitePalette } from '../lib/display';
import { CoachAvatar, PreviewLabel } from './coach-avatar';
import type { Loadable } from './coach-profile-view';
import { SectionFrame, SiteButton, tint } from './website-parts';
import { SitePrograms, SiteServices, SiteStats } from './website-offer-sections';

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
  contact,
}: {
  page: CoachPage;
  services: Loadable<Service>;
  programs: Loadable<ProgramSummary>;
  /** Name the parts of the site (branding preview with enable_live_preview_labels). */
  labels?: boolean;
  /** Shown inside another page (the branding preview): the headline is not that page's h1. */
  embedded?: boolean;
  /** The way to write to the coach in the contact section (from the messages feature, by the route). */
  contact?: ReactNode;
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
            <div className="flex flex-wrap items-center gap-3">
              <SiteButton to={coachPath} palette={palette}>
                Visit my coach page
              </SiteButton>
              {contact}
            </div>
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
