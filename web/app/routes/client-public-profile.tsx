import { UserRoundX } from 'lucide-react';
import { useParams } from 'react-router';
import { usePublicClientProfile } from '#web/features/client-profile/api/client-profile';
import {
  ClientProfilePage,
  ProfileUnavailable,
} from '#web/features/client-profile/components/client-profile-page';

/** SPEC §2 `/client/:username` (public): only what the client chose to show. */
export function ClientPublicProfilePage() {
  const { username = '' } = useParams();
  const page = usePublicClientProfile(username);

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
      <ClientProfilePage
        query={page}
        loadingLabel="Loading this profile"
        placeholderClassName="h-56"
        unavailableStatuses={[404]}
        unavailable={
          <ProfileUnavailable
            icon={UserRoundX}
            title="This profile is not public"
            to="/"
            action="Go to Wellspring"
          >
            Either the person keeps their profile private, or there is nobody called @{username} here.
          </ProfileUnavailable>
        }
        emptyText="This member shares only their name."
      />
    </div>
  );
}
