import { Eye, Palette, PencilLine } from 'lucide-react';
import { useParams } from 'react-router';
import { ButtonLink } from '#web/components/button-link';
import { CoachProfileScreen } from '#web/features/coach-page/components/coach-profile-screen';
import { displayNameOf } from '#web/features/coach-page/lib/display';
import { useAuth } from '#web/lib/auth/use-auth';
import { renderFollowButtons } from './coach-profile';
import { NoCoachProfile } from './profile-overview';

/**
 * SPEC §2 /profile/preview, /profile/:username/preview and /profile/{id}/preview (coach only): the
 * public view under a "Preview" banner with the way back to editing. Parts of the page are named
 * when the coach turned on enable_live_preview_labels.
 */
export function ProfilePreviewPage() {
  const { username } = useParams();
  const auth = useAuth();
  const coachRef = username ?? auth.user?.id;
  return (
    <CoachProfileScreen
      key={coachRef}
      coachRef={coachRef}
      renderFollow={renderFollowButtons}
      labels
      notFound={username ? undefined : <NoCoachProfile />}
      banner={(page) => {
        const own = page.coach_id === auth.user?.id;
        return (
          <div
            role="region"
            aria-label="Preview"
            className="mb-4 flex flex-col gap-3 rounded-[var(--radius-card)] border border-info/40 bg-info/10 p-4 sm:flex-row sm:items-center sm:justify-between"
          >
            <p className="flex items-start gap-2">
              <Eye aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-info" />
              <span>
                <span className="font-semibold">Preview.</span>{' '}
                {own
                  ? 'This is how clients see your page.'
                  : `This is how clients see ${displayNameOf(page)}'s page.`}
              </span>
            </p>
            {own ? (
              <div className="flex flex-wrap gap-2">
                <ButtonLink to="/profile/edit" icon={PencilLine}>
                  Back to edit
                </ButtonLink>
                <ButtonLink to="/branding" variant="secondary" icon={Palette}>
                  Branding
                </ButtonLink>
              </div>
            ) : null}
          </div>
        );
      }}
    />
  );
}
