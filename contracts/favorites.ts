import { z } from 'zod';
import { coachCardSchema } from './discovery';

/**
 * Favourites (/client-favorites): a client follows listed coaches, and asks to be notified where the
 * coach enabled it. Following needs the client role and the coach's enable_follow_button; notify
 * needs the coach's enable_notify_button.
 */

export const favoriteCoachParamsSchema = z.object({ coachId: z.uuid() });

/** PUT /api/favorites/:coachId: follow (again); `notify` changes only when given. */
export const followBodySchema = z.strictObject({ notify: z.boolean().optional() });
export type FollowBody = z.infer<typeof followBodySchema>;

/** Where the caller stands with one coach (the answer of PUT, DELETE and GET /api/favorites/:coachId). */
/** Whether the caller gets notified, and whether the coach offers following and notifying. */
const followSettingsFields = {
  notify: z.boolean(),
  /** The coach's enable_follow_button / enable_notify_button. */
  follow_enabled: z.boolean(),
  notify_enabled: z.boolean(),
};

export const followStateSchema = z.object({
  coach_id: z.string(),
  following: z.boolean(),
  ...followSettingsFields,
  /** Whether the caller holds the client role (following needs it). */
  is_client: z.boolean(),
});
export type FollowState = z.infer<typeof followStateSchema>;

/** A followed coach: the discovery card plus the follow state. */
export const favoriteCoachSchema = coachCardSchema.extend({
  ...followSettingsFields,
  followed_at: z.string(),
});
export type FavoriteCoach = z.infer<typeof favoriteCoachSchema>;

/** GET /api/favorites: the caller's followed (listed) coaches, newest follow first. */
export const favoritesResponseSchema = z.object({ coaches: z.array(favoriteCoachSchema) });
export type FavoritesResponse = z.infer<typeof favoritesResponseSchema>;
