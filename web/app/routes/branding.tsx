import { useCallback } from 'react';
import type { Branding } from '#contracts/coach-pages';
import type { PreviewRenderer } from '#web/features/branding/components/branding-editor';
import { BrandingScreen } from '#web/features/branding/components/branding-screen';
import { useCoachPage } from '#web/features/coach-page/api/coach-page';
import { useCoachOffers } from '#web/features/coach-page/components/coach-profile-screen';
import { CoachWebsiteView } from '#web/features/coach-page/components/coach-website-view';
import { useAuth } from '#web/lib/auth/use-auth';

/**
 * SPEC §2 /branding (signed in; the editor itself needs the coach role): the branding editor with the
 * coach's real website as its live preview, painted with the look being edited.
 */
export function BrandingPage() {
  const auth = useAuth();
  const page = useCoachPage(auth.user?.id);
  const offers = useCoachOffers(page.data);
  const renderPreview: PreviewRenderer = useCallback(
    (branding: Branding) =>
      page.data ? (
        <CoachWebsiteView
          page={{ ...page.data, branding }}
          services={offers.services}
          programs={offers.programs}
          labels={page.data.display.enable_live_preview_labels}
          embedded
        />
      ) : (
        <div role="status" className="p-8 text-center text-sm text-text-muted">
          {page.isError
            ? 'The preview could not be loaded. Reload the page to try again.'
            : 'Loading preview...'}
        </div>
      ),
    [page.data, page.isError, offers.services, offers.programs],
  );
  return <BrandingScreen renderPreview={renderPreview} />;
}
