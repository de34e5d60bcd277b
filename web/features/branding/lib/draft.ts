import {
  brandingBodySchema,
  HEX_COLOR,
  type Branding,
  type BrandingFont,
  type OwnBranding,
  type WebsiteSection,
} from '#contracts/coach-pages';
import type { BrandingDraft } from '../api/branding';

/** A section being edited, with a key that stays with it while it moves. */
export type DraftSection = WebsiteSection & { key: string };

/** The editor's state: texts as typed (a colour may be half-typed), sections with their keys. */
export type EditorState = {
  font: BrandingFont;
  primary_color: string;
  accent_color: string;
  background_color: string;
  headline: string;
  sections: DraftSection[];
};

let nextKey = 0;
export const newSectionKey = () => `section-${(nextKey += 1)}`;

export function editorStateOf(saved: Pick<OwnBranding, keyof Branding>): EditorState {
  return {
    font: saved.font,
    primary_color: saved.primary_color,
    accent_color: saved.accent_color,
    background_color: saved.background_color,
    headline: saved.headline ?? '',
    sections: saved.sections.map((section) => ({ ...section, key: newSectionKey() })),
  };
}

const cleanSection = ({ key: _key, ...section }: DraftSection): WebsiteSection =>
  section.type === 'custom'
    ? { type: 'custom', enabled: section.enabled, title: section.title ?? '', body: section.body ?? '' }
    : { type: section.type, enabled: section.enabled, ...(section.title ? { title: section.title } : {}) };

/** What would be sent (and what the saved look is compared with). */
export function draftOf(state: EditorState): BrandingDraft {
  return {
    font: state.font,
    primary_color: state.primary_color.trim().toLowerCase(),
    accent_color: state.accent_color.trim().toLowerCase(),
    background_color: state.background_color.trim().toLowerCase(),
    headline: state.headline.trim() || null,
    sections: state.sections.map(cleanSection),
  };
}

export const sameLook = (first: BrandingDraft, second: BrandingDraft) =>
  JSON.stringify(first) === JSON.stringify(second);

/** The look the preview paints: a half-typed colour shows the last saved one meanwhile. */
export function previewBrandingOf(state: EditorState, saved: Branding): Branding {
  const draft = draftOf(state);
  const colorOr = (value: string, fallback: string) => (HEX_COLOR.test(value) ? value : fallback);
  return {
    font: draft.font,
    primary_color: colorOr(draft.primary_color, saved.primary_color),
    accent_color: colorOr(draft.accent_color, saved.accent_color),
    background_color: colorOr(draft.background_color, saved.background_color),
    headline: draft.headline ?? null,
    sections: draft.sections,
  };
}

/** Field errors by path ("primary_color", "sections.2.title"), from the same schema the server uses. */
export function validateDraft(draft: BrandingDraft): Record<string, string> {
  const { font: _font, ...website } = draft;
  const result = brandingBodySchema.safeParse(website);
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

/** Moves one item up (-1) or down (+1); out of range changes nothing. */
export function moveItem<T>(items: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (target < 0 || target >= items.length) return [...items];
  const next = [...items];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
