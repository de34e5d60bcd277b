/**
 * The coaching categories a coach can pick and a client can filter by (coach_categories.category
 * holds the slug). One list for the profile editor, the coach application, services, programs and
 * discovery, so a filter always matches what coaches chose.
 */
export const COACHING_CATEGORIES = [
  { slug: 'mindfulness', label: 'Mindfulness' },
  { slug: 'meditation', label: 'Meditation' },
  { slug: 'stress', label: 'Stress management' },
  { slug: 'anxiety', label: 'Anxiety' },
  { slug: 'sleep', label: 'Sleep' },
  { slug: 'nutrition', label: 'Nutrition' },
  { slug: 'fitness', label: 'Fitness' },
  { slug: 'yoga', label: 'Yoga' },
  { slug: 'life', label: 'Life coaching' },
  { slug: 'career', label: 'Career' },
  { slug: 'relationships', label: 'Relationships' },
  { slug: 'parenting', label: 'Parenting' },
  { slug: 'confidence', label: 'Confidence' },
  { slug: 'habits', label: 'Habits' },
  { slug: 'burnout', label: 'Burnout recovery' },
  { slug: 'grief', label: 'Grief' },
] as const;

export type CoachingCategory = (typeof COACHING_CATEGORIES)[number]['slug'];

export const CATEGORY_SLUGS = COACHING_CATEGORIES.map((category) => category.slug) as [
  CoachingCategory,
  ...CoachingCategory[],
];

const LABELS = new Map<string, string>(COACHING_CATEGORIES.map((c) => [c.slug, c.label]));

/** The label shown for a category slug (an unknown slug is shown as it is). */
export const categoryLabel = (slug: string) => LABELS.get(slug) ?? slug;

export const isCoachingCategory = (value: string): value is CoachingCategory => LABELS.has(value);

/** The session formats (SPEC §3). */
export const SESSION_FORMATS = ['text', 'audio', 'video'] as const;
export type SessionFormat = (typeof SESSION_FORMATS)[number];

export const isSessionFormat = (value: string): value is SessionFormat =>
  (SESSION_FORMATS as readonly string[]).includes(value);
