import { useCallback, useEffect, useRef, useState } from 'react';
import { watchInactivity } from '../lib/inactivity';

/** The inactivity watcher while `enabled` (signed in): whether to show the prompt, and "Stay signed in". */
export function useInactivity({ enabled, onTimeout }: { enabled: boolean; onTimeout: () => void }) {
  const [isWarning, setIsWarning] = useState(false);
  const watcher = useRef<ReturnType<typeof watchInactivity> | null>(null);
  const onTimeoutRef = useRef(onTimeout);
  useEffect(() => {
    onTimeoutRef.current = onTimeout;
  }, [onTimeout]);

  useEffect(() => {
    if (!enabled) return;
    const current = watchInactivity({
      onPhase: (phase) => setIsWarning(phase === 'warning'),
      onTimeout: () => {
        setIsWarning(false);
        onTimeoutRef.current();
      },
    });
    watcher.current = current;
    return () => {
      current.stop();
      watcher.current = null;
      setIsWarning(false);
    };
  }, [enabled]);

  const staySignedIn = useCallback(() => watcher.current?.staySignedIn(), []);
  return { isWarning: enabled && isWarning, staySignedIn };
}
