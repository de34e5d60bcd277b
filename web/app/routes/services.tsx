import { Briefcase } from 'lucide-react';
import { ButtonLink } from '#web/components/button-link';
import { PageShell } from '#web/components/page-shell';
import { CouponManager } from '#web/features/coupons';
import { ProgramsManager } from '#web/features/programs/components/programs-manager';
import { useMe } from '#web/features/roles/api/get-me';
import { OnDemandRates } from '#web/features/services/components/on-demand-rates';
import { ServicesManager } from '#web/features/services/components/services-manager';
import { LoadingStatus } from '#web/components/loading-status';
import { useDocumentTitle } from '#web/lib/use-document-title';

/** SPEC §2 /services (coach): services, on-demand rates per 15 minutes, coupons, and programs. */
export function ServicesPage() {
  const me = useMe();
  useDocumentTitle('Services');

  if (me.isPending) return <LoadingStatus className="py-24" />;

  if (!me.data?.roles.includes('coach'))
    return (
      <PageShell title="Services" description="The sessions and programs coaches offer, and their prices.">
        <section className="flex flex-col items-center rounded-[var(--radius-card)] border border-dashed border-border bg-surface px-6 py-12 text-center">
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
            <Briefcase aria-hidden="true" className="size-6" />
          </span>
          <h2 className="mt-4 text-lg font-semibold">Services are for coaches</h2>
          <p className="mt-2 max-w-md text-sm text-text-muted">
            Coaches list their sessions and programs here. If you coach, apply to offer your services on
            Wellspring.
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-2">
            <ButtonLink to="/coach-application">Become a coach</ButtonLink>
            <ButtonLink to="/client-programs" variant="secondary">
              Your programs
            </ButtonLink>
          </div>
        </section>
      </PageShell>
    );

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-10 px-4 py-8 sm:px-6 sm:py-12">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Services</h1>
        <p className="mt-2 max-w-2xl text-text-muted">
          What clients can book with you, what instant sessions cost, your coupons and the programs you run.
        </p>
      </div>
      <ServicesManager />
      <OnDemandRates />
      <CouponManager scope="coach" />
      <ProgramsManager />
    </div>
  );
}
