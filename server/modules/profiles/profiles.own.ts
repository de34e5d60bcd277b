import { randomInt } from 'node:crypto';
import {
  PROFILE_PICTURE_MESSAGES,
  type OwnProfile,
  type ProfileCompletion,
  type ProfileUpdateBody,
} from '#contracts/profiles';
import { uploadResponseSchema, type UploadKind } from '#contracts/uploads';
import type { RealtimeEvent } from '#contracts/realtime';
import { AppError } from '#domain/errors/app-error';
import { profileCompletion } from '#domain/profiles/profile-completion';
import { toProfileUpdateError, UNIFIED_PROFILE_MESSAGES } from '#domain/profiles/profile-errors';
import {
  normaliseProfileUpdate,
  usernameCandidates,
  usernameWithSuffix,
} from '#domain/profiles/profile-rules';
import type { DbExecutor } from '#server/db/client';
import type { ProfilesDeps } from './profiles.deps';
import type { ProfileChanges, ProfileRow } from './profiles.repository';
import { coachPageFields } from './profiles.shared';

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
  time_zone: 'timeZone',
} as const satisfies Record<Exclude<keyof ProfileUpdateBody, 'categories'>, keyof ProfileChanges>;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function toOwnProfile(row: ProfileRow, categories: string[]): OwnProfile {
  return {
    id: row.id,
    user_id: row.userId,
    full_name: row.fullName,
    username: row.username,
    email: row.email,
    ...coachPageFields(row),
    is_online: row.isOnline,
    last_online_confirm_at: iso(row.lastOnlineConfirmAt),
    show_online_status: row.showOnlineStatus,
    show_coach_stats: row.showCoachStats,
    date_of_birth: row.dateOfBirth,
    onboarding_tour_completed: row.onboardingTourCompleted,
    tour_step_progress: row.tourStepProgress,
    tour_last_seen_at: iso(row.tourLastSeenAt),
    client_onboarding_tour_completed: row.clientOnboardingTourCompleted,
    client_tour_step_progress: row.clientTourStepProgress,
    client_tour_last_seen_at: iso(row.clientTourLastSeenAt),
    time_zone: row.timeZone,
    categories,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The picture fields of a profile and the upload kind each one must come from. */
const PICTURE_FIELDS = [
  ['avatar_url', 'avatarUrl', 'avatar'],
  ['cover_image_url', 'coverImageUrl', 'cover'],
] as const satisfies readonly (readonly [keyof ProfileUpdateBody, keyof ProfileRow, UploadKind])[];

const UPLOAD_URL_PREFIX = '/api/uploads/files/';

/** The storage key of one of the caller's own uploads, from its URL; null for anything else. */
function ownUploadKey(userId: string, url: string | null, kind?: UploadKind): string | null {
  if (url === null || !uploadResponseSchema.shape.url.safeParse(url).success) return null;
  const key = url.slice(UPLOAD_URL_PREFIX.length);
  return key.startsWith(kind ? `${userId}/${kind}/` : `${userId}/`) ? key : null;
}

type Log = { warn: (details: object, message: string) => void };

/** One's own (main) profile: read, update with its pictures, completion, the coach application's prefill. */
export function createOwnProfiles(deps: ProfilesDeps) {
  const { db, repository, clock, pictures, presence } = deps;

  /**
   * avatar_url / cover_image_url may only be set to null (or '' for null), to the value they already
   * have, or to one of the caller's own uploads of the matching kind that still exists.
   */
  async function checkPictures(userId: string, current: ProfileRow, body: ProfileUpdateBody) {
    const changes: Partial<Record<'avatar_url' | 'cover_image_url', string | null>> = {};
    for (const [field, column, kind] of PICTURE_FIELDS) {
      const value = body[field];
      if (value === undefined) continue;
      const next = value === null || value.trim() === '' ? null : value.trim();
      changes[field] = next;
      if (next === null || next === current[column]) continue;
      const key = ownUploadKey(userId, next, kind);
      if (!key)
        throw new AppError('VALIDATION_ERROR', PROFILE_PICTURE_MESSAGES.notOwnUpload, {
          details: [{ path: field, message: PROFILE_PICTURE_MESSAGES.notOwnUpload }],
        });
      if (pictures) {
        try {
          await pictures.read(key);
        } catch (error) {
          if (error instanceof AppError && (error.code === 'NOT_FOUND' || error.code === 'VALIDATION_ERROR'))
            throw new AppError('VALIDATION_ERROR', PROFILE_PICTURE_MESSAGES.missing, {
              details: [{ path: field, message: PROFILE_PICTURE_MESSAGES.missing }],
            });
          throw error;
        }
      }
    }
    return changes;
  }

  /** After a picture was replaced or removed, the old upload of the caller goes (best effort, logged). */
  async function removeReplacedPictures(userId: string, before: ProfileRow, after: ProfileRow, log?: Log) {
    if (!pictures) return;
    for (const [field, column] of PICTURE_FIELDS) {
      if (before[column] === after[column]) continue;
      const key = ownUploadKey(userId, before[column]);
      if (!key) continue;
      try {
        await pictures.remove(userId, key);
      } catch (error) {
        // SPEC §8 silent handling: the profile is saved; a file left behind only uses quota.
        if (!(error instanceof AppError && error.code === 'NOT_FOUND'))
          log?.warn({ field, err: error }, 'replaced profile picture was not deleted');
      }
    }
  }

  /** The first of `base`, base-2 … base-20 nobody else holds; else base with a random number. */
  async function freeUsername(executor: DbExecutor, base: string, userId: string): Promise<string> {
    const candidates = usernameCandidates(base);
    const taken = await repository.takenUsernames(executor, candidates, userId);
    return (
      candidates.find((candidate) => !taken.has(candidate)) ??
      usernameWithSuffix(base, randomInt(21, 1_000_000))
    );
  }

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
     * Database failures become the SPEC §8 codes. Answers the realtime events to deliver after commit.
     */
    async updateOwnProfile(
      userId: string,
      body: ProfileUpdateBody,
      log?: Log,
    ): Promise<{ profile: OwnProfile; events: RealtimeEvent[] }> {
      const existing = await ensureProfile(userId);
      const { categories, ...fields } = body;
      const pictureChanges = await checkPictures(userId, existing, body);
      let result: { before: ProfileRow; after: ProfileRow; profile: OwnProfile; events: RealtimeEvent[] };
      try {
        result = await db.transaction(async (tx) => {
          const current = await repository.lockByUserId(tx, userId);
          if (!current)
            throw new AppError('PROFILE_UPDATE_FAILED', UNIFIED_PROFILE_MESSAGES.createMainProfileFailed);
          const normalised = normaliseProfileUpdate(
            { ...fields, ...pictureChanges },
            { fullName: current.fullName },
          );
          // A username made from the new name (none was given) must not be someone else's: the first
          // free one of name, name-2, name-3… (each within USERNAME_MAX_LENGTH).
          if (fields.username === undefined && typeof normalised.username === 'string')
            normalised.username = await freeUsername(tx, normalised.username, userId);
          const changes: Record<string, unknown> = { updatedAt: clock.now() };
          for (const [field, column] of Object.entries(COLUMN_BY_FIELD))
            if (normalised[field] !== undefined) changes[column] = normalised[field];
          const [updated] = await repository.update(tx, userId, changes as ProfileChanges);
          if (!updated) throw new AppError('NO_DATA_RETURNED');
          if (categories) await repository.replaceCategories(tx, userId, categories);
          const events =
            // What others see (online and shown) changes only while the coach is online.
            presence && updated.isOnline && updated.showOnlineStatus !== current.showOnlineStatus
              ? [await presence.announce(tx, userId)]
              : [];
          return {
            before: current,
            after: updated,
            profile: toOwnProfile(updated, await repository.findCategories(tx, userId)),
            events,
          };
        });
      } catch (error) {
        throw toProfileUpdateError(error);
      }
      await removeReplacedPictures(userId, result.before, result.after, log);
      return { profile: result.profile, events: result.events };
    },

    /** SPEC §7 check-profile-completion (called 2 s after a successful profile update). */
    async checkProfileCompletion(userId: string): Promise<ProfileCompletion> {
      const row = await ensureProfile(userId);
      const categories = await repository.findCategories(db, userId);
      return profileCompletion({ ...row, categories });
    },

    /**
     * An approved coach application fills the coach's profile where it is still empty, inside the
     * caller's transaction: about_me from the bio (and short_bio when the bio is at most 300
     * characters), work_experience, years_experience, the on-demand rates the applicant gave, and the
     * categories when the coach has none. Whatever the coach already wrote is kept.
     */
    async prefillFromCoachApplication(
      executor: DbExecutor,
      userId: string,
      application: {
        bio: string;
        experience: string;
        yearsExperience: number | null;
        categories: readonly string[];
        textPrice: number | null;
        audioPrice: number | null;
        videoPrice: number | null;
      },
    ): Promise<void> {
      await repository.insertMissingProfile(executor, userId, clock.now());
      const current = await repository.lockByUserId(executor, userId);
      if (!current) return;
      const empty = (value: string | null) => value === null || value.trim() === '';
      const changes: ProfileChanges = {};
      if (empty(current.aboutMe) && application.bio) changes.aboutMe = application.bio;
      if (empty(current.shortBio) && application.bio && application.bio.length <= 300)
        changes.shortBio = application.bio;
      if (empty(current.workExperience) && application.experience)
        changes.workExperience = application.experience;
      if (current.yearsExperience === null && application.yearsExperience !== null)
        changes.yearsExperience = application.yearsExperience;
      if (current.onDemandTextPrice === null && application.textPrice !== null)
        changes.onDemandTextPrice = application.textPrice;
      if (current.onDemandAudioPrice === null && application.audioPrice !== null)
        changes.onDemandAudioPrice = application.audioPrice;
      if (current.onDemandVideoPrice === null && application.videoPrice !== null)
        changes.onDemandVideoPrice = application.videoPrice;
      if (Object.keys(changes).length > 0)
        await repository.update(executor, userId, { ...changes, updatedAt: clock.now() });
      if (
        application.categories.length > 0 &&
        (await repository.findCategories(executor, userId)).length === 0
      )
        await repository.replaceCategories(executor, userId, application.categories);
    },
  };
}
