import { useParams } from 'react-router';
import { LessonReader } from '#web/features/programs/components/lesson-reader';
import { useDocumentTitle } from '#web/lib/use-document-title';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** SPEC §2 /program/:programId/lesson/:lessonNumber (signed in: the owner or someone who joined). */
export function ProgramLessonPage() {
  const { programId = '', lessonNumber = '' } = useParams();
  const number = /^\d{1,3}$/.test(lessonNumber) ? Number(lessonNumber) : 0;
  useDocumentTitle(`Lesson ${number || ''}`);
  if (!UUID.test(programId) || number < 1)
    return (
      <div className="mx-auto max-w-md px-4 py-16 text-center">
        <h1 className="text-2xl font-semibold">This lesson is not available</h1>
        <p className="mt-2 text-text-muted">
          The link looks incomplete. Open the lesson from its program page.
        </p>
      </div>
    );
  return <LessonReader key={`${programId}/${number}`} programId={programId} lessonNumber={number} />;
}
