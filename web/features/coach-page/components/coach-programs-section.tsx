import { Link } from 'react-router';
import type { ProgramSummary } from '#contracts/programs';
import { paddedCardClasses } from '#web/components/card';
import { ProgramCover, ProgramFacts } from './program-cover';
import { ListError, ListSkeleton, SectionHeading, type Loadable } from './profile-section-parts';

export function ProgramCard({ program }: { program: ProgramSummary }) {
  return (
    <li className="overflow-hidden rounded-[var(--radius-control)] border border-border bg-surface-raised">
      <Link to={`/program/${program.id}`} className="flex h-full flex-col hover:bg-surface-sunken">
        <ProgramCover
          url={program.cover_image_url}
          className="bg-primary-soft"
          iconClassName="text-primary"
        />
        <div className="flex flex-1 flex-col gap-1 p-4">
          <h3 className="font-semibold">{program.title}</h3>
          {program.subtitle ? <p className="text-sm text-text-muted">{program.subtitle}</p> : null}
          <ProgramFacts program={program} className="items-center gap-2" countClassName="text-text-muted" />
        </div>
      </Link>
    </li>
  );
}

export function ProgramsSection({
  programs,
  labels,
}: {
  programs: Loadable<ProgramSummary>;
  labels: boolean;
}) {
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
