import { Eye, RotateCcw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { COACH_CATEGORY_LIMIT, type OwnProfile } from '#contracts/profiles';
import { COACHING_CATEGORIES } from '#domain/coaching/categories';
import { Avatar } from '#web/components/avatar';
import { Button, buttonClasses } from '#web/components/button';
import { ChipPicker } from '#web/components/chip-picker';
import { ImageUpload } from '#web/components/image-upload';
import { SaveBar } from '#web/components/save-bar';
import { Switch } from '#web/components/switch';
import { TextField } from '#web/components/text-field';
import { TextareaField } from '#web/components/textarea-field';
import { useToast } from '#web/components/toast';
import { UnsavedChangesGuard } from '#web/components/unsaved-changes-guard';
import { formatCents } from '#web/lib/money';
import { fieldErrorsOf, profileErrorMessage, useUpdateOwnProfile } from '#web/lib/own-profile';
import { deleteUploadedImage } from '#web/lib/upload-image';
import {
  changesBetween,
  DEFAULT_AVAILABILITY_MESSAGE,
  FONT_CHOICES,
  MAX_RATE_CENTS,
  PAGE_TOGGLES,
  PRICE_FIELDS,
  publicAddressChange,
  TEXT_LIMITS,
  validate,
  valuesFrom,
  type EditorErrors,
  type EditorValues,
} from '../lib/editor-values';
import { EditorSection } from './editor-section';

const SECTIONS = [
  ['basics', 'Basics'],
  ['about', 'About'],
  ['categories', 'Categories'],
  ['photos', 'Photos'],
  ['page-options', 'Page options'],
  ['prices', 'Prices'],
] as const;

const CATEGORY_OPTIONS = COACHING_CATEGORIES.map((category) => ({
  value: category.slug,
  label: category.label,
}));

/**
 * The coach's profile editor (SPEC §2 /profile/edit, §4 Edit mode): a draft of the saved profile;
 * Save sends only what changed, optimistically (the cache shows it at once and goes back when the
 * server refuses, with 'Update Failed' and the SPEC §8 text). The typed draft is kept after a
 * failure so nothing is lost; the unsaved-changes guard holds navigation while it differs.
 */
export function ProfileEditor({ profile, onSaved }: { profile: OwnProfile; onSaved: () => void }) {
  const { toast } = useToast();
  const update = useUpdateOwnProfile();
  const location = useLocation();
  const [saved, setSaved] = useState<EditorValues>(() => valuesFrom(profile));
  const [draft, setDraft] = useState<EditorValues>(saved);
  const [serverErrors, setServerErrors] = useState<EditorErrors>({});
  const [attempted, setAttempted] = useState(false);
  const draftRef = useRef(draft);
  useEffect(() => {
    draftRef.current = draft;
  }, [draft]);

  /** A name change would move the public page (SPEC §5): the person keeps the address or takes the new one. */
  const [keepAddress, setKeepAddress] = useState(false);
  const newAddress = publicAddressChange(saved, draft);
  const changes = changesBetween(saved, draft, profile.custom_fonts, keepAddress && newAddress !== null);
  const dirty = Object.keys(changes).length > 0;
  const ruleErrors = validate(draft);
  // A rule error shows once the field differs from what is saved, or after a save attempt.
  const errorOf = (field: keyof EditorValues): string | undefined =>
    serverErrors[field] ?? (attempted || draft[field] !== saved[field] ? ruleErrors[field] : undefined);

  // /profile/edit#photos (from the coach home checklist) opens at that section.
  useEffect(() => {
    const id = location.hash.slice(1);
    if (!id) return;
    const frame = requestAnimationFrame(() => {
      const section = document.getElementById(id);
      section?.scrollIntoView({ block: 'start' });
      section?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [location.hash]);

  function set<K extends keyof EditorValues>(field: K, value: EditorValues[K]) {
    setDraft((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }

  /** A picture uploaded in this draft and replaced before saving is deleted: it was never used. */
  function setPicture(field: 'avatar_url' | 'cover_image_url', url: string | null) {
    const previous = draftRef.current[field];
    if (previous && previous !== saved[field] && previous !== url)
      void deleteUploadedImage(previous).catch(() => undefined);
    set(field, url);
  }

  async function save(): Promise<boolean> {
    if (!dirty) return true;
    setAttempted(true);
    const firstInvalid = Object.keys(ruleErrors)[0];
    if (firstInvalid) {
      document
        .querySelector<HTMLElement>(
          `[data-field="${firstInvalid}"] input, [data-field="${firstInvalid}"] textarea`,
        )
        ?.focus();
      toast({
        title: 'Update Failed',
        description: 'Please fix the highlighted fields and save again.',
        variant: 'destructive',
      });
      return false;
    }
    const sent = draftRef.current;
    try {
      const result = await update.mutateAsync(changes);
      const next = valuesFrom(result);
      setSaved(next);
      // Whatever was typed while the save was on its way stays in the draft.
      setDraft((current) => (current === sent ? next : current));
      setServerErrors({});
      setAttempted(false);
      setKeepAddress(false);
      toast({ title: 'Profile saved', description: 'Clients see your changes now.' });
      onSaved();
      return true;
    } catch (error) {
      setServerErrors(fieldErrorsOf(error) as EditorErrors);
      toast({ title: 'Update Failed', description: profileErrorMessage(error), variant: 'destructive' });
      return false;
    }
  }

  function discard() {
    for (const field of ['avatar_url', 'cover_image_url'] as const) {
      const url = draft[field];
      if (url && url !== saved[field]) void deleteUploadedImage(url).catch(() => undefined);
    }
    setDraft(saved);
    setKeepAddress(false);
    setServerErrors({});
    setAttempted(false);
  }

  const saving = update.isPending;
  const fontIsKnown = FONT_CHOICES.some((font) => font.value === draft.font);

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

      <nav aria-label="Profile sections" className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
        {SECTIONS.map(([id, label]) => (
          <a
            key={id}
            href={`#${id}`}
            className="inline-flex min-h-11 shrink-0 items-center rounded-full border border-border bg-surface px-4 text-sm font-medium hover:bg-surface-sunken"
          >
            {label}
          </a>
        ))}
      </nav>

      <EditorSection id="basics" title="Basics" description="Who you are, in a line clients can scan.">
        <div data-field="full_name">
          <TextField
            label="Full name"
            autoComplete="name"
            maxLength={TEXT_LIMITS.full_name}
            value={draft.full_name}
            onChange={(event) => set('full_name', event.target.value)}
            error={errorOf('full_name')}
          />
          {newAddress ? (
            <div
              className="mt-2 rounded-[var(--radius-control)] border border-border bg-surface-sunken px-3 py-2 text-sm"
              data-testid="public-address-change"
            >
              {keepAddress ? (
                <p>
                  Your public page stays at <strong className="break-all">/coach/{saved.username}</strong>.{' '}
                  <button
                    type="button"
                    onClick={() => setKeepAddress(false)}
                    className="rounded font-medium underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    Use the new address
                  </button>
                </p>
              ) : (
                <p>
                  {saved.username ? (
                    <>
                      Saving this name moves your public page from{' '}
                      <strong className="break-all">/coach/{saved.username}</strong> to{' '}
                    </>
                  ) : (
                    <>Saving this name gives your public page the address </>
                  )}
                  <strong className="break-all">/coach/{newAddress}</strong> (with a number added if someone
                  already uses it). Links you have shared to the old address stop working.{' '}
                  {saved.username ? (
                    <button
                      type="button"
                      onClick={() => setKeepAddress(true)}
                      className="rounded font-medium underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-ring"
                    >
                      Keep /coach/{saved.username}
                    </button>
                  ) : null}
                </p>
              )}
            </div>
          ) : null}
        </div>
        <div data-field="username">
          <TextField
            label="Username"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={TEXT_LIMITS.username}
            value={draft.username}
            onChange={(event) => set('username', event.target.value)}
            error={errorOf('username')}
            hint={
              draft.username
                ? `Your page: /coach/${draft.username}. Lowercase letters, numbers, hyphens and underscores.`
                : 'Made from your name when you change it, or choose one: lowercase letters, numbers, hyphens and underscores.'
            }
          />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <div data-field="professional_title">
            <TextField
              label="Professional title"
              placeholder="Mindfulness coach"
              maxLength={TEXT_LIMITS.professional_title}
              value={draft.professional_title}
              onChange={(event) => set('professional_title', event.target.value)}
              error={errorOf('professional_title')}
            />
          </div>
          <div data-field="years_experience">
            <TextField
              label="Years of experience"
              inputMode="numeric"
              value={draft.years_experience}
              onChange={(event) => set('years_experience', event.target.value)}
              error={errorOf('years_experience')}
            />
          </div>
        </div>
        <div data-field="coach_tagline">
          <TextField
            label="Tagline"
            placeholder="Calm, practical coaching for busy minds"
            maxLength={TEXT_LIMITS.coach_tagline}
            value={draft.coach_tagline}
            onChange={(event) => set('coach_tagline', event.target.value)}
            error={errorOf('coach_tagline')}
          />
        </div>
      </EditorSection>

      <EditorSection id="about" title="About" description="Your story, in your own words.">
        <div data-field="short_bio">
          <TextareaField
            label="Short bio"
            hint="Shown on your card in discovery."
            rows={3}
            maxLength={TEXT_LIMITS.short_bio}
            value={draft.short_bio}
            onChange={(event) => set('short_bio', event.target.value)}
            error={errorOf('short_bio')}
          />
        </div>
        <div data-field="about_me">
          <TextareaField
            label="About me"
            rows={6}
            maxLength={TEXT_LIMITS.about_me}
            value={draft.about_me}
            onChange={(event) => set('about_me', event.target.value)}
            error={errorOf('about_me')}
          />
        </div>
        <div data-field="work_experience">
          <TextareaField
            label="Work experience"
            hint="Training, certifications and where you have worked."
            rows={4}
            maxLength={TEXT_LIMITS.work_experience}
            value={draft.work_experience}
            onChange={(event) => set('work_experience', event.target.value)}
            error={errorOf('work_experience')}
          />
        </div>
      </EditorSection>

      <EditorSection
        id="categories"
        title="Categories"
        description={`What you coach. Pick up to ${COACH_CATEGORY_LIMIT}; clients filter by these.`}
      >
        <ChipPicker
          label="Categories"
          options={CATEGORY_OPTIONS}
          selected={draft.categories}
          onChange={(next) => set('categories', next as EditorValues['categories'])}
          limit={COACH_CATEGORY_LIMIT}
        />
        <p className="sr-only text-sm text-text-muted sm:not-sr-only" aria-live="polite">
          {draft.categories.length} of {COACH_CATEGORY_LIMIT} chosen
          {draft.categories.length >= COACH_CATEGORY_LIMIT ? ': remove one to pick another.' : '.'}
        </p>
      </EditorSection>

      <EditorSection id="photos" title="Photos" description="JPEG, PNG or WebP, up to 5 MB.">
        <ImageUpload
          kind="avatar"
          label="Profile photo"
          hint="A clear, friendly photo of your face."
          value={draft.avatar_url}
          onChange={(url) => setPicture('avatar_url', url)}
          placeholder={<Avatar name={draft.full_name} email={profile.email} className="size-full text-2xl" />}
          disabled={saving}
        />
        <ImageUpload
          kind="cover"
          label="Cover picture"
          hint="The wide picture at the top of your page."
          value={draft.cover_image_url}
          onChange={(url) => setPicture('cover_image_url', url)}
          disabled={saving}
        />
        {errorOf('avatar_url') || errorOf('cover_image_url') ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {errorOf('avatar_url') ?? errorOf('cover_image_url')}
          </p>
        ) : null}
      </EditorSection>

      <EditorSection id="page-options" title="Page options" description="What your public page shows.">
        <div className="divide-y divide-border">
          {PAGE_TOGGLES.map(([field, label, hint]) => (
            <Switch
              key={field}
              label={label}
              hint={hint}
              checked={draft[field]}
              onChange={(checked) => set(field, checked)}
            />
          ))}
        </div>
        <div data-field="custom_availability_message" className="flex flex-col gap-2">
          <TextField
            label="Availability message"
            hint="Shown while you are online."
            placeholder={DEFAULT_AVAILABILITY_MESSAGE}
            maxLength={TEXT_LIMITS.custom_availability_message}
            value={draft.custom_availability_message}
            onChange={(event) => set('custom_availability_message', event.target.value)}
            error={errorOf('custom_availability_message')}
          />
          {draft.custom_availability_message !== DEFAULT_AVAILABILITY_MESSAGE ? (
            <Button
              variant="ghost"
              className="self-start"
              onClick={() => set('custom_availability_message', DEFAULT_AVAILABILITY_MESSAGE)}
            >
              <RotateCcw aria-hidden="true" className="size-4" />
              Use the default message
            </Button>
          ) : null}
        </div>
        <fieldset>
          <legend className="text-sm font-medium">Page font</legend>
          <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
            {[
              ...FONT_CHOICES,
              ...(fontIsKnown
                ? []
                : [{ value: draft.font, label: `${draft.font} (current)`, stack: 'inherit' }]),
            ].map((font) => (
              <label
                key={font.value}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-[var(--radius-control)] border border-border px-3 py-2 has-[:checked]:border-primary has-[:checked]:bg-primary-soft"
              >
                <input
                  type="radio"
                  name="page-font"
                  value={font.value}
                  checked={draft.font === font.value}
                  onChange={() => set('font', font.value)}
                  className="size-4 accent-[var(--primary)]"
                />
                <span style={{ fontFamily: font.stack }} className="text-base">
                  {font.label}
                  <span className="block text-sm text-text-muted">Calm, practical coaching</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      </EditorSection>

      <EditorSection
        id="prices"
        title="Prices"
        description="Your on-demand rates per 15 minutes. Leave one empty to use the default."
      >
        <div className="grid gap-5 sm:grid-cols-3">
          {PRICE_FIELDS.map(([field, label, fallback]) => (
            <div key={field} data-field={field}>
              <TextField
                label={`${label}, $ per 15 min`}
                inputMode="decimal"
                placeholder={(fallback / 100).toFixed(2)}
                value={draft[field]}
                onChange={(event) => set(field, event.target.value)}
                error={errorOf(field)}
                hint={`Default ${formatCents(fallback)} · at most ${formatCents(MAX_RATE_CENTS)}`}
                className="tabular-nums"
              />
            </div>
          ))}
        </div>
      </EditorSection>

      <SaveBar saving={saving} dirty={dirty} onDiscard={discard}>
        <Link to="/profile/preview" className={buttonClasses('ghost')}>
          <Eye aria-hidden="true" className="size-4" />
          Preview
        </Link>
      </SaveBar>
    </form>
  );
}
