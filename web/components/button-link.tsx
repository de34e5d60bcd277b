import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from './button';

/** A link that looks like a button of `variant`, with an optional icon before its label. */
export function ButtonLink({
  to,
  variant = 'primary',
  icon: Icon,
  children,
}: {
  to: string;
  variant?: Parameters<typeof buttonClasses>[0];
  icon?: LucideIcon;
  children: ReactNode;
}) {
  return (
    <Link to={to} className={buttonClasses(variant)}>
      {Icon ? <Icon aria-hidden="true" className="size-4" /> : null}
      {children}
    </Link>
  );
}
