/** The items check_profile_completion looks at, in order (what a coach's public page needs). */
export const PROFILE_COMPLETION_ITEMS = [
  'full_name',
  'username',
  'professional_title',
  'short_bio',
  'avatar_url',
  'categories',
  'on_demand_prices',
] as const;
export type ProfileCompletionItem = (typeof PROFILE_COMPLETION_ITEMS)[number];

export type CompletionInput = {
  fullName: string | null;
  username: string | null;
  professionalTitle: string | null;
  shortBio: string | null;
  avatarUrl: string | null;
  categories: readonly string[];
  onDemandTextPrice: number | null;
  onDemandAudioPrice: number | null;
  onDemandVideoPrice: number | null;
};

const filled = (value: string | null) => value !== null && value.trim() !== '';

/**
 * Each item weighs the same; completion is the rounded percentage of items done. On-demand prices
 * count as done only when all three (text, audio, video) are set.
 */
export function profileCompletion(profile: CompletionInput): {
  completion: number;
  missing: ProfileCompletionItem[];
} {
  const done: Record<ProfileCompletionItem, boolean> = {
    full_name: filled(profile.fullName),
    username: filled(profile.username),
    professional_title: filled(profile.professionalTitle),
    short_bio: filled(profile.shortBio),
    avatar_url: filled(profile.avatarUrl),
    categories: profile.categories.length > 0,
    on_demand_prices:
      profile.onDemandTextPrice !== null &&
      profile.onDemandAudioPrice !== null &&
      profile.onDemandVideoPrice !== null,
  };
  const missing = PROFILE_COMPLETION_ITEMS.filter((item) => !done[item]);
  const completion = Math.round(
    (100 * (PROFILE_COMPLETION_ITEMS.length - missing.length)) / PROFILE_COMPLETION_ITEMS.length,
  );
  return { completion, missing };
}
