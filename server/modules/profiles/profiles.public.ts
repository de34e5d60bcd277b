import type { PublicClientProfile, PublicCoachProfile } from '#contracts/profiles';
import { AppError } from '#domain/errors/app-error';
import { publicFieldsOf } from './profiles.client';
import type { ProfilesDeps } from './profiles.deps';
import { coachPageFields } from './profiles.shared';

/** The public pages: a coach's profile, and a client's with only the fields they chose to show. */
export function createPublicProfiles(deps: ProfilesDeps) {
  const { db, repository } = deps;

  return {
    async getPublicCoachProfile(username: string): Promise<PublicCoachProfile> {
      const row = await repository.findCoachByUsername(db, username);
      if (!row?.username) throw new AppError('NOT_FOUND');
      const [categories, stats] = await Promise.all([
        repository.findCategories(db, row.userId),
        row.showCoachStats ? repository.findStats(db, row.userId) : Promise.resolve(null),
      ]);
      return {
        id: row.id,
        username: row.username,
        full_name: row.fullName,
        ...coachPageFields(row),
        is_online: row.showOnlineStatus ? row.isOnline : null,
        categories,
        stats: stats
          ? {
              total_sessions: stats.totalSessions,
              total_clients: stats.totalClients,
              avg_response_time: stats.avgResponseTime,
              on_time_percentage: stats.onTimePercentage,
              rating_average: stats.ratingAverage === null ? null : Number(stats.ratingAverage),
              total_reviews: stats.totalReviews,
            }
          : null,
      };
    },

    /**
     * GET /api/clients/:username: a client's public page, only the fields they chose to show. A
     * private page (nothing chosen), an unknown username or a person without the client role is
     * NOT_FOUND, the same answer each time.
     */
    async getPublicClientProfile(username: string): Promise<PublicClientProfile> {
      const row = await repository.findClientByUsername(db, username);
      const shown = publicFieldsOf(row?.client ?? null);
      if (!row?.profile.username || shown.length === 0) throw new AppError('NOT_FOUND');
      const { profile, client } = row;
      const all: Required<Omit<PublicClientProfile, 'username'>> = {
        full_name: profile.fullName,
        avatar_url: profile.avatarUrl,
        short_bio: client?.shortBio ?? null,
        about_me: client?.aboutMe ?? null,
        interests: client?.interests ?? [],
        zodiac_sign: client?.zodiacSign ?? null,
        gender: client?.gender ?? null,
      };
      return Object.assign(
        { username: profile.username },
        ...shown.map((field) => ({ [field]: all[field] })),
      ) as PublicClientProfile;
    },
  };
}
