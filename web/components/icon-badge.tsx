import type { LucideIcon } from 'lucide-react';

const TONES = {
  primary: 'bg-primary-soft text-primary',
  muted: 'bg-surface-sunken text-text-muted',
  warning: 'bg-warning-soft text-warning',
} as const;

/**
 * An icon in a tinted circle: the mark above a message, a state page or a link card. The icon is
 * decoration (aria-hidden); `className` sizes the circle (and may add margins), `iconClassName` the icon.
 */
export function IconBadge({
  icon: Icon,
  tone = 'primary',
  className = 'size-12',
  iconClassName = 'size-6',
}: {
  icon: LucideIcon;
  tone?: keyof typeof TONES;
  className?: string;
  iconClassName?: string;
}) {
  return (
    <span className={`inline-flex items-center justify-center rounded-full ${TONES[tone]} ${className}`}>
      <Icon aria-hidden="true" className={iconClassName} />
    </span>
  );
}
