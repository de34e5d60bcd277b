import { AppError } from '../errors/app-error';

/** SPEC §5: the exact texts of the profile update rules. */
export const FULL_NAME_REQUIRED_MESSAGE = 'full_name is required and cannot be empty';
/** The unified profile wording of the same rule (shown next to the field). */
export const FULL_NAME_REQUIRED_UNIFIED = 'Full name is required';
export const INVALID_USERNAME_MESSAGE =
  'Username can only contain lowercase letters, numbers, hyphens, and underscores';

export const DEFAULT_CUSTOM_FONTS = { primary: 'inter' } as const;
export const MIN_GENERATED_USERNAME_LENGTH = 3;
/**
 * The longest username: every lookup (/api/profiles/:username, /api/clients/:username,
 * /api/coach-pages/:ref) and the profile update accept at most this many characters, so a generated one
 * (uniqueness suffix included) never has more.
 */
export const USERNAME_MAX_LENGTH = 60;
export const USERNAME_TOO_LONG_MESSAGE = `Username can be at most ${USERNAME_MAX_LENGTH} characters`;

const USERNAME_PATTERN = /^[a-z0-9_-]+$/;

/**
 * SPEC §5 username generation: lowercased, non-alphanumerics removed, spaces to hyphens, repeated
 * hyphens collapsed, edges trimmed, used only if at least 3 characters.
 *
 * How the words are read here:
 * - "non-alphanumerics removed" keeps ASCII letters and digits, and also keeps whitespace and hyphens,
 *   because the next steps turn spaces into hyphens and collapse repeated hyphens: removing them first
 *   would make those steps meaningless ("Maya Thompson" -> "maya-thompson", "Jean-Luc" -> "jean-luc").
 *   Everything else goes, underscores and apostrophes included ("O'Brien" -> "obrien").
 * - Accented letters are decomposed first (NFD), so "José" keeps its "e" ("jose"); letters with no
 *   ASCII base (e.g. "李") are removed like any other non-alphanumeric.
 * - Any run of whitespace becomes one hyphen; then runs of hyphens become one; then hyphens at either
 *   end are trimmed.
 * - At most USERNAME_MAX_LENGTH characters: a longer one is cut after its last whole word that fits
 *   (or at the limit when a single word is longer), so the page it names stays reachable.
 * Returns null when fewer than 3 characters remain (the username is then left as it was).
 */
export function generateUsername(fullName: string): string | null {
  const candidate = capUsername(
    fullName
      .normalize('NFD')
      .toLowerCase()
      .replace(/[^a-z0-9\s-]/g, '')
      .replace(/\s+/g, '-')
      .replace(/-+/g, '-')
      .replace(/^-+|-+$/g, ''),
    USERNAME_MAX_LENGTH,
  );
  return candidate.length >= MIN_GENERATED_USERNAME_LENGTH ? candidate : null;
}

/** `name` in at most `max` characters: cut at the last hyphen that keeps a whole word, else at `max`. */
function capUsername(name: string, max: number): string {
  if (name.length <= max) return name;
  const cut = name.slice(0, max);
  const lastHyphen = cut.lastIndexOf('-');
  const wordCut = name[max] !== '-' && lastHyphen >= MIN_GENERATED_USERNAME_LENGTH;
  return (wordCut ? cut.slice(0, lastHyphen) : cut).replace(/-+$/g, '');
}

/**
 * The `n`th alternative of a generated username that is taken ("maya-thompson" -> "maya-thompson-2"),
 * the base shortened so the whole stays within USERNAME_MAX_LENGTH.
 */
export function usernameWithSuffix(base: string, n: number): string {
  const suffix = `-${n}`;
  return `${capUsername(base, USERNAME_MAX_LENGTH - suffix.length)}${suffix}`;
}

/** A generated username and its first alternatives, in the order to try them: base, base-2 … base-`count`. */
export function usernameCandidates(base: string, count = 20): string[] {
  return [base, ...Array.from({ length: count - 1 }, (_, index) => usernameWithSuffix(base, index + 2))];
}

/** SPEC §5: only lowercase letters, digits, hyphen and underscore; otherwise INVALID_USERNAME. */
export function validateUsername(username: string): void {
  if (!USERNAME_PATTERN.test(username)) throw new AppError('INVALID_USERNAME', INVALID_USERNAME_MESSAGE);
  if (username.length > USERNAME_MAX_LENGTH)
    throw new AppError('INVALID_USERNAME', USERNAME_TOO_LONG_MESSAGE, {
      details: [{ path: 'username', message: USERNAME_TOO_LONG_MESSAGE }],
    });
}

/** SPEC §5: invalid JSON, a non-object or an empty value becomes { primary: 'inter' }. */
export function normaliseCustomFonts(value: unknown): Record<string, unknown> {
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return { ...DEFAULT_CUSTOM_FONTS };
    }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || Object.keys(parsed).length === 0)
    return { ...DEFAULT_CUSTOM_FONTS };
  return parsed as Record<string, unknown>;
}

/** SPEC §5: empty years_experience becomes null; a whole number (or its text) is kept. */
export function normaliseYearsExperience(value: unknown): number | null {
  if (value === null || value === '') return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  const number = typeof value === 'string' ? Number(value.trim()) : value;
  if (typeof number !== 'number' || !Number.isInteger(number))
    throw new AppError('VALIDATION_ERROR', undefined, {
      details: [{ path: 'years_experience', message: 'Years of experience must be a whole number' }],
    });
  return number;
}

export type ProfileUpdateInput = Record<string, unknown> & {
  full_name?: string | null;
  username?: string | null;
  custom_fonts?: unknown;
  years_experience?: unknown;
  date_of_birth?: string | null;
};

export type NormalisedProfileUpdate = Record<string, unknown> & {
  full_name?: string;
  username?: string | null;
  custom_fonts?: Record<string, unknown>;
  years_experience?: number | null;
  date_of_birth?: string | null;
};

/**
 * SPEC §5 profile update, as a pure function: undefined fields are dropped; full_name, if included,
 * must be non-empty after trimming (stored trimmed); an empty username is stored as null, any other
 * must pass validateUsername; custom_fonts and years_experience are normalised; date of birth stays
 * text (empty -> null). When full_name changes (differs from `current.fullName`) and no username is
 * given, a generated one is set if generateUsername returns one.
 */
export function normaliseProfileUpdate(
  input: ProfileUpdateInput,
  current: { fullName: string | null } = { fullName: null },
): NormalisedProfileUpdate {
  const output: NormalisedProfileUpdate = {};
  for (const [key, value] of Object.entries(input)) if (value !== undefined) output[key] = value;

  if ('full_name' in output) {
    const fullName = typeof output.full_name === 'string' ? output.full_name.trim() : '';
    if (fullName === '')
      throw new AppError('VALIDATION_ERROR', FULL_NAME_REQUIRED_MESSAGE, {
        details: [{ path: 'full_name', message: FULL_NAME_REQUIRED_UNIFIED }],
      });
    output.full_name = fullName;
  }

  if ('username' in output) {
    const username = typeof output.username === 'string' ? output.username.trim() : '';
    if (username === '') output.username = null;
    else {
      validateUsername(username);
      output.username = username;
    }
  } else if (output.full_name !== undefined && output.full_name !== current.fullName) {
    const generated = generateUsername(output.full_name);
    if (generated) output.username = generated;
  }

  if ('custom_fonts' in output) output.custom_fonts = normaliseCustomFonts(output.custom_fonts);
  if ('years_experience' in output)
    output.years_experience = normaliseYearsExperience(output.years_experience);
  if ('date_of_birth' in output) {
    const text = typeof output.date_of_birth === 'string' ? output.date_of_birth.trim() : '';
    output.date_of_birth = text === '' ? null : text;
  }
  return output;
}
