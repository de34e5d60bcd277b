import { TextField } from '#web/components/text-field';
import { TEXT_LIMITS } from '../lib/editor-values';
import type { ProfileDraft } from '../hooks/use-profile-draft';
import { EditorSection } from '#web/components/editor-section';

const linkButtonClasses =
  'rounded font-medium underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-ring';

/** Basics: name (with where a new name moves the public page), username, title, experience, tagline. */
export function BasicsSection({ editor }: { editor: ProfileDraft }) {
  const { draft, textField } = editor;
  return (
    <EditorSection id="basics" title="Basics" description="Who you are, in a line clients can scan.">
      <div>
        <TextField
          label="Full name"
          autoComplete="name"
          maxLength={TEXT_LIMITS.full_name}
          {...textField('full_name')}
        />
        <PublicAddressNotice editor={editor} />
      </div>
      <TextField
        label="Username"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={TEXT_LIMITS.username}
        {...textField('username')}
        hint={
          draft.username
            ? `Your page: /coach/${draft.username}. Lowercase letters, numbers, hyphens and underscores.`
            : 'Made from your name when you change it, or choose one: lowercase letters, numbers, hyphens and underscores.'
        }
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Professional title"
          placeholder="Mindfulness coach"
          maxLength={TEXT_LIMITS.professional_title}
          {...textField('professional_title')}
        />
        <TextField label="Years of experience" inputMode="numeric" {...textField('years_experience')} />
      </div>
      <TextField
        label="Tagline"
        placeholder="Calm, practical coaching for busy minds"
        maxLength={TEXT_LIMITS.coach_tagline}
        {...textField('coach_tagline')}
      />
    </EditorSection>
  );
}

/** SPEC §5: saving a new name moves the public page, unless the person keeps the current address. */
function PublicAddressNotice({ editor }: { editor: ProfileDraft }) {
  const { newAddress, keepAddress, setKeepAddress, saved } = editor;
  if (!newAddress) return null;
  return (
    <div
      className="mt-2 rounded-[var(--radius-control)] border border-border bg-surface-sunken px-3 py-2 text-sm"
      data-testid="public-address-change"
    >
      {keepAddress ? (
        <p>
          Your public page stays at <strong className="break-all">/coach/{saved.username}</strong>.{' '}
          <button type="button" onClick={() => setKeepAddress(false)} className={linkButtonClasses}>
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
          <strong className="break-all">/coach/{newAddress}</strong> (with a number added if someone already
          uses it). Links you have shared to the old address stop working.{' '}
          {saved.username ? (
            <button type="button" onClick={() => setKeepAddress(true)} className={linkButtonClasses}>
              Keep /coach/{saved.username}
            </button>
          ) : null}
        </p>
      )}
    </div>
  );
}
