import type { ReactNode } from 'react';

/**
 * A warning strip under the header (rate limited, live updates paused). The live region stays mounted
 * so what appears in it is announced (politely, once); the strip itself shows only while it has
 * something to say (`children` not null). `className` aligns the row and sets the weight of its text.
 */
export function WarningStrip({
  testId,
  className,
  children,
}: {
  testId: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <div role="status" aria-live="polite">
      {children != null ? (
        <div
          data-testid={testId}
          className={`flex justify-center gap-2 bg-warning-soft px-4 py-2 text-sm text-warning ${className}`}
        >
          {children}
        </div>
      ) : null}
    </div>
  );
}
