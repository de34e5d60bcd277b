import type { ProfileCompletionItem } from '#contracts/profiles';

/** The editor section each item is filled in (web/features/profile-editor: section ids). */
export type EditorSection = 'basics' | 'about' | 'categories' | 'photos' | 'page-options' | 'prices';

/** What the checklist says for each missing item and where it is filled in. */
export const CHECKLIST_ITEMS: Record<
  ProfileCompletionItem,
  { label: string; hint: string; section: EditorSection }
> = {
  full_name: { label: 'Add your name', hint: 'Clients see it first.', section: 'basics' },
  username: {
    label: 'Choose a username',
    hint: 'It makes your page address.',
    section: 'basics',
  },
  professional_title: {
    label: 'Add a professional title',
    hint: 'For example "Mindfulness coach".',
    section: 'basics',
  },
  short_bio: { label: 'Write a short bio', hint: 'A few lines on how you help.', section: 'about' },
  avatar_url: { label: 'Upload a profile photo', hint: 'A friendly face builds trust.', section: 'photos' },
  categories: {
    label: 'Pick your categories',
    hint: 'So clients find you in discovery.',
    section: 'categories',
  },
  on_demand_prices: {
    label: 'Set your on-demand rates',
    hint: 'Text, audio and video, per 15 minutes.',
    section: 'prices',
  },
};

export const editorLink = (section: EditorSection) => `/profile/edit#${section}`;
