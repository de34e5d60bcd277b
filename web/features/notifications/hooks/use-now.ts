import { useEffect, useState } from 'react';

/** The clock, read again every `intervalMs`, so relative times ("5 min ago") move on by themselves. */
export function useNow(intervalMs = 30_000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
