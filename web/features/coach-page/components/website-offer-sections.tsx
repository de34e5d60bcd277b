import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import type { CoachPage } from '#contracts/coach-pages';
import type { ProgramSummary } from '#contracts/programs';
import type { Service } from '#contracts/services';
import { SESSION_FORMATS } from '#domain/coaching/categories';
import { formatCents } from '#web/lib/money';
import { formatRating } from '../lib/display';
import { bookingPath, FormatAndLength } from './coach-services-section';
import type { Loadable } from './coach-profile-view';
import { FORMAT_SHORT_LABELS } from '#domain/coaching/format-labels';
import { tint, type Palette } from './website-parts';
import { ProgramCover, ProgramFacts } from './program-cover';

export function SiteServices({
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
                <FormatAndLength service={service} />
                <span className="ml-auto text-base font-semibold tabular-nums">
                  {formatCents(service.price)}
                </span>
              </p>
              {bookingPath(service) ? (
                <Link
                  to={bookingPath(service)!}
                  className="mt-2 self-start rounded-full px-4 py-2 text-sm font-semibold"
                  style={{ backgroundColor: palette.accent, color: palette.onAccent }}
                >
                  Book a time<span className="sr-only">{` for ${service.title}`}</span>
                </Link>
              ) : null}
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

export function SitePrograms({ programs, palette }: { programs: ProgramSummary[]; palette: Palette }) {
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
            <ProgramCover
              url={program.cover_image_url}
              style={{ backgroundColor: tint(palette, 10) }}
              iconStyle={{ color: palette.link }}
            />
            <div className="flex flex-1 flex-col gap-1 p-5">
              <h3 className="text-lg font-semibold">{program.title}</h3>
              {program.subtitle ? <p>{program.subtitle}</p> : null}
              <ProgramFacts program={program} />
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function SiteStats({ stats, palette }: { stats: NonNullable<CoachPage['stats']>; palette: Palette }) {
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
