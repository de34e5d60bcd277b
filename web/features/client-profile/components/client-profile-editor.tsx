import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { CLIENT_PUBLIC_FIELDS, type ClientProfile, type OwnProfile } from '#contracts/profiles';
import { COACHING_CATEGORIES } from '#domain/coaching/categories';
import { DraftForm } from '#web/components/draft-form';
import { Avatar } from '#web/components/avatar';
import { buttonClasses } from '#web/components/button';
import { ChipPicker } from '#web/components/chip-picker';
import { EditorSection } from '#web/components/editor-section';
import { SelectField } from '#web/components/field';
import { ImageUpload } from '#web/components/image-upload';
import { SaveBar } from '#web/components/save-bar';
import { Switch } from '#web/components/switch';
import { TextField } from '#web/components/text-field';
import { TextareaField } from '#web/components/textarea-field';
import { useClientDraft } from '../hooks/use-client-draft';
import { GENDERS, PUBLIC_FIELD_LABELS, ZODIAC_SIGNS } from '../lib/client-values';

const INTEREST_OPTIONS = COACHING_CATEGORIES.map((category) => ({
  value: category.slug,
  label: category.label,
}));

/** The choices of a select: "Not set", the known ones, and a value saved earlier that is not one of them. */
function Choices({ value, options }: { value: string; options: readonly string[] }) {
  return (
    <>
      <option value="">Not set</option>
      {options.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
      {value === '' || options.includes(value) ? null : <option value={value}>{value}</option>}
    </>
  );
}

/**
 * SPEC §2 `/client-profile-edit` ("the same screen as profile edit", for clients): name, username and
 * photo go to the profile (PATCH /api/profiles/me), the rest to the client profile (PUT). Both are
 * optimistic with rollback; only what changed is sent; the unsaved-changes guard holds navigation.
 */
export function ClientProfileEditor({
  profile,
  client,
  onSaved,
}: {
  profile: OwnProfile;
  client: ClientProfile;
  /** After the main profile changed (the completion check follows it). */
  onSaved: () => void;
}) {
  const editor = useClientDraft(profile, client, onSaved);
  const { draft, saved, set, textField } = editor;
  const publicLink = saved.username ? `/client/${saved.username}` : null;

  return (
    <DraftForm editor={editor}>
      <EditorSection id="client-basics" title="About you">
        <ImageUpload
          kind="avatar"
          label="Profile photo"
          value={draft.avatar_url}
          onChange={editor.setAvatar}
          placeholder={<Avatar name={draft.full_name} email={profile.email} className="size-full text-2xl" />}
          disabled={editor.saving}
        />
        {editor.errorOf('avatar_url') ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {editor.errorOf('avatar_url')}
          </p>
        ) : null}
        <TextField label="Full name" autoComplete="name" maxLength={200} {...textField('full_name')} />
        <TextField
          label="Username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={60}
          {...textField('username')}
          hint="Your public page address. Lowercase letters, numbers, hyphens and underscores."
        />
        <TextareaField label="Short bio" rows={2} maxLength={500} {...textField('short_bio')} />
        <TextareaField
          label="About me"
          hint="What you would like your coach to know."
          rows={5}
          maxLength={5000}
          {...textField('about_me')}
        />
        <div className="grid gap-5 sm:grid-cols-3">
          <TextField label="Date of birth" type="date" {...textField('date_of_birth')} />
          <SelectField label="Gender" {...textField('gender')}>
            <Choices value={draft.gender} options={GENDERS} />
          </SelectField>
          <SelectField label="Zodiac sign" {...textField('zodiac_sign')}>
            <Choices value={draft.zodiac_sign} options={ZODIAC_SIGNS} />
          </SelectField>
        </div>
      </EditorSection>

      <EditorSection
        id="client-interests"
        title="Interests"
        description="What you would like to work on. It helps us suggest coaches."
        bodyClassName="mt-5"
      >
        <ChipPicker
          label="Interests"
          options={INTEREST_OPTIONS}
          selected={draft.interests}
          onChange={(next) => set('interests', next)}
        />
      </EditorSection>

      <EditorSection
        id="client-visibility"
        title="What others can see"
        description="Your public page shows only what you switch on. With everything off, it is private. Coaches you have had a session with see your profile either way."
      >
        <div className="mt-3 divide-y divide-border">
          {CLIENT_PUBLIC_FIELDS.map((field) => (
            <Switch
              key={field}
              label={PUBLIC_FIELD_LABELS[field]}
              checked={draft.public_fields.includes(field)}
              onChange={(checked) =>
                set(
                  'public_fields',
                  checked
                    ? CLIENT_PUBLIC_FIELDS.filter((f) => f === field || draft.public_fields.includes(f))
                    : draft.public_fields.filter((f) => f !== field),
                )
              }
            />
          ))}
        </div>
        <p className="mt-4 text-sm">
          {publicLink && saved.public_fields.length > 0 ? (
            <Link
              to={publicLink}
              className="inline-flex items-center gap-1 font-medium text-primary underline"
            >
              See your public page
              <ExternalLink aria-hidden="true" className="size-4" />
            </Link>
          ) : publicLink ? (
            <span className="text-text-muted">Your public page is private.</span>
          ) : (
            <span className="text-text-muted">Choose a username to have a public page.</span>
          )}
        </p>
      </EditorSection>

      <SaveBar saving={editor.saving} dirty={editor.dirty} onDiscard={editor.discard}>
        <Link to="/client-profile" className={buttonClasses('ghost')}>
          Back to profile
        </Link>
      </SaveBar>
    </DraftForm>
  );
}
