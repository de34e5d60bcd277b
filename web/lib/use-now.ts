import { useEffect, useState } from 'react';

/**
 * The time, re-read every `everyMs` while `running`: timers, "time left" and relative times ("5 min ago")
 * update in place.
 */
export function useNow(everyMs: number, running = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const handle = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(handle);
  }, [everyMs, running]);
  return now;
}
