/** Toggle chips (categories, interests): buttons with aria-pressed, at most `limit` chosen. */
export function ChipPicker({
  label,
  options,
  selected,
  onChange,
  limit,
}: {
  label: string;
  options: readonly { value: string; label: string }[];
  selected: readonly string[];
  onChange: (next: string[]) => void;
  limit?: number;
}) {
  const full = limit !== undefined && selected.length >= limit;
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      {options.map((option) => {
        const on = selected.includes(option.value);
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={on}
            disabled={!on && full}
            onClick={() =>
              onChange(on ? selected.filter((value) => value !== option.value) : [...selected, option.value])
            }
            className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-50 ${
              on
                ? 'border-primary bg-primary text-primary-foreground'
                : 'border-border bg-surface text-text hover:bg-surface-sunken'
            }`}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
