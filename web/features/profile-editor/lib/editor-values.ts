import { z } from 'zod';
import { FULL_NAME_REQUIRED_UNIFIED, type OwnProfile, type ProfileUpdateBody } from '#contracts/profiles';
import { ON_DEMAND_DEFAULT_RATES } from '#contracts/services';
import type { CoachingCategory } from '#domain/coaching/categories';
import { ERROR_CODES } from '#domain/errors/app-error';
import { MAX_RATE_CENTS } from '#domain/money/limits';
import { generateUsername, USERNAME_MAX_LENGTH } from '#domain/profiles/profile-rules';
import { centsToInput, formatCents, inputToCents } from '#web/lib/money';
import { FORMAT_NOUNS } from '#domain/coaching/format-labels';

/** SPEC §3 default of custom_availability_message. */
export const DEFAULT_AVAILABILITY_MESSAGE = 'Online Now - Ready to help you grow!';

/** Fonts a coach may pick for their page: Inter is bundled; the rest are on every device (no font hosts). */
export const FONT_CHOICES = [
  { value: 'inter', label: 'Inter', stack: "'Inter Variable', ui-sans-serif, system-ui, sans-serif" },
  { value: 'system', label: 'System', stack: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
  { value: 'serif', label: 'Serif', stack: "Georgia, Cambria, 'Times New Roman', serif" },
  {
    value: 'rounded',
    label: 'Rounded',
    stack: "ui-rounded, 'SF Pro Rounded', 'Nunito', 'Segoe UI', sans-serif",
  },
  { value: 'mono', label: 'Monospace', stack: "ui-monospace, 'SF Mono', Menlo, Consolas, monospace" },
] as const;

export const PAGE_TOGGLES = [
  ['show_online_status', 'Show when I am online', 'Clients see a live "online" badge on your page.'],
  ['show_trust_signals', 'Show trust signals', 'Verified details and badges on your page.'],
  ['show_coach_stats', 'Show my stats', 'Sessions, clients, response time and rating.'],
  ['show_services_prominently', 'Put my services first', 'Your services appear above your story.'],
  ['enable_follow_button', 'Follow button', 'Clients can follow you to find you again.'],
  ['enable_notify_button', 'Notify me button', 'Followers can ask to hear when you go online.'],
  ['show_service_badges', 'Service badges', 'Formats and "popular" labels on your services.'],
  ['enable_live_preview_labels', 'Live preview labels', 'Labels that show what is live right now.'],
] as const;
export type PageToggle = (typeof PAGE_TOGGLES)[number][0];

export const PRICE_FIELDS = [
  ['on_demand_text_price', FORMAT_NOUNS.text, ON_DEMAND_DEFAULT_RATES.text],
  ['on_demand_audio_price', FORMAT_NOUNS.audio, ON_DEMAND_DEFAULT_RATES.audio],
  ['on_demand_video_price', FORMAT_NOUNS.video, ON_DEMAND_DEFAULT_RATES.video],
] as const;
export type PriceField = (typeof PRICE_FIELDS)[number][0];

/** Highest on-demand rate accepted, in cents per 15 minutes: the server's cap (domain/money/limits.ts). */
export { MAX_RATE_CENTS };
export const RATE_ERROR = `Enter an amount like 30 or 30.50 (at most ${formatCents(MAX_RATE_CENTS)}), or leave it empty for the default.`;

export const TEXT_LIMITS = {
  full_name: 200,
  username: USERNAME_MAX_LENGTH,
  professional_title: 500,
  coach_tagline: 500,
  custom_availability_message: 500,
  short_bio: 500,
  about_me: 5_000,
  work_experience: 5_000,
} as const;

/** The form's own shape: text as typed, money as dollars text. */
export type EditorValues = {
  full_name: string;
  username: string;
  professional_title: string;
  coach_tagline: string;
  years_experience: string;
  short_bio: string;
  about_me: string;
  work_experience: string;
  categories: CoachingCategory[];
  avatar_url: string | null;
  cover_image_url: string | null;
  custom_availability_message: string;
  font: string;
} & Record<PageToggle, boolean> &
  Record<PriceField, string>;

export type EditorErrors = Partial<Record<keyof EditorValues, string>>;

const fontOf = (fonts: Record<string, unknown>) =>
  typeof fonts.primary === 'string' ? fonts.primary : 'inter';

export function valuesFrom(profile: OwnProfile): EditorValues {
  return {
    full_name: profile.full_name ?? '',
    username: profile.username ?? '',
    professional_title: profile.professional_title ?? '',
    coach_tagline: profile.coach_tagline ?? '',
    years_experience: profile.years_experience === null ? '' : String(profile.years_experience),
    short_bio: profile.short_bio ?? '',
    about_me: profile.about_me ?? '',
    work_experience: profile.work_experience ?? '',
    categories: profile.categories as CoachingCategory[],
    avatar_url: profile.avatar_url,
    cover_image_url: profile.cover_image_url,
    custom_availability_message: profile.custom_availability_message ?? '',
    font: fontOf(profile.custom_fonts),
    show_online_status: profile.show_online_status,
    show_trust_signals: profile.show_trust_signals,
    show_coach_stats: profile.show_coach_stats,
    show_services_prominently: profile.show_services_prominently,
    enable_follow_button: profile.enable_follow_button,
    enable_notify_button: profile.enable_notify_button,
    show_service_badges: profile.show_service_badges,
    enable_live_preview_labels: profile.enable_live_preview_labels,
    on_demand_text_price: centsToInput(profile.on_demand_text_price),
    on_demand_audio_price: centsToInput(profile.on_demand_audio_price),
    on_demand_video_price: centsToInput(profile.on_demand_video_price),
  };
}

const USERNAME_PATTERN = /^[a-z0-9_-]+$/;

/** The SPEC §5 rules, checked as the person types (the server checks them again). */
export function validate(values: EditorValues): EditorErrors {
  const errors: EditorErrors = {};
  if (values.full_name.trim() === '') errors.full_name = FULL_NAME_REQUIRED_UNIFIED;
  if (values.username !== '' && !USERNAME_PATTERN.test(values.username))
    errors.username = ERROR_CODES.INVALID_USERNAME;
  const years = values.years_experience.trim();
  if (years !== '' && !(/^\d{1,2}$/.test(years) && Number(years) <= 70))
    errors.years_experience = 'Enter a whole number of years between 0 and 70, or leave it empty.';
  for (const [field] of PRICE_FIELDS) {
    const cents = inputToCents(values[field]);
    if (cents === undefined || (cents !== null && (cents < 0 || cents > MAX_RATE_CENTS)))
      errors[field] = RATE_ERROR;
  }
  return errors;
}

/** The editor's schema for react-hook-form: validate()'s rules and messages, one issue per field. */
export const editorSchema = z.custom<EditorValues>().transform((values, issues) => {
  const errors = Object.entries(validate(values));
  for (const [field, message] of errors) issues.addIssue({ code: 'custom', path: [field], message });
  return errors.length > 0 ? z.NEVER : values;
});

/**
 * SPEC §5: a new name with no username given makes a new username, which moves the public page. What it
 * will be (before a number the server adds when someone else holds it), or null when the address stays:
 * the name is unchanged, the username was edited, or the name makes none (under 3 characters).
 */
export function publicAddressChange(saved: EditorValues, draft: EditorValues): string | null {
  if (draft.full_name.trim() === saved.full_name.trim() || draft.username !== saved.username) return null;
  const next = generateUsername(draft.full_name.trim());
  return next && next !== saved.username ? next : null;
}

const nullIfBlank = (text: string) => (text.trim() === '' ? null : text.trim());
const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\u0000') === [...b].sort().join('\u0000');

/**
 * PATCH /api/profiles/me sends only what changed (SPEC §4 Edit mode). Text is trimmed and empty text
 * is null; the username is sent as typed ('' is stored as null, SPEC §5).
 */
export function changesBetween(
  saved: EditorValues,
  draft: EditorValues,
  savedFonts: Record<string, unknown>,
  /** Keep the public address through a name change: the current username is sent with the name. */
  keepAddress = false,
): ProfileUpdateBody {
  const body: ProfileUpdateBody = {};
  const text = [
    'professional_title',
    'coach_tagline',
    'short_bio',
    'about_me',
    'work_experience',
    'custom_availability_message',
  ] as const;
  if (draft.full_name.trim() !== saved.full_name.trim()) body.full_name = draft.full_name.trim();
  if (draft.username !== saved.username) body.username = draft.username;
  else if (keepAddress && body.full_name !== undefined && saved.username !== '')
    body.username = saved.username;
  for (const field of text)
    if (nullIfBlank(draft[field]) !== nullIfBlank(saved[field])) body[field] = nullIfBlank(draft[field]);
  if (draft.years_experience.trim() !== saved.years_experience.trim())
    body.years_experience =
      draft.years_experience.trim() === '' ? null : Number(draft.years_experience.trim());
  if (!sameList(draft.categories, saved.categories)) body.categories = draft.categories;
  if (draft.avatar_url !== saved.avatar_url) body.avatar_url = draft.avatar_url;
  if (draft.cover_image_url !== saved.cover_image_url) body.cover_image_url = draft.cover_image_url;
  if (draft.font !== saved.font) body.custom_fonts = { ...savedFonts, primary: draft.font };
  for (const [toggle] of PAGE_TOGGLES) if (draft[toggle] !== saved[toggle]) body[toggle] = draft[toggle];
  for (const [field] of PRICE_FIELDS) {
    const next = inputToCents(draft[field]);
    if (next !== undefined && next !== inputToCents(saved[field])) body[field] = next;
  }
  return body;
}
