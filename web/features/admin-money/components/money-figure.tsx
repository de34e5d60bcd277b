import type { ReactNode } from 'react';

const WEIGHTS = { normal: '', medium: 'font-medium ', semibold: 'font-semibold ' } as const;

/** One figure of a payment's or a format's breakdown: its name, muted, over the amount (inside a `<dl>`). */
export function MoneyFigure({
  term,
  weight = 'normal',
  children,
}: {
  term: string;
  weight?: keyof typeof WEIGHTS;
  children: ReactNode;
}) {
  return (
    <div>
      <dt className="text-text-muted">{term}</dt>
      <dd className={`${WEIGHTS[weight]}tabular-nums`}>{children}</dd>
    </div>
  );
}
