import {
  readableTextOn,
  SECTION_LABELS,
  type CoachPage,
  type WebsiteSection,
} from '../../../../contracts/coach-pages';
import { categoryLabel, type SessionFormat } from '../../../../domain/coaching/categories';

export const displayNameOf = (page: Pick<CoachPage, 'full_name' | 'username'>) =>
  page.full_name?.trim() || page.username || 'This coach';

/** Where a coach's public page lives: by username when there is one, by profile id otherwise. */
export const coachPathOf = (page: Pick<CoachPage, 'username' | 'id'>) =>
  `/coach/${encodeURIComponent(page.username ?? page.id)}`;

export const websitePathOf = (page: Pick<CoachPage, 'username' | 'id'>) => `${coachPathOf(page)}/website`;

export const FORMAT_LABELS: Record<SessionFormat, string> = { text: 'Chat', audio: 'Audio', video: 'Video' };

export const formatDuration = (minutes: number) => {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
};

export const categoriesOf = (page: Pick<CoachPage, 'categories'>) => page.categories.map(categoryLabel);

const MONTH_YEAR = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });
export const memberSince = (iso: string) => MONTH_YEAR.format(new Date(iso));

export const formatRating = (rating: number) => rating.toFixed(1);

/** The heading a website section shows (a custom title, or the type's own name). */
export function sectionHeading(section: WebsiteSection) {
  if (section.title) return section.title;
  // The website speaks in the coach's own voice.
  if (section.type === 'about') return 'About me';
  if (section.type === 'contact') return 'Get in touch';
  return SECTION_LABELS[section.type];
}

/** The colours a website is painted with: body text always reads at 4.5:1 or better on the background. */
export function websitePalette(branding: CoachPage['branding']) {
  return {
    background: branding.background_color,
    text: readableTextOn(branding.background_color),
    primary: branding.primary_color,
    onPrimary: readableTextOn(branding.primary_color),
    accent: branding.accent_color,
    onAccent: readableTextOn(branding.accent_color),
  };
}
