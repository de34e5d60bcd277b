import { formatCents } from '#web/lib/money';

/**
 * One-tap amounts as a group of toggle buttons (aria-pressed), named "Amount": `chosen` is the pressed
 * one (null while a typed amount is used), `onPick` chooses another.
 */
export function AmountPresets({
  amounts,
  chosen,
  onPick,
}: {
  amounts: readonly number[];
  chosen: number | null;
  onPick: (cents: number) => void;
}) {
  return (
    <div role="group" aria-label="Amount" className="flex flex-wrap gap-2">
      {amounts.map((amount) => {
        const on = chosen === amount;
        return (
          <button
            key={amount}
            type="button"
            aria-pressed={on}
            onClick={() => onPick(amount)}
            className={`inline-flex min-h-11 min-w-20 items-center justify-center rounded-full border px-4 text-sm font-semibold tabular-nums transition-colors ${
              on
                ? 'border-primary bg-primary text-primary-foreground'
                : 'border-border bg-surface text-text hover:bg-surface-sunken'
            }`}
          >
            {formatCents(amount)}
          </button>
        );
      })}
    </div>
  );
}
