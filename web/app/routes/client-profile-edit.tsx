import { UNIFIED_PROFILE_MESSAGES } from '#contracts/profiles';
import { LoadError } from '#web/components/load-error';
import { useClientProfile } from '#web/features/client-profile/api/client-profile';
import { ClientProfileEditor } from '#web/features/client-profile/components/client-profile-editor';
import { useScheduleCompletionCheck } from '#web/features/profile-completion/api/profile-completion';
import { useOwnProfile } from '#web/lib/own-profile';
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
        <LoadError
          title={UNIFIED_PROFILE_MESSAGES.loadClientProfileFailed}
          error={failed}
          onRetry={() => {
            void profile.refetch();
            void client.refetch();
          }}
        />
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
