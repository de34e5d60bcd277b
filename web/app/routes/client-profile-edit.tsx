import { UNIFIED_PROFILE_MESSAGES } from '../../../contracts/profiles';
import { Button } from '../../components/button';
import { errorText } from '../../components/form-error';
import { useClientProfile } from '../../features/client-profile/api/client-profile';
import { ClientProfileEditor } from '../../features/client-profile/components/client-profile-editor';
import { useScheduleCompletionCheck } from '../../features/profile-completion/api/profile-completion';
import { useOwnProfile } from '../../lib/own-profile';
import { EditorSkeleton } from './profile-edit';

/** SPEC §2 `/client-profile-edit`: the client's profile editor. */
export function ClientProfileEditPage() {
  const profile = useOwnProfile();
  const client = useClientProfile();
  const scheduleCompletionCheck = useScheduleCompletionCheck();
  const failed = profile.error ?? client.error;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 pt-8 sm:px-6 sm:pt-12">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Edit profile</h1>
      <p className="mt-1 mb-6 text-text-muted">
        Tell your coaches about you, and choose what others can see.
      </p>
      {failed ? (
        <div role="alert" className="rounded-[var(--radius-card)] border border-danger/30 bg-surface p-6">
          <h2 className="font-semibold">{UNIFIED_PROFILE_MESSAGES.loadClientProfileFailed}</h2>
          <p className="mt-1 text-sm text-text-muted">{errorText(failed)}</p>
          <Button
            variant="secondary"
            className="mt-4"
            onClick={() => {
              void profile.refetch();
              void client.refetch();
            }}
          >
            Try again
          </Button>
        </div>
      ) : !profile.data || !client.data ? (
        <EditorSkeleton sections={3} />
      ) : (
        <ClientProfileEditor
          key={profile.data.id}
          profile={profile.data}
          client={client.data}
          onSaved={scheduleCompletionCheck}
        />
      )}
    </div>
  );
}
