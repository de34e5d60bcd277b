import { z } from 'zod';
import {
  FULL_NAME_REQUIRED_UNIFIED,
  type ClientProfile,
  type ClientProfileBody,
  type ClientPublicField,
  type OwnProfile,
  type ProfileUpdateBody,
} from '#contracts/profiles';
import { ERROR_CODES } from '#domain/errors/app-error';

export const ZODIAC_SIGNS = [
  'Aries',
  'Taurus',
  'Gemini',
  'Cancer',
  'Leo',
  'Virgo',
  'Libra',
  'Scorpio',
  'Sagittarius',
  'Capricorn',
  'Aquarius',
  'Pisces',
] as const;

export const GENDERS = [
  'Woman',
  'Man',
  'Non-binary',
  'Prefer to self-describe',
  'Prefer not to say',
] as const;

/** "What others can see": each public field and how it is named to the client. */
export const PUBLIC_FIELD_LABELS: Record<ClientPublicField, string> = {
  full_name: 'Name',
  avatar_url: 'Photo',
  short_bio: 'Short bio',
  about_me: 'About me',
  interests: 'Interests',
  zodiac_sign: 'Zodiac sign',
  gender: 'Gender',
};

export type ClientValues = {
  full_name: string;
  username: string;
  avatar_url: string | null;
  short_bio: string;
  about_me: string;
  date_of_birth: string;
  gender: string;
  zodiac_sign: string;
  interests: string[];
  public_fields: ClientPublicField[];
};

export type ClientErrors = Partial<Record<keyof ClientValues, string>>;

/** The editor's values a saved profile gives (name, username, photo). */
export const profileValuesFrom = (profile: OwnProfile) => ({
  full_name: profile.full_name ?? '',
  username: profile.username ?? '',
  avatar_url: profile.avatar_url,
});

/** The editor's values a saved client profile gives (the rest). */
export const clientPartFrom = (client: ClientProfile) => ({
  short_bio: client.short_bio ?? '',
  about_me: client.about_me ?? '',
  date_of_birth: client.date_of_birth ?? '',
  gender: client.gender ?? '',
  zodiac_sign: client.zodiac_sign ?? '',
  interests: client.interests,
  public_fields: client.public_fields,
});

export function clientValuesFrom(profile: OwnProfile, client: ClientProfile): ClientValues {
  return { ...profileValuesFrom(profile), ...clientPartFrom(client) };
}

export function validateClient(values: ClientValues): ClientErrors {
  const errors: ClientErrors = {};
  if (values.full_name.trim() === '') errors.full_name = FULL_NAME_REQUIRED_UNIFIED;
  if (values.username !== '' && !/^[a-z0-9_-]+$/.test(values.username))
    errors.username = ERROR_CODES.INVALID_USERNAME;
  if (values.date_of_birth !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(values.date_of_birth))
    errors.date_of_birth = 'Enter a date like 1990-04-02, or leave it empty.';
  return errors;
}

/** The editor's schema for react-hook-form: validateClient()'s rules and messages, one issue per field. */
export const clientEditorSchema = z.custom<ClientValues>().transform((values, issues) => {
  const errors = Object.entries(validateClient(values));
  for (const [field, message] of errors) issues.addIssue({ code: 'custom', path: [field], message });
  return errors.length > 0 ? z.NEVER : values;
});

const nullIfBlank = (text: string) => (text.trim() === '' ? null : text.trim());
const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\u0000') === [...b].sort().join('\u0000');

/** Only what changed: the name, username and photo go to the profile, the rest to the client profile. */
export function clientChanges(saved: ClientValues, draft: ClientValues) {
  const profile: ProfileUpdateBody = {};
  if (draft.full_name.trim() !== saved.full_name.trim()) profile.full_name = draft.full_name.trim();
  if (draft.username !== saved.username) profile.username = draft.username;
  if (draft.avatar_url !== saved.avatar_url) profile.avatar_url = draft.avatar_url;

  const client: ClientProfileBody = {};
  for (const field of ['short_bio', 'about_me', 'date_of_birth', 'gender', 'zodiac_sign'] as const)
    if (nullIfBlank(draft[field]) !== nullIfBlank(saved[field])) client[field] = nullIfBlank(draft[field]);
  if (!sameList(draft.interests, saved.interests)) client.interests = draft.interests;
  if (!sameList(draft.public_fields, saved.public_fields)) client.public_fields = draft.public_fields;
  return { profile, client };
}
