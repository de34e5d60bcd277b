import { queryOptions, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { PROFILE_CLIENT_ERROR_MESSAGES, type OwnProfile, type ProfileUpdateBody } from '#contracts/profiles';
import { profilesApi } from '#contracts/profiles.api';
import { api } from './api';
import { ApiError } from './api-client';
import { useAuth } from './auth/use-auth';

/**
 * The signed-in person's own profile (GET/PATCH /api/profiles/me), shared by every screen that shows
 * or edits it: the coach profile editor, the client profile screens and the coach home.
 */

/** SPEC §9: the profile cache is stale after 10 minutes. */
export const PROFILE_STALE_MS = 10 * 60_000;

/** A save that has not answered after this long is given up (SPEC §8 EXCEPTION_ERROR timeout). */
export const PROFILE_SAVE_TIMEOUT_MS = 20_000;

export const ownProfileQueryKey = (userId: string) => ['profiles', 'me', userId] as const;

export const ownProfileQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ownProfileQueryKey(userId),
    queryFn: ({ signal }) => api(profilesApi.getOwn, {}, { signal }),
    staleTime: PROFILE_STALE_MS,
  });

export function useOwnProfile() {
  const auth = useAuth();
  const userId = auth.user?.id ?? '';
  return useQuery({
    ...ownProfileQueryOptions(userId),
    enabled: auth.status === 'signed_in' && userId !== '',
  });
}

/** A request that gives up after `ms`; the timeout is reported as such, not as a network failure. */
export class RequestTimeoutError extends Error {
  constructor() {
    super(PROFILE_CLIENT_ERROR_MESSAGES.timeout);
    this.name = 'RequestTimeoutError';
  }
}

export async function withTimeout<T>(run: (signal: AbortSignal) => Promise<T>, ms: number): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, ms);
  try {
    return await run(controller.signal);
  } catch (error) {
    if (timedOut) throw new RequestTimeoutError();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * SPEC §8 profile update messages: a server answer carries its code's exact text (USERNAME_TAKEN,
 * INVALID_USERNAME, the full-name rule...); no answer at all is the network, timeout or other text.
 */
export function profileErrorMessage(error: unknown): string {
  if (error instanceof RequestTimeoutError) return PROFILE_CLIENT_ERROR_MESSAGES.timeout;
  if (error instanceof ApiError)
    return error.status === 0 ? PROFILE_CLIENT_ERROR_MESSAGES.network : error.message;
  return PROFILE_CLIENT_ERROR_MESSAGES.other;
}

/** The message of the field an error is about (`details[].path`), e.g. the unified "Full name is required". */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!(error instanceof ApiError)) return fields;
  // The server names a schema field 'body.<field>' and a rule's field '<field>'.
  for (const detail of error.details) fields[detail.path.replace(/^body\./, '')] ??= detail.message;
  if (error.code === 'USERNAME_TAKEN' || error.code === 'INVALID_USERNAME') fields.username = error.message;
  return fields;
}

/** What the cache shows while a PATCH is on its way: the sent fields laid over the saved profile. */
export function optimisticProfile(previous: OwnProfile, body: ProfileUpdateBody): OwnProfile {
  const next: OwnProfile = { ...previous };
  for (const [field, value] of Object.entries(body) as [keyof ProfileUpdateBody, unknown][]) {
    if (value === undefined) continue;
    if (field === 'years_experience')
      next.years_experience = value === null || value === '' ? null : Number(value);
    else if (field === 'custom_fonts')
      next.custom_fonts =
        typeof value === 'object' && value !== null
          ? (value as OwnProfile['custom_fonts'])
          : previous.custom_fonts;
    else if (field === 'tour_step_progress' || field === 'client_tour_step_progress')
      next[field] = value as OwnProfile['tour_step_progress'];
    else (next as Record<string, unknown>)[field] = value;
  }
  return next;
}

/**
 * A save of one of the signed-in person's own profiles cached under `key`, optimistic (SPEC §8): the
 * cache shows `optimistic(previous, body)` at once and goes back to what it was when the server refuses
 * it; the server's answer replaces it on success. `send` gives up after PROFILE_SAVE_TIMEOUT_MS.
 */
export function useOptimisticProfileSave<Saved, Body>(
  key: QueryKey,
  send: (body: Body, signal: AbortSignal) => Promise<Saved>,
  optimistic: (previous: Saved, body: Body) => Saved,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => withTimeout((signal) => send(body, signal), PROFILE_SAVE_TIMEOUT_MS),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Saved>(key);
      if (previous) queryClient.setQueryData<Saved>(key, optimistic(previous, body));
      return { previous };
    },
    onError: (_error, _body, context) => {
      if (context?.previous) queryClient.setQueryData<Saved>(key, context.previous);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData<Saved>(key, saved);
    },
  });
}

/** PATCH /api/profiles/me, optimistic (SPEC §8). */
export function useUpdateOwnProfile() {
  const auth = useAuth();
  return useOptimisticProfileSave(
    ownProfileQueryKey(auth.user?.id ?? ''),
    (body: ProfileUpdateBody, signal) => api(profilesApi.updateOwn, { body }, { signal }),
    optimisticProfile,
  );
}
