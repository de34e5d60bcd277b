import { Eye } from 'lucide-react';
import { LoadError } from '#web/components/load-error';
import { ButtonLink } from '#web/components/button-link';
import { ProfileEditor } from '#web/features/profile-editor/components/profile-editor';
import { useScheduleCompletionCheck } from '#web/features/profile-completion/api/profile-completion';
import { UNIFIED_PROFILE_MESSAGES } from '#contracts/profiles';
import { useOwnProfile } from '#web/lib/own-profile';

/** Keeps the layout while the profile loads (DESIGN.md: skeletons, not spinners). */
export function EditorSkeleton({ sections = 4 }: { sections?: number }) {
  return (
    <div aria-busy="true" aria-label="Loading your profile" className="flex flex-col gap-6">
      {Array.from({ length: sections }, (_, index) => (
        <div key={index} className="rounded-[var(--radius-card)] border border-border bg-surface p-6">
          <div className="h-5 w-32 animate-pulse rounded bg-surface-sunken" />
          <div className="mt-5 h-11 animate-pulse rounded-[var(--radius-control)] bg-surface-sunken" />
          <div className="mt-4 h-11 animate-pulse rounded-[var(--radius-control)] bg-surface-sunken" />
        </div>
      ))}
    </div>
  );
}

export function ProfileLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <LoadError title={UNIFIED_PROFILE_MESSAGES.loadCoachProfileFailed} error={error} onRetry={onRetry} />
  );
}

/** SPEC §2 `/profile/edit` (coach): the profile editor; the completion check follows each save by 2 s. */
export function ProfileEditPage() {
  const profile = useOwnProfile();
  const scheduleCompletionCheck = useScheduleCompletionCheck();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 pt-8 sm:px-6 sm:pt-12">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Edit profile</h1>
          <p className="mt-1 text-text-muted">How clients see you: your story, your photos and your rates.</p>
        </div>
        <ButtonLink to="/profile/preview" variant="secondary" icon={Eye}>
          Preview
        </ButtonLink>
      </div>
      {profile.isPending ? (
        <EditorSkeleton />
      ) : profile.isError ? (
        <ProfileLoadError error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <ProfileEditor key={profile.data.id} profile={profile.data} onSaved={scheduleCompletionCheck} />
      )}
    </div>
  );
}
