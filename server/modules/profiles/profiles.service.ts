import type {
  ClientProfile,
  ClientProfileBody,
  OwnProfile,
  ProfileCompletion,
  ProfileUpdateBody,
  PublicCoachProfile,
} from '../../../contracts/profiles';
import type { Clock } from '../../../domain/clock';
import { AppError } from '../../../domain/errors/app-error';
import { profileCompletion } from '../../../domain/profiles/profile-completion';
import { toProfileUpdateError, UNIFIED_PROFILE_MESSAGES } from '../../../domain/profiles/profile-errors';
import { normaliseProfileUpdate } from '../../../domain/profiles/profile-rules';
import type { Database } from '../../db/client';
import type {
  ClientProfileChanges,
  ClientProfileRow,
  ProfileChanges,
  ProfileRow,
  ProfilesRepository,
} from './profiles.repository';

/** API field -> column property, for every field PATCH /api/profiles/me may change (the allowlist). */
const COLUMN_BY_FIELD = {
  full_name: 'fullName',
  username: 'username',
  professional_title: 'professionalTitle',
  work_experience: 'workExperience',
  short_bio: 'shortBio',
  about_me: 'aboutMe',
  avatar_url: 'avatarUrl',
  cover_image_url: 'coverImageUrl',
  show_online_status: 'showOnlineStatus',
  show_trust_signals: 'showTrustSignals',
  show_coach_stats: 'showCoachStats',
  custom_availability_message: 'customAvailabilityMessage',
  show_services_prominently: 'showServicesProminently',
  coach_tagline: 'coachTagline',
  enable_follow_button: 'enableFollowButton',
  enable_notify_button: 'enableNotifyButton',
  show_service_badges: 'showServiceBadges',
  enable_live_preview_labels: 'enableLivePreviewLabels',
  custom_fonts: 'customFonts',
  years_experience: 'yearsExperience',
  date_of_birth: 'dateOfBirth',
  on_demand_text_price: 'onDemandTextPrice',
  on_demand_audio_price: 'onDemandAudioPrice',
  on_demand_video_price: 'onDemandVideoPrice',
  onboarding_tour_completed: 'onboardingTourCompleted',
  tour_step_progress: 'tourStepProgress',
  client_onboarding_tour_completed: 'clientOnboardingTourCompleted',
  client_tour_step_progress: 'clientTourStepProgress',
} as const satisfies Record<Exclude<keyof ProfileUpdateBody, 'categories'>, keyof ProfileChanges>;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function toOwnProfile(row: ProfileRow, categories: string[]): OwnProfile {
  return {
    id: row.id,
    user_id: row.userId,
    full_name: row.fullName,
    username: row.username,
    email: row.email,
    professional_title: row.professionalTitle,
    work_experience: row.workExperience,
    short_bio: row.shortBio,
    about_me: row.aboutMe,
    avatar_url: row.avatarUrl,
    cover_image_url: row.coverImageUrl,
    is_online: row.isOnline,
    last_online_confirm_at: iso(row.lastOnlineConfirmAt),
    show_online_status: row.showOnlineStatus,
    show_trust_signals: row.showTrustSignals,
    show_coach_stats: row.showCoachStats,
    custom_availability_message: row.customAvailabilityMessage,
    show_services_prominently: row.showServicesProminently,
    coach_tagline: row.coachTagline,
    enable_follow_button: row.enableFollowButton,
    enable_notify_button: row.enableNotifyButton,
    show_service_badges: row.showServiceBadges,
    enable_live_preview_labels: row.enableLivePreviewLabels,
    custom_fonts: row.customFonts,
    years_experience: row.yearsExperience,
    date_of_birth: row.dateOfBirth,
    on_demand_text_price: row.onDemandTextPrice,
    on_demand_audio_price: row.onDemandAudioPrice,
    on_demand_video_price: row.onDemandVideoPrice,
    onboarding_tour_completed: row.onboardingTourCompleted,
    tour_step_progress: row.tourStepProgress,
    tour_last_seen_at: iso(row.tourLastSeenAt),
    client_onboarding_tour_completed: row.clientOnboardingTourCompleted,
    client_tour_step_progress: row.clientTourStepProgress,
    client_tour_last_seen_at: iso(row.clientTourLastSeenAt),
    categories,
    updated_at: row.updatedAt.toISOString(),
  };
}

function toClientProfile(userId: string, row: ClientProfileRow | null): ClientProfile {
  return {
    user_id: userId,
    short_bio: row?.shortBio ?? null,
    about_me: row?.aboutMe ?? null,
    date_of_birth: row?.dateOfBirth ?? null,
    zodiac_sign: row?.zodiacSign ?? null,
    gender: row?.gender ?? null,
    interests: row?.interests ?? [],
    updated_at: row ? row.updatedAt.toISOString() : null,
  };
}

/** SPEC §3/§5/§7/§8: profiles, coach categories, client profiles and the completion check. */
export function createProfilesService(deps: { db: Database; repository: ProfilesRepository; clock: Clock }) {
  const { db, repository, clock } = deps;

  /** The caller's profile row, created when missing (SPEC §8: PGRST116 means create one). */
  async function ensureProfile(userId: string): Promise<ProfileRow> {
    const existing = await repository.findByUserId(db, userId);
    if (existing) return existing;
    await repository.insertMissingProfile(db, userId, clock.now());
    const created = await repository.findByUserId(db, userId);
    if (!created)
      throw new AppError('PROFILE_UPDATE_FAILED', UNIFIED_PROFILE_MESSAGES.createMainProfileFailed);
    return created;
  }

  return {
    async getOwnProfile(userId: string): Promise<OwnProfile> {
      const row = await ensureProfile(userId);
      return toOwnProfile(row, await repository.findCategories(db, userId));
    },

    /**
     * PATCH /api/profiles/me: SPEC §5 rules, then one transaction: update the row (never id, user_id,
     * email, is_online or stats: the body schema is strict), replace the categories when given.
     * Database failures become the SPEC §8 codes.
     */
    async updateOwnProfile(userId: string, body: ProfileUpdateBody): Promise<OwnProfile> {
      await ensureProfile(userId);
      const { categories, ...fields } = body;
      try {
        return await db.transaction(async (tx) => {
          const current = await repository.lockByUserId(tx, userId);
          if (!current)
            throw new AppError('PROFILE_UPDATE_FAILED', UNIFIED_PROFILE_MESSAGES.createMainProfileFailed);
          const normalised = normaliseProfileUpdate(fields, { fullName: current.fullName });
          const changes: Record<string, unknown> = { updatedAt: clock.now() };
          for (const [field, column] of Object.entries(COLUMN_BY_FIELD))
            if (normalised[field] !== undefined) changes[column] = normalised[field];
          const [updated] = await repository.update(tx, userId, changes as ProfileChanges);
          if (!updated) throw new AppError('NO_DATA_RETURNED');
          if (categories) await repository.replaceCategories(tx, userId, categories);
          return toOwnProfile(updated, await repository.findCategories(tx, userId));
        });
      } catch (error) {
        throw toProfileUpdateError(error);
      }
    },

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
        professional_title: row.professionalTitle,
        work_experience: row.workExperience,
        short_bio: row.shortBio,
        about_me: row.aboutMe,
        avatar_url: row.avatarUrl,
        cover_image_url: row.coverImageUrl,
        is_online: row.showOnlineStatus ? row.isOnline : null,
        custom_availability_message: row.customAvailabilityMessage,
        show_trust_signals: row.showTrustSignals,
        show_services_prominently: row.showServicesProminently,
        coach_tagline: row.coachTagline,
        enable_follow_button: row.enableFollowButton,
        enable_notify_button: row.enableNotifyButton,
        show_service_badges: row.showServiceBadges,
        enable_live_preview_labels: row.enableLivePreviewLabels,
        custom_fonts: row.customFonts,
        years_experience: row.yearsExperience,
        on_demand_text_price: row.onDemandTextPrice,
        on_demand_audio_price: row.onDemandAudioPrice,
        on_demand_video_price: row.onDemandVideoPrice,
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

    async getClientProfile(userId: string): Promise<ClientProfile> {
      return toClientProfile(userId, await repository.findClientProfile(db, userId));
    },

    /** PUT /api/client-profiles/me: insert when missing, update otherwise; omitted fields are kept. */
    async saveClientProfile(userId: string, body: ClientProfileBody): Promise<ClientProfile> {
      const values: ClientProfileChanges = { updatedAt: clock.now() };
      if (body.short_bio !== undefined) values.shortBio = body.short_bio;
      if (body.about_me !== undefined) values.aboutMe = body.about_me;
      if (body.date_of_birth !== undefined) values.dateOfBirth = body.date_of_birth?.trim() || null;
      if (body.zodiac_sign !== undefined) values.zodiacSign = body.zodiac_sign;
      if (body.gender !== undefined) values.gender = body.gender;
      if (body.interests !== undefined) values.interests = body.interests;

      const existing = await repository.findClientProfile(db, userId);
      if (!existing) {
        try {
          const inserted = await repository.insertClientProfile(db, userId, values);
          // Lost a race with another tab: the row exists now, so update it instead.
          if (inserted) return toClientProfile(userId, inserted);
        } catch (error) {
          throw toProfileUpdateError(error, UNIFIED_PROFILE_MESSAGES.createClientProfileFailed);
        }
      }
      try {
        const updated = await repository.updateClientProfile(db, userId, values);
        if (!updated) throw new AppError('NO_DATA_RETURNED');
        return toClientProfile(userId, updated);
      } catch (error) {
        throw toProfileUpdateError(error, UNIFIED_PROFILE_MESSAGES.updateClientProfileFailed);
      }
    },

    /** SPEC §7 check-profile-completion (called 2 s after a successful profile update). */
    async checkProfileCompletion(userId: string): Promise<ProfileCompletion> {
      const row = await ensureProfile(userId);
      const categories = await repository.findCategories(db, userId);
      return profileCompletion({ ...row, categories });
    },
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
