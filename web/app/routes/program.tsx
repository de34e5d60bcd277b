import { useParams } from 'react-router';
import { ProgramPage as ProgramView } from '#web/features/programs/components/program-page';
import { useDocumentTitle } from '#web/lib/use-document-title';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** SPEC §2 /program/:id (public). */
export function ProgramPage() {
  const { id = '' } = useParams();
  useDocumentTitle('Program');
  if (!UUID.test(id))
    return (
      <div className="mx-auto max-w-md px-4 py-16 text-center">
        <h1 className="text-2xl font-semibold">This program is not available</h1>
        <p className="mt-2 text-text-muted">
          The link looks incomplete. Check it, or find programs on a coach&apos;s page.
        </p>
      </div>
    );
  return <ProgramView key={id} programId={id} />;
}
