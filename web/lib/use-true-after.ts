import { useEffect, useState } from 'react';

/**
 * True once `active` has held for `delayMs` without a break, false as soon as it stops (the next time
 * waits its full delay again). For what should show only when something lasts: a paused live connection,
 * a slow navigation.
 */
export function useTrueAfter(active: boolean, delayMs: number): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setElapsed(true), delayMs);
    return () => {
      clearTimeout(timer);
      setElapsed(false);
    };
  }, [active, delayMs]);
  return active && elapsed;
}
