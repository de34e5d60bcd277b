import {
  contrastRatio,
  luminance,
  MIN_TEXT_CONTRAST,
  readableTextOn,
  SECTION_LABELS,
  type CoachPage,
  type WebsiteSection,
} from '#contracts/coach-pages';
import { categoryLabel } from '#domain/coaching/categories';
import { formatMonthYear, localTimeZone } from '#web/lib/dates';

export const displayNameOf = (page: Pick<CoachPage, 'full_name' | 'username'>) =>
  page.full_name?.trim() || page.username || 'This coach';

/** Where a coach's public page lives: by username when there is one, by profile id otherwise. */
export const coachPathOf = (page: Pick<CoachPage, 'username' | 'id'>) =>
  `/coach/${encodeURIComponent(page.username ?? page.id)}`;

export const websitePathOf = (page: Pick<CoachPage, 'username' | 'id'>) => `${coachPathOf(page)}/website`;

export const formatDuration = (minutes: number) => {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
};

export const categoriesOf = (page: Pick<CoachPage, 'categories'>) => page.categories.map(categoryLabel);

export const memberSince = (iso: string) => formatMonthYear(iso, localTimeZone());

export const formatRating = (rating: number) => rating.toFixed(1);

/** The heading a website section shows (a custom title, or the type's own name). */
export function sectionHeading(section: WebsiteSection) {
  if (section.title) return section.title;
  // The website speaks in the coach's own voice.
  if (section.type === 'about') return 'About me';
  if (section.type === 'contact') return 'Get in touch';
  return SECTION_LABELS[section.type];
}

const hexOf = (rgb: number[]) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
const rgbOf = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
/** `amount` (0..1) of `from` mixed into `into`, as #rrggbb. */
const mix = (from: string, into: string, amount: number) => {
  const [a, b] = [rgbOf(from), rgbOf(into)];
  return hexOf(a.map((value, i) => value * amount + b[i]! * (1 - amount)));
};

/** The app's dark background (web/styles --background in .dark): the site sits in the dark frame. */
export const DARK_SITE_BASE = '#101513';

/** A colour used as text on `surface`, moved toward `text` until it reads at 4.5:1 or better. */
function readableAccentOn(color: string, surface: string, text: string) {
  for (let step = 0; step <= 10; step += 1) {
    const candidate = mix(text, color, step / 10);
    if (contrastRatio(candidate, surface) >= MIN_TEXT_CONTRAST) return candidate;
  }
  return text;
}

/**
 * The colours a website is painted with: body text always reads at 4.5:1 or better on the background,
 * and so do links and headings in the coach's primary colour (`link`). In the dark theme a light
 * background becomes a dark one with a trace of the coach's colour (their choice of a dark background
 * stays), so the site is not a white page inside the dark app.
 */
export function websitePalette(branding: CoachPage['branding'], { dark = false }: { dark?: boolean } = {}) {
  const background =
    dark && luminance(branding.background_color) > 0.18
      ? mix(branding.background_color, DARK_SITE_BASE, 0.06)
      : branding.background_color;
  const text = readableTextOn(background);
  return {
    background,
    text,
    primary: branding.primary_color,
    onPrimary: readableTextOn(branding.primary_color),
    link: readableAccentOn(branding.primary_color, background, text),
    accent: branding.accent_color,
    onAccent: readableTextOn(branding.accent_color),
  };
}
