import type { ReactNode } from 'react';
import { UNIFIED_PROFILE_MESSAGES, type ClientProfile, type OwnProfile } from '#contracts/profiles';
import { LoadError } from '#web/components/load-error';
import { useOwnProfile } from '#web/lib/own-profile';
import { useClientProfile } from '../api/client-profile';

/**
 * The client's own profile and client profile, loaded together: the load error (retrying both) when
 * either fails, `loading` until both are there, then `children` with both.
 */
export function ClientProfileGate({
  loading,
  children,
}: {
  loading: ReactNode;
  children: (profile: OwnProfile, client: ClientProfile) => ReactNode;
}) {
  const profile = useOwnProfile();
  const client = useClientProfile();
  const failed = profile.error ?? client.error;
  if (failed)
    return (
      <LoadError
        title={UNIFIED_PROFILE_MESSAGES.loadClientProfileFailed}
        error={failed}
        onRetry={() => {
          void profile.refetch();
          void client.refetch();
        }}
      />
    );
  if (!profile.data || !client.data) return loading;
  return children(profile.data, client.data);
}
