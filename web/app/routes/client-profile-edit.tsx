import { ClientProfileEditor } from '#web/features/client-profile/components/client-profile-editor';
import { ClientProfileGate } from '#web/features/client-profile/components/client-profile-gate';
import { useScheduleCompletionCheck } from '#web/features/profile-completion/api/profile-completion';
import { EditorSkeleton } from './profile-edit';

/** SPEC §2 `/client-profile-edit`: the client's profile editor. */
export function ClientProfileEditPage() {
  const scheduleCompletionCheck = useScheduleCompletionCheck();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 pt-8 sm:px-6 sm:pt-12">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Edit profile</h1>
      <p className="mt-1 mb-6 text-text-muted">
        Tell your coaches about you, and choose what others can see.
      </p>
      <ClientProfileGate loading={<EditorSkeleton sections={3} />}>
        {(profile, client) => (
          <ClientProfileEditor
            key={profile.id}
            profile={profile}
            client={client}
            onSaved={scheduleCompletionCheck}
          />
        )}
      </ClientProfileGate>
    </div>
  );
}
