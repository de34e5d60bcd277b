import type { FavoritesResponse, FollowBody, FollowState } from '#contracts/favorites';
import type { Clock } from '#domain/clock';
import { AppError } from '#domain/errors/app-error';
import type { Database } from '#server/db/client';
import type { DirectoryRow } from './discovery.query';
import { toCoachCard } from './discovery.service';
import type { FavoritesRepository } from './favorites.repository';

const COACH_NOT_LISTED =
  'We could not find this coach. They may no longer be listed; search for coaches on Discover.';

/** Favourites (/client-favorites): follow and notify toggles where the coach enabled them. */
export function createFavoritesService(deps: {
  db: Database;
  repository: FavoritesRepository;
  clock: Clock;
}) {
  const { db, repository, clock } = deps;

  async function requireClient(userId: string) {
    if (!(await repository.hasClientRole(db, userId))) throw new AppError('CLIENT_ROLE_REQUIRED');
  }

  async function listedCoach(coachId: string) {
    const coach = await repository.findListedCoach(db, coachId);
    if (!coach) throw new AppError('NOT_FOUND', COACH_NOT_LISTED);
    return coach;
  }

  return {
    async list(userId: string): Promise<FavoritesResponse> {
      await requireClient(userId);
      const rows = await repository.listFollowed(db, userId);
      return {
        coaches: rows.map((row) => {
          const d = row.directory;
          const directoryRow: DirectoryRow = {
            coach_id: d.coachId,
            username: d.username,
            full_name: d.fullName,
            professional_title: d.professionalTitle,
            coach_tagline: d.coachTagline,
            avatar_url: d.avatarUrl,
            categories: d.categories,
            rating_average: d.ratingAverage,
            total_reviews: d.totalReviews,
            show_coach_stats: d.showCoachStats,
            price_text: d.priceText,
            price_audio: d.priceAudio,
            price_video: d.priceVideo,
            is_online: d.isOnline,
            custom_availability_message: d.customAvailabilityMessage,
            is_busy: row.isBusy,
          };
          return {
            ...toCoachCard(directoryRow),
            notify: row.notify && row.notifyEnabled,
            follow_enabled: row.followEnabled,
            notify_enabled: row.notifyEnabled,
            followed_at: row.followedAt.toISOString(),
          };
        }),
      };
    },

    /** Where the caller stands with a listed coach (anyone signed in may ask: the coach page shows it). */
    async state(userId: string, coachId: string): Promise<FollowState> {
      const coach = await listedCoach(coachId);
      const [isClient, follow] = await Promise.all([
        repository.hasClientRole(db, userId),
        repository.findFollow(db, userId, coachId),
      ]);
      return {
        coach_id: coachId,
        following: follow !== null,
        notify: (follow?.notify ?? false) && coach.notifyEnabled,
        follow_enabled: coach.followEnabled,
        notify_enabled: coach.notifyEnabled,
        is_client: isClient,
      };
    },

    async follow(userId: string, coachId: string, body: FollowBody): Promise<FollowState> {
      await requireClient(userId);
      const coach = await listedCoach(coachId);
      if (coachId === userId) throw new AppError('VALIDATION_ERROR', 'You cannot follow yourself.');
      if (!coach.followEnabled) throw new AppError('FOLLOW_DISABLED');
      if (body.notify === true && !coach.notifyEnabled) throw new AppError('NOTIFY_DISABLED');
      const row = await repository.upsertFollow(db, userId, coachId, body.notify, clock.now());
      return {
        coach_id: coachId,
        following: true,
        notify: (row?.notify ?? false) && coach.notifyEnabled,
        follow_enabled: true,
        notify_enabled: coach.notifyEnabled,
        is_client: true,
      };
    },

    /** Unfollows (also a coach no longer listed); following nobody is not an error. */
    async unfollow(userId: string, coachId: string): Promise<FollowState> {
      await requireClient(userId);
      await repository.deleteFollow(db, userId, coachId);
      const coach = await repository.findListedCoach(db, coachId);
      return {
        coach_id: coachId,
        following: false,
        notify: false,
        follow_enabled: coach?.followEnabled ?? false,
        notify_enabled: coach?.notifyEnabled ?? false,
        is_client: true,
      };
    },
  };
}

export type FavoritesService = ReturnType<typeof createFavoritesService>;
