import { BadgeCheck, CalendarDays, Star } from 'lucide-react';
import type { CoachPage } from '#contracts/coach-pages';
import { SESSION_FORMATS } from '#domain/coaching/categories';
import { formatCents } from '#web/lib/money';
import { formatRating, memberSince } from '../lib/display';
import { FORMAT_SHORT_LABELS } from '#domain/coaching/format-labels';
import { paddedCardClasses } from '#web/components/card';
import { FORMAT_ICONS, SectionHeading } from './profile-section-parts';

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

export function RatesCard({ page, labels }: { page: CoachPage; labels: boolean }) {
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

export function TrustCard({ trust, labels }: { trust: NonNullable<CoachPage['trust']>; labels: boolean }) {
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

export function AboutSection({ page, labels }: { page: CoachPage; labels: boolean }) {
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
