import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BrandingBody, BrandingFont, OwnBranding } from '#contracts/coach-pages';
import { coachPagesApi } from '#contracts/coach-pages.api';
import { profilesApi } from '#contracts/profiles.api';
import { api } from '#web/lib/api';
import { useAuth } from '#web/lib/auth/use-auth';
import { ownProfileQueryKey } from '#web/lib/own-profile';

/** The coach-page feature's cache root (features do not import each other; the key is the contract). */
const COACH_PAGE_QUERY_ROOT = ['coach-page'] as const;

export const ownBrandingQueryKey = (userId: string) => ['branding', 'me', userId] as const;

/** GET /api/branding/me (people holding the coach role). */
export const ownBrandingQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ownBrandingQueryKey(userId),
    queryFn: ({ signal }) => api(coachPagesApi.getOwnBranding, {}, { signal }),
  });

export function useOwnBranding() {
  const auth = useAuth();
  const userId = auth.user?.id ?? '';
  return useQuery({
    ...ownBrandingQueryOptions(userId),
    enabled: auth.status === 'signed_in' && userId !== '',
  });
}

/** The whole look being edited: the website's branding plus the font (profiles.custom_fonts). */
export type BrandingDraft = BrandingBody & { font: BrandingFont };

/** What the cache shows while a save is on its way (the server lower-cases colours and trims texts). */
export function optimisticBranding(previous: OwnBranding, draft: BrandingDraft): OwnBranding {
  return {
    ...previous,
    font: draft.font,
    primary_color: draft.primary_color.toLowerCase(),
    accent_color: draft.accent_color.toLowerCase(),
    background_color: draft.background_color.toLowerCase(),
    headline: draft.headline?.trim() || null,
    sections: draft.sections,
  };
}

/** The fields PUT /api/branding/me takes, in a fixed order (so two looks compare as JSON). */
export const websiteOf = (look: BrandingBody): BrandingBody => ({
  primary_color: look.primary_color,
  accent_color: look.accent_color,
  background_color: look.background_color,
  headline: look.headline,
  sections: look.sections,
});

/**
 * Saves the look, optimistic: the cache shows it at once and goes back to the saved look when the
 * server refuses it. The font goes through PATCH /api/profiles/me (custom_fonts.primary) when it
 * changed, the rest through PUT /api/branding/me when it changed. Afterwards the coach pages and
 * the own profile are refetched, so every screen shows what the server holds.
 */
export function useSaveBranding() {
  const queryClient = useQueryClient();
  const auth = useAuth();
  const userId = auth.user?.id ?? '';
  const key = ownBrandingQueryKey(userId);
  return useMutation({
    mutationFn: async ({ draft, saved }: { draft: BrandingDraft; saved: OwnBranding }) => {
      let result = saved;
      if (draft.font !== saved.font) {
        await api(profilesApi.updateOwn, { body: { custom_fonts: { primary: draft.font } } });
        result = { ...result, font: draft.font };
      }
      const website = websiteOf(draft);
      if (JSON.stringify(website) !== JSON.stringify(websiteOf(saved)))
        result = {
          ...(await api(coachPagesApi.saveOwnBranding, { body: website })),
          font: result.font,
        };
      return result;
    },
    onMutate: async ({ draft }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<OwnBranding>(key);
      if (previous) queryClient.setQueryData<OwnBranding>(key, optimisticBranding(previous, draft));
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData<OwnBranding>(key, context.previous);
      // Part of it (the font) may have been saved before the rest failed: ask what is true now.
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onSuccess: (result) => {
      queryClient.setQueryData<OwnBranding>(key, result);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: COACH_PAGE_QUERY_ROOT });
      void queryClient.invalidateQueries({ queryKey: ownProfileQueryKey(userId) });
    },
  });
}
