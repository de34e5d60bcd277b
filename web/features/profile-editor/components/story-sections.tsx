import { COACH_CATEGORY_LIMIT } from '#contracts/profiles';
import { COACHING_CATEGORIES } from '#domain/coaching/categories';
import { Avatar } from '#web/components/avatar';
import { ChipPicker } from '#web/components/chip-picker';
import { ImageUpload } from '#web/components/image-upload';
import { TextareaField } from '#web/components/textarea-field';
import { TEXT_LIMITS, type EditorValues } from '../lib/editor-values';
import type { ProfileDraft } from '../hooks/use-profile-draft';
import { EditorSection } from '#web/components/editor-section';

const ABOUT_FIELDS = [
  { field: 'short_bio', label: 'Short bio', hint: 'Shown on your card in discovery.', rows: 3 },
  { field: 'about_me', label: 'About me', hint: undefined, rows: 6 },
  {
    field: 'work_experience',
    label: 'Work experience',
    hint: 'Training, certifications and where you have worked.',
    rows: 4,
  },
] as const;

const CATEGORY_OPTIONS = COACHING_CATEGORIES.map((category) => ({
  value: category.slug,
  label: category.label,
}));

/** About: the short bio, the story and the work experience. */
export function AboutSection({ editor }: { editor: ProfileDraft }) {
  return (
    <EditorSection id="about" title="About" description="Your story, in your own words.">
      {ABOUT_FIELDS.map(({ field, label, hint, rows }) => (
        <TextareaField
          key={field}
          label={label}
          hint={hint}
          rows={rows}
          maxLength={TEXT_LIMITS[field]}
          {...editor.textField(field)}
        />
      ))}
    </EditorSection>
  );
}

/** Categories: what the coach coaches, up to COACH_CATEGORY_LIMIT. */
export function CategoriesSection({ editor }: { editor: ProfileDraft }) {
  const { categories } = editor.draft;
  return (
    <EditorSection
      id="categories"
      title="Categories"
      description={`What you coach. Pick up to ${COACH_CATEGORY_LIMIT}; clients filter by these.`}
    >
      <ChipPicker
        label="Categories"
        options={CATEGORY_OPTIONS}
        selected={categories}
        onChange={(next) => editor.set('categories', next as EditorValues['categories'])}
        limit={COACH_CATEGORY_LIMIT}
      />
      <p className="sr-only text-sm text-text-muted sm:not-sr-only" aria-live="polite">
        {categories.length} of {COACH_CATEGORY_LIMIT} chosen
        {categories.length >= COACH_CATEGORY_LIMIT ? ': remove one to pick another.' : '.'}
      </p>
    </EditorSection>
  );
}

const PICTURE_FIELDS = [
  {
    field: 'avatar_url',
    kind: 'avatar',
    label: 'Profile photo',
    hint: 'A clear, friendly photo of your face.',
  },
  {
    field: 'cover_image_url',
    kind: 'cover',
    label: 'Cover picture',
    hint: 'The wide picture at the top of your page.',
  },
] as const;

/** Photos: the profile photo and the cover picture; either's error (from the server) shows below them. */
export function PhotosSection({ editor, email }: { editor: ProfileDraft; email: string | null }) {
  const { draft, setPicture, errorOf, saving } = editor;
  const error = PICTURE_FIELDS.map(({ field }) => errorOf(field)).find(Boolean);
  return (
    <EditorSection id="photos" title="Photos" description="JPEG, PNG or WebP, up to 5 MB.">
      {PICTURE_FIELDS.map(({ field, kind, label, hint }) => (
        <ImageUpload
          key={field}
          kind={kind}
          label={label}
          hint={hint}
          value={draft[field]}
          onChange={(url) => setPicture(field, url)}
          placeholder={
            kind === 'avatar' ? (
              <Avatar name={draft.full_name} email={email} className="size-full text-2xl" />
            ) : undefined
          }
          disabled={saving}
        />
      ))}
      {error ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </EditorSection>
  );
}
