import { Eye, Globe, Palette, PencilLine, Send } from 'lucide-react';
import { Link } from 'react-router';
import { ButtonLink } from '#web/components/button-link';
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
        <ButtonLink to="/coach-application" icon={Send}>
          Apply to coach
        </ButtonLink>
        <ButtonLink to="/client-profile" variant="secondary">
          Your client profile
        </ButtonLink>
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
            <ButtonLink to="/profile/edit" icon={PencilLine}>
              Edit profile
            </ButtonLink>
            <ButtonLink to="/branding" variant="secondary" icon={Palette}>
              Branding
            </ButtonLink>
            <ButtonLink to="/profile/preview" variant="ghost" icon={Eye}>
              Preview
            </ButtonLink>
            <ButtonLink to={websitePathOf(page)} variant="ghost" icon={Globe}>
              Website
            </ButtonLink>
          </div>
        </div>
      )}
    />
  );
}
