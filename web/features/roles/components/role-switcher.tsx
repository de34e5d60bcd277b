import { ToggleGroup } from 'radix-ui';
import type { Role } from '#domain/auth/roles';
import { useChooseRole } from '../hooks/use-choose-role';

const LABELS: Record<Role, string> = { client: 'Client', coach: 'Coach' };

/** For a person holding both roles: which one they are using now. Switching goes to that role's home. */
export function RoleSwitcher({ activeRole }: { activeRole: Role | null }) {
  const { choose, isPending } = useChooseRole({ onFailure: 'stay' });
  return (
    <ToggleGroup.Root
      type="single"
      value={activeRole ?? ''}
      onValueChange={(value) => {
        if ((value === 'client' || value === 'coach') && value !== activeRole) choose(value);
      }}
      disabled={isPending}
      aria-label="Use Wellspring as"
      className="inline-flex rounded-[var(--radius-control)] border border-border bg-surface p-0.5"
    >
      {(['client', 'coach'] as const).map((role) => (
        <ToggleGroup.Item
          key={role}
          value={role}
          className="inline-flex min-h-10 items-center justify-center rounded-[6px] px-3 text-sm font-medium text-text-muted hover:text-text disabled:opacity-60 data-[state=on]:bg-primary-soft data-[state=on]:text-primary"
        >
          {LABELS[role]}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
