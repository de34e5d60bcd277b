import { RadioGroup } from 'radix-ui';

/**
 * A segmented control: one choice of a few, as a radio group (arrow keys move and choose, Tab leaves).
 * `label` (or the visible label `labelledBy` points at) names the group; options share the width.
 */
export function Segmented<T extends string>({
  label,
  labelledBy,
  value,
  options,
  onChange,
  size = 'md',
}: {
  label?: string;
  /** The id of a visible label (instead of `label`). */
  labelledBy?: string;
  value: T;
  options: readonly { value: T; label: string; hint?: string }[];
  onChange: (value: T) => void;
  size?: 'md' | 'sm';
}) {
  return (
    <RadioGroup.Root
      aria-label={labelledBy ? undefined : label}
      aria-labelledby={labelledBy}
      value={value}
      onValueChange={(next) => onChange(next as T)}
      orientation="horizontal"
      loop
      className="flex w-full gap-1 rounded-[var(--radius-control)] bg-surface-sunken p-1"
    >
      {options.map((option) => (
        <RadioGroup.Item
          key={option.value}
          value={option.value}
          className={`flex min-h-11 flex-1 flex-col items-center justify-center rounded-[6px] px-2 text-center font-semibold text-text-muted transition-colors hover:text-text data-[state=checked]:bg-surface data-[state=checked]:text-text data-[state=checked]:shadow-soft ${
            size === 'sm' ? 'text-sm' : 'text-sm sm:text-base'
          }`}
        >
          <span>{option.label}</span>
          {option.hint ? (
            <span className="text-xs font-normal text-text-muted tabular-nums">{option.hint}</span>
          ) : null}
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
