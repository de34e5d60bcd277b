import { LogOut, Settings, ShieldCheck } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useNavigate } from 'react-router';
import type { Me } from '#contracts/auth';
import { Avatar, initialsOf } from '#web/components/avatar';
import { useChooseRole } from '../hooks/use-choose-role';

const itemClasses =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-[var(--radius-control)] px-3 text-sm text-text outline-none select-none data-[highlighted]:bg-surface-sunken data-[disabled]:opacity-60';

const ROLE_LABEL = { client: 'Client', coach: 'Coach' } as const;

/**
 * The person in the header: initials avatar opening a menu with who they are, the role switch
 * (when they hold both roles), administration (active admins), settings and Sign out.
 */
export function AccountMenu({ me, onSignOut }: { me: Me; onSignOut: () => void }) {
  const navigate = useNavigate();
  const { choose, isPending } = useChooseRole({ onFailure: 'stay' });
  const name = me.full_name ?? me.email ?? 'Your account';
  const holdsBoth = me.roles.includes('client') && me.roles.includes('coach');
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        // The name starts with the initials the button shows (WCAG 2.5.3: the visible label is part of the name).
        aria-label={`${initialsOf(me.full_name, me.email)}: Account menu for ${name}`}
        className="inline-flex min-h-11 items-center gap-2 rounded-full p-1 hover:bg-surface-sunken data-[state=open]:bg-surface-sunken"
      >
        <Avatar name={me.full_name} email={me.email} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-72 rounded-[var(--radius-card)] border border-border bg-surface-raised p-2 text-text shadow-soft"
        >
          <div className="flex items-center gap-3 px-3 py-2">
            <Avatar name={me.full_name} email={me.email} className="size-10 text-sm" />
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold">{name}</p>
              {me.email && me.full_name ? (
                <p className="truncate text-xs text-text-muted">{me.email}</p>
              ) : null}
              {me.active_role ? (
                <p className="text-xs text-text-muted">Using Wellspring as a {me.active_role}</p>
              ) : null}
            </div>
          </div>
          {holdsBoth ? (
            <>
              <DropdownMenu.Separator className="my-1 h-px bg-border" />
              <DropdownMenu.Label className="px-3 pt-1 pb-1 text-xs font-medium text-text-muted">
                Use Wellspring as
              </DropdownMenu.Label>
              <DropdownMenu.RadioGroup
                value={me.active_role ?? ''}
                onValueChange={(value) => {
                  if ((value === 'client' || value === 'coach') && value !== me.active_role) choose(value);
                }}
              >
                {(['client', 'coach'] as const).map((role) => (
                  <DropdownMenu.RadioItem
                    key={role}
                    value={role}
                    disabled={isPending}
                    className={itemClasses}
                  >
                    <span
                      aria-hidden="true"
                      className="inline-flex size-4 items-center justify-center rounded-full border border-border"
                    >
                      <DropdownMenu.ItemIndicator className="size-2 rounded-full bg-primary" />
                    </span>
                    {ROLE_LABEL[role]}
                  </DropdownMenu.RadioItem>
                ))}
              </DropdownMenu.RadioGroup>
            </>
          ) : null}
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          {me.admin?.is_active ? (
            <DropdownMenu.Item className={itemClasses} onSelect={() => void navigate('/admin')}>
              <ShieldCheck aria-hidden="true" className="size-4 text-text-muted" />
              Administration
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Item className={itemClasses} onSelect={() => void navigate('/settings')}>
            <Settings aria-hidden="true" className="size-4 text-text-muted" />
            Settings
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClasses} onSelect={onSignOut}>
            <LogOut aria-hidden="true" className="size-4 text-text-muted" />
            Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
