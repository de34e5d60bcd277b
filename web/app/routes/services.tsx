import { Briefcase } from 'lucide-react';
import { MessageCard } from '#web/components/message-card';
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
        <MessageCard
          as="section"
          icon={Briefcase}
          title="Services are for coaches"
          action={
            <>
              <ButtonLink to="/coach-application">Become a coach</ButtonLink>
              <ButtonLink to="/client-programs" variant="secondary">
                Your programs
              </ButtonLink>
            </>
          }
        >
          Coaches list their sessions and programs here. If you coach, apply to offer your services on
          Wellspring.
        </MessageCard>
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
