import type { ComponentProps, ReactNode } from 'react';

/**
 * One choice of a radio group drawn as a card: the radio, then `children` (its name and a line under
 * it). The card is marked while its radio is checked and dimmed while it is disabled.
 */
export function RadioCard({
  children,
  ...input
}: Omit<ComponentProps<'input'>, 'type' | 'className' | 'children'> & { children: ReactNode }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-[var(--radius-control)] border border-border px-3 py-2 has-[:checked]:border-primary has-[:checked]:bg-primary-soft has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60">
      <input type="radio" {...input} className="size-4 accent-[var(--primary)]" />
      {children}
    </label>
  );
}
