import { UserRound } from 'lucide-react';
import type { DemoAccount } from '../api/auth-settings';

/**
 * The demo's seeded accounts under the sign-in form (only when the server runs the seeded embedded
 * demo): one click fills the address and password, the person still presses Sign in.
 */
export function DemoAccounts({
  accounts,
  onPick,
}: {
  accounts: DemoAccount[];
  onPick: (account: DemoAccount) => void;
}) {
  return (
    <section aria-labelledby="demo-accounts-heading" className="mt-6 border-t border-border pt-5">
      <h2 id="demo-accounts-heading" className="text-sm font-semibold">
        Demo accounts
      </h2>
      <p className="mt-1 text-sm text-text-muted">Pick one to fill the form, then sign in.</p>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2">
        {accounts.map((account) => (
          <li key={account.email}>
            <button
              type="button"
              onClick={() => onPick(account)}
              className="flex min-h-11 w-full items-center gap-2 rounded-[var(--radius-card)] border border-border px-3 py-2 text-left text-sm hover:bg-surface-sunken focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
            >
              <UserRound aria-hidden="true" className="size-4 shrink-0 text-text-muted" />
              <span className="min-w-0">
                <span className="sr-only">Fill in </span>
                <span className="block font-medium">{account.label}</span>
                <span className="block truncate text-xs text-text-muted">{account.email}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
