import { ExternalLink } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  CLIENT_PUBLIC_FIELDS,
  UNIFIED_PROFILE_MESSAGES,
  type ClientProfile,
  type OwnProfile,
} from '#contracts/profiles';
import { COACHING_CATEGORIES } from '#domain/coaching/categories';
import { Avatar } from '#web/components/avatar';
import { buttonClasses } from '#web/components/button';
import { ChipPicker } from '#web/components/chip-picker';
import { ImageUpload } from '#web/components/image-upload';
import { SaveBar } from '#web/components/save-bar';
import { Switch } from '#web/components/switch';
import { inputClasses, TextField } from '#web/components/text-field';
import { TextareaField } from '#web/components/textarea-field';
import { useToast } from '#web/components/toast';
import { UnsavedChangesGuard } from '#web/components/unsaved-changes-guard';
import { ApiError } from '#web/lib/api-client';
import { fieldErrorsOf, profileErrorMessage, useUpdateOwnProfile } from '#web/lib/own-profile';
import { deleteUploadedImage } from '#web/lib/upload-image';
import { useSaveClientProfile } from '../api/client-profile';
import {
  clientChanges,
  clientValuesFrom,
  GENDERS,
  PUBLIC_FIELD_LABELS,
  validateClient,
  ZODIAC_SIGNS,
  type ClientErrors,
  type ClientValues,
} from '../lib/client-values';

const INTEREST_OPTIONS = COACHING_CATEGORIES.map((category) => ({
  value: category.slug,
  label: category.label,
}));

function SelectField({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  const known = value === '' || options.includes(value);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={inputClasses}
      >
        <option value="">Not set</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
        {known ? null : <option value={value}>{value}</option>}
      </select>
    </div>
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
  const { toast } = useToast();
  const updateProfile = useUpdateOwnProfile();
  const saveClient = useSaveClientProfile();
  const [saved, setSaved] = useState<ClientValues>(() => clientValuesFrom(profile, client));
  const [draft, setDraft] = useState<ClientValues>(saved);
  const [serverErrors, setServerErrors] = useState<ClientErrors>({});
  const [attempted, setAttempted] = useState(false);
  const draftRef = useRef(draft);
  useEffect(() => {
    draftRef.current = draft;
  }, [draft]);

  const changes = clientChanges(saved, draft);
  const dirty = Object.keys(changes.profile).length + Object.keys(changes.client).length > 0;
  const ruleErrors = validateClient(draft);
  const errorOf = (field: keyof ClientValues) =>
    serverErrors[field] ?? (attempted || draft[field] !== saved[field] ? ruleErrors[field] : undefined);
  const saving = updateProfile.isPending || saveClient.isPending;

  function set<K extends keyof ClientValues>(field: K, value: ClientValues[K]) {
    setDraft((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }

  async function save(): Promise<boolean> {
    if (!dirty) return true;
    setAttempted(true);
    if (Object.keys(ruleErrors).length > 0) {
      toast({
        title: 'Update Failed',
        description: 'Please fix the highlighted fields and save again.',
        variant: 'destructive',
      });
      return false;
    }
    const sent = draftRef.current;
    const { profile: profileBody, client: clientBody } = changes;
    const [profileResult, clientResult] = await Promise.allSettled([
      Object.keys(profileBody).length > 0 ? updateProfile.mutateAsync(profileBody) : Promise.resolve(null),
      Object.keys(clientBody).length > 0 ? saveClient.mutateAsync(clientBody) : Promise.resolve(null),
    ]);

    // What did save becomes the new baseline; what failed stays in the draft to try again.
    const nextSaved: ClientValues = { ...saved };
    if (profileResult.status === 'fulfilled' && profileResult.value) {
      nextSaved.full_name = profileResult.value.full_name ?? '';
      nextSaved.username = profileResult.value.username ?? '';
      nextSaved.avatar_url = profileResult.value.avatar_url;
    }
    if (clientResult.status === 'fulfilled' && clientResult.value) {
      const value = clientResult.value;
      Object.assign(nextSaved, {
        short_bio: value.short_bio ?? '',
        about_me: value.about_me ?? '',
        date_of_birth: value.date_of_birth ?? '',
        gender: value.gender ?? '',
        zodiac_sign: value.zodiac_sign ?? '',
        interests: value.interests,
        public_fields: value.public_fields,
      });
    }
    setSaved(nextSaved);

    const failure = [profileResult, clientResult].find((result) => result.status === 'rejected');
    if (failure?.status === 'rejected') {
      const error: unknown = failure.reason;
      setServerErrors(fieldErrorsOf(error) as ClientErrors);
      const message =
        failure === clientResult && error instanceof ApiError && error.code === 'PROFILE_UPDATE_FAILED'
          ? UNIFIED_PROFILE_MESSAGES.updateClientProfileFailed
          : profileErrorMessage(error);
      toast({ title: 'Update Failed', description: message, variant: 'destructive' });
      return false;
    }
    setDraft((current) => (current === sent ? nextSaved : current));
    setServerErrors({});
    setAttempted(false);
    toast({ title: 'Profile saved' });
    if (profileResult.status === 'fulfilled' && profileResult.value) onSaved();
    return true;
  }

  function discard() {
    if (draft.avatar_url && draft.avatar_url !== saved.avatar_url)
      void deleteUploadedImage(draft.avatar_url).catch(() => undefined);
    setDraft(saved);
    setServerErrors({});
    setAttempted(false);
  }

  function setAvatar(url: string | null) {
    const previous = draftRef.current.avatar_url;
    if (previous && previous !== saved.avatar_url && previous !== url)
      void deleteUploadedImage(previous).catch(() => undefined);
    set('avatar_url', url);
  }

  const card = 'rounded-[var(--radius-card)] border border-border bg-surface p-5 shadow-soft sm:p-6';
  const publicLink = saved.username ? `/client/${saved.username}` : null;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      className="flex flex-col gap-6"
    >
      <UnsavedChangesGuard when={dirty} onSave={save} />

      <section aria-labelledby="client-basics" className={card}>
        <h2 id="client-basics" className="text-lg font-semibold">
          About you
        </h2>
        <div className="mt-5 flex flex-col gap-5">
          <ImageUpload
            kind="avatar"
            label="Profile photo"
            value={draft.avatar_url}
            onChange={setAvatar}
            placeholder={
              <Avatar name={draft.full_name} email={profile.email} className="size-full text-2xl" />
            }
            disabled={saving}
          />
          {errorOf('avatar_url') ? (
            <p role="alert" className="text-sm font-medium text-danger">
              {errorOf('avatar_url')}
            </p>
          ) : null}
          <TextField
            label="Full name"
            autoComplete="name"
            maxLength={200}
            value={draft.full_name}
            onChange={(event) => set('full_name', event.target.value)}
            error={errorOf('full_name')}
          />
          <TextField
            label="Username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={60}
            value={draft.username}
            onChange={(event) => set('username', event.target.value)}
            error={errorOf('username')}
            hint="Your public page address. Lowercase letters, numbers, hyphens and underscores."
          />
          <TextareaField
            label="Short bio"
            rows={2}
            maxLength={500}
            value={draft.short_bio}
            onChange={(event) => set('short_bio', event.target.value)}
            error={errorOf('short_bio')}
          />
          <TextareaField
            label="About me"
            hint="What you would like your coach to know."
            rows={5}
            maxLength={5000}
            value={draft.about_me}
            onChange={(event) => set('about_me', event.target.value)}
            error={errorOf('about_me')}
          />
          <div className="grid gap-5 sm:grid-cols-3">
            <TextField
              label="Date of birth"
              type="date"
              value={draft.date_of_birth}
              onChange={(event) => set('date_of_birth', event.target.value)}
              error={errorOf('date_of_birth')}
            />
            <SelectField
              label="Gender"
              value={draft.gender}
              options={GENDERS}
              onChange={(v) => set('gender', v)}
            />
            <SelectField
              label="Zodiac sign"
              value={draft.zodiac_sign}
              options={ZODIAC_SIGNS}
              onChange={(v) => set('zodiac_sign', v)}
            />
          </div>
        </div>
      </section>

      <section aria-labelledby="client-interests" className={card}>
        <h2 id="client-interests" className="text-lg font-semibold">
          Interests
        </h2>
        <p className="mt-1 text-sm text-text-muted">
          What you would like to work on. It helps us suggest coaches.
        </p>
        <div className="mt-5">
          <ChipPicker
            label="Interests"
            options={INTEREST_OPTIONS}
            selected={draft.interests}
            onChange={(next) => set('interests', next)}
          />
        </div>
      </section>

      <section aria-labelledby="client-visibility" className={card}>
        <h2 id="client-visibility" className="text-lg font-semibold">
          What others can see
        </h2>
        <p className="mt-1 text-sm text-text-muted">
          Your public page shows only what you switch on. With everything off, it is private. Coaches you have
          had a session with see your profile either way.
        </p>
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
      </section>

      <SaveBar saving={saving} dirty={dirty} onDiscard={discard}>
        <Link to="/client-profile" className={buttonClasses('ghost')}>
          Back to profile
        </Link>
      </SaveBar>
    </form>
  );
}
