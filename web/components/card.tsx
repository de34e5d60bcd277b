import type { HTMLAttributes } from 'react';

/** The card look (DESIGN.md: radius 12, a hairline border, a gentle shadow), for elements that cannot be a Card. */
export const cardClasses = 'rounded-[var(--radius-card)] border border-border bg-surface shadow-soft';

/** The card look with the usual padding. */
export const paddedCardClasses = `${cardClasses} p-5 sm:p-6`;

type CardElement = 'div' | 'section' | 'article' | 'aside' | 'li';

/** A surface that groups one thing: `padded` gives the usual p-5 (p-6 from sm). */
export function Card({
  as: Element = 'div',
  padded = false,
  className = '',
  ...props
}: HTMLAttributes<HTMLElement> & { as?: CardElement; padded?: boolean }) {
  return <Element className={`${padded ? paddedCardClasses : cardClasses} ${className}`.trim()} {...props} />;
}
