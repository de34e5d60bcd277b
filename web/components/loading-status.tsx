import type { ReactNode } from 'react';
import { Spinner } from './spinner';

/** A spinner and a few words while a screen or panel loads (role=status). `className` sets the spacing. */
export function LoadingStatus({
  children = 'Loading...',
  className = 'py-16',
}: {
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div role="status" className={`flex items-center justify-center gap-3 text-text-muted ${className}`}>
      <Spinner className="size-6 border-[3px]" />
      {children}
    </div>
  );
}
