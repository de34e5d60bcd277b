import { Send } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '#web/components/button';
import { errorText } from '#web/components/form-error';
import { ApiError } from '#web/lib/api-client';
import { LoadingSkeleton } from '#web/components/loading-skeleton';
import { useOwnBranding } from '../api/branding';
import { BrandingEditor, type PreviewRenderer } from './branding-editor';
import { useDocumentTitle } from '#web/lib/use-document-title';

function BrandingSkeleton() {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
      <LoadingSkeleton label="Loading..." className="">
        <div className="h-9 w-48 rounded bg-surface-sunken" />
        <div className="mt-3 h-5 w-full max-w-xl rounded bg-surface-sunken" />
        <div className="mt-8 grid gap-6 lg:grid-cols-[26rem_minmax(0,1fr)]">
          <div className="h-96 rounded-[var(--radius-card)] bg-surface-sunken" />
          <div className="h-96 rounded-[var(--radius-card)] bg-surface-sunken" />
        </div>
      </LoadingSkeleton>
    </div>
  );
}

/** /branding with its states: loading, not a coach (how to become one), failed (try again), the editor. */
export function BrandingScreen({ renderPreview }: { renderPreview: PreviewRenderer }) {
  const query = useOwnBranding();
  useDocumentTitle('Branding');

  if (query.error instanceof ApiError && query.error.code === 'FORBIDDEN')
    return (
      <div className="mx-auto w-full max-w-lg px-4 py-16 text-center sm:py-24">
        <h1 className="text-2xl font-semibold tracking-tight">Branding is for coaches</h1>
        <p className="mt-2 text-text-muted">
          Coaches get a website on Wellspring and choose its font, colours and sections here. Apply to coach
          first; once you hold the coach role, this page is yours.
        </p>
        <Link to="/coach-application" className={buttonClasses('primary', 'mt-6')}>
          <Send aria-hidden="true" className="size-4" />
          Apply to coach
        </Link>
      </div>
    );
  if (query.isError)
    return (
      <div className="mx-auto w-full max-w-lg px-4 py-16 text-center sm:py-24">
        <h1 className="text-2xl font-semibold tracking-tight">Branding didn't load</h1>
        <p role="alert" className="mt-2 text-text-muted">
          {errorText(query.error)}
        </p>
        <Button className="mt-6" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  if (!query.data) return <BrandingSkeleton />;
  const data = query.data;
  return (
    <BrandingEditor
      // A different person (another tab signed in as someone else) starts from their own look.
      key={data.coach_id}
      saved={data}
      renderPreview={renderPreview}
      websitePath={`/coach/${encodeURIComponent(data.username ?? data.coach_id)}/website`}
    />
  );
}
