import {
  CLIENT_PUBLIC_FIELDS,
  type ClientProfile,
  type ClientProfileBody,
  type ClientPublicField,
  type CoachViewOfClient,
} from '#contracts/profiles';
import { AppError } from '#domain/errors/app-error';
import { toProfileUpdateError, UNIFIED_PROFILE_MESSAGES } from '#domain/profiles/profile-errors';
import type { ProfilesDeps } from './profiles.deps';
import type { ClientProfileChanges, ClientProfileRow } from './profiles.repository';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

const isPublicField = (value: string): value is ClientPublicField =>
  (CLIENT_PUBLIC_FIELDS as readonly string[]).includes(value);

/** The stored list, in the contract's order, without unknown or repeated entries. */ export const publicFieldsOf =
  (row: ClientProfileRow | null): ClientPublicField[] =>
    CLIENT_PUBLIC_FIELDS.filter((field) => (row?.publicFields ?? []).filter(isPublicField).includes(field));

function toClientProfile(userId: string, row: ClientProfileRow | null): ClientProfile {
  return {
    user_id: userId,
    short_bio: row?.shortBio ?? null,
    about_me: row?.aboutMe ?? null,
    date_of_birth: row?.dateOfBirth ?? null,
    zodiac_sign: row?.zodiacSign ?? null,
    gender: row?.gender ?? null,
    interests: row?.interests ?? [],
    public_fields: publicFieldsOf(row),
    updated_at: row ? row.updatedAt.toISOString() : null,
  };
}

/** A client's own profile and what a coach they had a session with sees of it. */
export function createClientProfiles(deps: ProfilesDeps) {
  const { db, repository, clock } = deps;

  return {
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
      if (body.public_fields !== undefined)
        values.publicFields = CLIENT_PUBLIC_FIELDS.filter((field) => body.public_fields?.includes(field));

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

    /**
     * GET /api/clients/:clientId/profile: a coach sees a client's profile only after a session with
     * them (client_coach_stats.total_sessions > 0). Anyone else, and any client without such a
     * session, gets NOT_FOUND: the answer never says whether the person exists.
     */
    async getClientProfileForCoach(coachId: string, clientId: string): Promise<CoachViewOfClient> {
      if (!(await repository.hasRole(db, coachId, 'coach'))) throw new AppError('NOT_FOUND');
      const together = await repository.findSessionsTogether(db, coachId, clientId);
      if (!together) throw new AppError('NOT_FOUND');
      const [profile, client] = await Promise.all([
        repository.findByUserId(db, clientId),
        repository.findClientProfile(db, clientId),
      ]);
      return {
        user_id: clientId,
        username: profile?.username ?? null,
        full_name: profile?.fullName ?? null,
        avatar_url: profile?.avatarUrl ?? null,
        short_bio: client?.shortBio ?? null,
        about_me: client?.aboutMe ?? null,
        zodiac_sign: client?.zodiacSign ?? null,
        gender: client?.gender ?? null,
        interests: client?.interests ?? [],
        sessions: {
          total_sessions: together.totalSessions,
          total_spent: together.totalSpent,
          last_session_at: iso(together.lastSessionAt),
        },
      };
    },
  };
}
