import { Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from './button';

/**
 * The "Not enough in your wallet" alert: what is missing (`children`, a paragraph) and the link to
 * /wallet (`linkLabel`). `wide`: from the sm breakpoint on, the link stands beside the text.
 */
export function NotEnoughInWallet({
  linkLabel,
  wide = false,
  to = '/wallet',
  children,
}: {
  linkLabel: string;
  wide?: boolean;
  /** The wallet link (with `?return=` to bring the person back after topping up). */
  to?: string;
  children: ReactNode;
}) {
  return (
    <div
      role="alert"
      className={`flex flex-col gap-3 rounded-[var(--radius-control)] border border-warning/40 bg-warning-soft px-4 py-3${
        wide ? ' sm:flex-row sm:items-center sm:justify-between' : ''
      }`}
    >
      <div className="text-sm">
        <p className="font-semibold text-text">Not enough in your wallet</p>
        {children}
      </div>
      <Link to={to} className={buttonClasses('secondary', wide ? 'shrink-0' : 'self-start')}>
        <Wallet aria-hidden="true" className="size-4" />
        {linkLabel}
      </Link>
    </div>
  );
}
