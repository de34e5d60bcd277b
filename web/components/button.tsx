import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './spinner';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-primary text-primary-foreground hover:bg-primary-hover shadow-soft',
  secondary: 'border border-border bg-surface text-text hover:bg-surface-sunken',
  ghost: 'text-text hover:bg-surface-sunken',
  /** An action that destroys or cuts off (delete, block, reject): said in the danger colour. */
  danger: 'bg-danger text-background hover:bg-danger/90 shadow-soft',
};

export const buttonClasses = (variant: Variant = 'primary', className = '') =>
  `inline-flex min-h-11 items-center justify-center gap-2 rounded-[var(--radius-control)] px-4 py-2 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${VARIANTS[variant]} ${className}`;

/** `busy`: the work it started is running: a small spinner before the label, and disabled meanwhile. */
export function Button({
  variant = 'primary',
  className,
  type = 'button',
  busy,
  disabled,
  children,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; busy?: boolean }) {
  return (
    <button
      type={type}
      className={buttonClasses(variant, className)}
      disabled={busy === undefined ? disabled : busy || disabled}
      {...props}
    >
      {busy ? <Spinner className="size-4 border-2" /> : null}
      {children}
    </button>
  );
}
