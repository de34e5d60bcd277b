import { TextField } from '#web/components/text-field';
import { formatCents } from '#web/lib/money';
import { MAX_RATE_CENTS, PRICE_FIELDS } from '../lib/editor-values';
import type { ProfileDraft } from '../hooks/use-profile-draft';
import { EditorSection } from '#web/components/editor-section';

/** Prices: the on-demand rates per 15 minutes, each with its default. */
export function PricesSection({ editor }: { editor: ProfileDraft }) {
  return (
    <EditorSection
      id="prices"
      title="Prices"
      description="Your on-demand rates per 15 minutes. Leave one empty to use the default."
    >
      <div className="grid gap-5 sm:grid-cols-3">
        {PRICE_FIELDS.map(([field, label, fallback]) => (
          <TextField
            key={field}
            label={`${label}, $ per 15 min`}
            inputMode="decimal"
            placeholder={(fallback / 100).toFixed(2)}
            {...editor.textField(field)}
            hint={`Default ${formatCents(fallback)} · at most ${formatCents(MAX_RATE_CENTS)}`}
            className="tabular-nums"
          />
        ))}
      </div>
    </EditorSection>
  );
}
