import { useState } from 'react';
import { SESSION_FORMATS } from '#domain/coaching/categories';
import { Button } from '#web/components/button';
import { SelectField } from '#web/components/field';
import { Switch } from '#web/components/switch';
import { inputClasses } from '#web/components/text-field';
import { RATING_CHOICES, type DiscoverState } from '../lib/discover-params';
import { FORMAT_NOUNS } from '#domain/coaching/format-labels';

export function FiltersPanel({
  state,
  onChange,
}: {
  state: DiscoverState;
  onChange: (changes: Partial<DiscoverState>) => void;
}) {
  const [min, setMin] = useState(state.minDollars?.toString() ?? '');
  const [max, setMax] = useState(state.maxDollars?.toString() ?? '');
  // The URL changed (back/forward, clear filters): the fields follow it.
  const [seen, setSeen] = useState([state.minDollars, state.maxDollars]);
  if (seen[0] !== state.minDollars || seen[1] !== state.maxDollars) {
    setSeen([state.minDollars, state.maxDollars]);
    setMin(state.minDollars?.toString() ?? '');
    setMax(state.maxDollars?.toString() ?? '');
  }
  const toDollars = (text: string) => {
    const parsed = Number.parseInt(text, 10);
    return text.trim() === '' || !Number.isFinite(parsed) || parsed < 0 ? null : parsed;
  };
  const applyPrices = () => {
    const minDollars = toDollars(min);
    const maxDollars = toDollars(max);
    if (minDollars !== state.minDollars || maxDollars !== state.maxDollars)
      onChange({ minDollars, maxDollars });
  };

  return (
    <div className="flex flex-col gap-5">
      <h2 className="text-base font-semibold">Filters</h2>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="discover-format" className="text-sm font-medium">
          Session format
        </label>
        <select
          id="discover-format"
          value={state.format ?? ''}
          aria-describedby="discover-format-hint"
          onChange={(event) => {
            const format = SESSION_FORMATS.find((candidate) => candidate === event.target.value) ?? null;
            onChange({ format });
          }}
          className={inputClasses}
        >
          <option value="">Any format</option>
          {SESSION_FORMATS.map((format) => (
            <option key={format} value={format}>
              {FORMAT_NOUNS[format]}
            </option>
          ))}
        </select>
        <p id="discover-format-hint" className="text-xs text-text-muted">
          Every coach offers all three; this sets which price the range and sort use.
        </p>
      </div>

      <form
        className="flex flex-col gap-1.5"
        onSubmit={(event) => {
          event.preventDefault();
          applyPrices();
        }}
      >
        <fieldset>
          <legend className="text-sm font-medium">Price per 15 minutes</legend>
          <div className="mt-1.5 grid grid-cols-2 gap-2">
            {(
              [
                ['Minimum', 'discover-min', min, setMin],
                ['Maximum', 'discover-max', max, setMax],
              ] as const
            ).map(([label, id, value, set]) => (
              <div key={id}>
                <label htmlFor={id} className="text-xs text-text-muted">
                  {label} ($)
                </label>
                <input
                  id={id}
                  inputMode="numeric"
                  pattern="[0-9]*"
                  value={value}
                  placeholder={label === 'Minimum' ? '0' : 'Any'}
                  onChange={(event) => set(event.target.value.replace(/[^\d]/g, '').slice(0, 6))}
                  onBlur={applyPrices}
                  className={inputClasses}
                />
              </div>
            ))}
          </div>
        </fieldset>
        {/* Enter applies; a visible button for people who do not blur. */}
        <Button type="submit" variant="ghost" className="self-start px-2">
          Apply price
        </Button>
      </form>

      <div className="-my-3">
        <Switch
          label="Online now"
          hint="Coaches ready for a session right away."
          checked={state.online}
          onChange={(online) => onChange({ online })}
        />
      </div>

      <SelectField
        label="Minimum rating"
        value={state.minRating?.toString() ?? ''}
        onChange={(event) => onChange({ minRating: event.target.value ? Number(event.target.value) : null })}
      >
        <option value="">Any rating</option>
        {RATING_CHOICES.map((rating) => (
          <option key={rating} value={rating}>
            {rating}+ stars
          </option>
        ))}
      </SelectField>
    </div>
  );
}
