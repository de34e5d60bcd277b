import { CalendarPlus, Clock, Sparkles, Zap } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '#web/components/button';
import type { CoachPage } from '#contracts/coach-pages';
import type { Service } from '#contracts/services';
import { formatCents } from '#web/lib/money';
import { displayNameOf, formatDuration } from '../lib/display';
import { FORMAT_SHORT_LABELS } from '#domain/coaching/format-labels';
import { paddedCardClasses } from '#web/components/card';
import {
  FORMAT_ICONS,
  ListError,
  ListSkeleton,
  SectionHeading,
  type Loadable,
} from './profile-section-parts';

/** A service's format and length ("Video", "⏱ 30 min"), two items of a service's facts line. */
export function FormatAndLength({ service }: { service: Service }) {
  return (
    <>
      <span>{FORMAT_SHORT_LABELS[service.format]}</span>
      <span className="inline-flex items-center gap-1">
        <Clock aria-hidden="true" className="size-3.5" />
        {formatDuration(service.duration)}
      </span>
    </>
  );
}

/** Where a client books a service at a time (#18); a sold-out offer has none. */
export const bookingPath = (service: Service) =>
  service.spots_left === 0 ? null : `/client-session-flow/${service.id}`;

export function ServiceItem({ service, badges }: { service: Service; badges: boolean }) {
  const book = bookingPath(service);
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
          <FormatAndLength service={service} />
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
        {book ? (
          <Link to={book} className={buttonClasses('secondary', 'mt-3')}>
            <CalendarPlus aria-hidden="true" className="size-4" />
            Book a time<span className="sr-only">{` for ${service.title}`}</span>
          </Link>
        ) : null}
      </div>
    </li>
  );
}

export function ServicesSection({
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
