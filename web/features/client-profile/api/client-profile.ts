import { useQuery } from '@tanstack/react-query';
import type { ClientProfile, ClientProfileBody } from '#contracts/profiles';
import { profilesApi } from '#contracts/profiles.api';
import { api } from '#web/lib/api';
import { useAuth } from '#web/lib/auth/use-auth';
import { PROFILE_STALE_MS, useOptimisticProfileSave } from '#web/lib/own-profile';

export const clientProfileQueryKey = (userId: string) => ['client-profiles', 'me', userId] as const;

/** GET /api/client-profiles/me (empty fields until the first save). */
export function useClientProfile() {
  const auth = useAuth();
  const userId = auth.user?.id ?? '';
  return useQuery({
    queryKey: clientProfileQueryKey(userId),
    queryFn: ({ signal }) => api(profilesApi.getOwnClient, {}, { signal }),
    staleTime: PROFILE_STALE_MS,
    enabled: auth.status === 'signed_in' && userId !== '',
  });
}

/** The sent fields laid over the saved client profile, for the optimistic cache. */
export function optimisticClientProfile(previous: ClientProfile, body: ClientProfileBody): ClientProfile {
  const next: ClientProfile = { ...previous };
  if (body.short_bio !== undefined) next.short_bio = body.short_bio;
  if (body.about_me !== undefined) next.about_me = body.about_me;
  if (body.date_of_birth !== undefined) next.date_of_birth = body.date_of_birth;
  if (body.zodiac_sign !== undefined) next.zodiac_sign = body.zodiac_sign;
  if (body.gender !== undefined) next.gender = body.gender;
  if (body.interests !== undefined) next.interests = body.interests ?? [];
  if (body.public_fields !== undefined) next.public_fields = body.public_fields;
  return next;
}

/** PUT /api/client-profiles/me, optimistic with rollback (SPEC §8), like the main profile. */
export function useSaveClientProfile() {
  const auth = useAuth();
  return useOptimisticProfileSave(
    clientProfileQueryKey(auth.user?.id ?? ''),
    (body: ClientProfileBody, signal) => api(profilesApi.saveOwnClient, { body }, { signal }),
    optimisticClientProfile,
  );
}

/** GET /api/clients/:username (public; 404 when private or unknown). */
export function usePublicClientProfile(username: string) {
  return useQuery({
    queryKey: ['clients', 'public', username],
    queryFn: ({ signal }) => api(profilesApi.getPublicClient, { params: { username } }, { signal }),
    staleTime: PROFILE_STALE_MS,
  });
}

/** GET /api/clients/:clientId/profile (a coach, after a session with the client; 404 otherwise). */
export function useCoachViewOfClient(clientId: string) {
  const auth = useAuth();
  return useQuery({
    queryKey: ['clients', 'coach-view', auth.user?.id ?? '', clientId],
    queryFn: ({ signal }) => api(profilesApi.getClientForCoach, { params: { clientId } }, { signal }),
    staleTime: PROFILE_STALE_MS,
    enabled: auth.status === 'signed_in',
  });
}
