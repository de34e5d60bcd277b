import { TitledPage } from '#web/components/page-shell';
import { EnrolmentList } from '#web/features/programs/components/enrolment-list';

/** SPEC §2 /client-programs (client): the programs the person joined and how far they are. */
export function ClientProgramsPage() {
  return (
    <TitledPage title="Your programs" description="The programs you joined, and how far you are in each.">
      <EnrolmentList />
    </TitledPage>
  );
}
