import { RotateCcw } from 'lucide-react';
import { Button } from '#web/components/button';
import { RadioCard } from '#web/components/radio-card';
import { Switch } from '#web/components/switch';
import { TextField } from '#web/components/text-field';
import { DEFAULT_AVAILABILITY_MESSAGE, FONT_CHOICES, PAGE_TOGGLES, TEXT_LIMITS } from '../lib/editor-values';
import type { ProfileDraft } from '../hooks/use-profile-draft';
import { EditorSection } from '#web/components/editor-section';

/** Page options: what the public page shows, the availability message and the page font. */
export function PageOptionsSection({ editor }: { editor: ProfileDraft }) {
  const { draft, set, textField } = editor;
  return (
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
      <div className="flex flex-col gap-2">
        <TextField
          label="Availability message"
          hint="Shown while you are online."
          placeholder={DEFAULT_AVAILABILITY_MESSAGE}
          maxLength={TEXT_LIMITS.custom_availability_message}
          {...textField('custom_availability_message')}
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
      <FontPicker font={draft.font} onChange={(font) => set('font', font)} />
    </EditorSection>
  );
}

/** The page font, previewed in itself; a font saved earlier that is not offered any more stays choosable. */
function FontPicker({ font, onChange }: { font: string; onChange: (font: string) => void }) {
  const known = FONT_CHOICES.some((choice) => choice.value === font);
  const choices = [
    ...FONT_CHOICES,
    ...(known ? [] : [{ value: font, label: `${font} (current)`, stack: 'inherit' }]),
  ];
  return (
    <fieldset>
      <legend className="text-sm font-medium">Page font</legend>
      <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
        {choices.map((choice) => (
          <RadioCard
            key={choice.value}
            name="page-font"
            value={choice.value}
            checked={font === choice.value}
            onChange={() => onChange(choice.value)}
          >
            <span style={{ fontFamily: choice.stack }} className="text-base">
              {choice.label}
              <span className="block text-sm text-text-muted">Calm, practical coaching</span>
            </span>
          </RadioCard>
        ))}
      </div>
    </fieldset>
  );
}
