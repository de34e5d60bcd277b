import { Eye, Globe, Palette, PencilLine, Send } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '#web/components/button';
import { CoachProfileScreen } from '#web/features/coach-page/components/coach-profile-screen';
import { coachPathOf, websitePathOf } from '#web/features/coach-page/lib/display';
import { useAuth } from '#web/lib/auth/use-auth';
import { renderFollowButtons } from './coach-profile';

/** Someone without the coach role has no public page yet: say how to get one. */
export function NoCoachProfile() {
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-16 text-center sm:py-24">
      <h1 className="text-2xl font-semibold tracking-tight">You don't have a coach profile yet</h1>
      <p className="mt-2 text-text-muted">
        Coaches get a public page and a website on Wellspring. Apply to coach, and your page appears here.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to="/coach-application" className={buttonClasses('primary')}>
          <Send aria-hidden="true" className="size-4" />
          Apply to coach
        </Link>
        <Link to="/client-profile" className={buttonClasses('secondary')}>
          Your client profile
        </Link>
      </div>
    </div>
  );
}

/**
 * SPEC §2 /profile (coach): the coach's own page exactly as clients see it, with the ways to change
 * it — Edit profile (/profile/edit) and Branding (/branding) — and to preview or share it.
 */
export function ProfileOverviewPage() {
  const auth = useAuth();
  return (
    <CoachProfileScreen
      coachRef={auth.user?.id}
      renderFollow={renderFollowButtons}
      notFound={<NoCoachProfile />}
      banner={(page) => (
        <div className="mb-4 flex flex-col gap-3 rounded-[var(--radius-card)] border border-border bg-surface p-4 shadow-soft sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="font-semibold">Your profile, as clients see it</p>
            <p className="text-sm text-text-muted">
              {page.username ? (
                <>
                  Your public address is{' '}
                  <Link
                    to={coachPathOf(page)}
                    className="font-medium text-primary underline underline-offset-4"
                  >
                    {coachPathOf(page)}
                  </Link>
                  .
                </>
              ) : (
                'Choose a username in Edit profile to give your page a short address.'
              )}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Link to="/profile/edit" className={buttonClasses('primary')}>
              <PencilLine aria-hidden="true" className="size-4" />
              Edit profile
            </Link>
            <Link to="/branding" className={buttonClasses('secondary')}>
              <Palette aria-hidden="true" className="size-4" />
              Branding
            </Link>
            <Link to="/profile/preview" className={buttonClasses('ghost')}>
              <Eye aria-hidden="true" className="size-4" />
              Preview
            </Link>
            <Link to={websitePathOf(page)} className={buttonClasses('ghost')}>
              <Globe aria-hidden="true" className="size-4" />
              Website
            </Link>
          </div>
        </div>
      )}
    />
  );
}
