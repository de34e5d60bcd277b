import { useContext, useEffect, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { activeSessionRedirect, ActiveSessionContext, sessionEndingMarks } from './active-session';

const systemNow = () => Date.now();

/**
 * SPEC §2: sends a signed-in person who is a party to a live session to /session/{id} from the
 * home, settings and notifications screens. Mounted once in the signed-in layout.
 */
export function useActiveSessionRedirect({
  enabled = true,
  now = systemNow,
  marks = sessionEndingMarks,
}: {
  enabled?: boolean;
  now?: () => number;
  marks?: { isBeingEnded: (sessionId: string, now: number) => boolean };
} = {}) {
  const source = useContext(ActiveSessionContext);
  const session = useSyncExternalStore(source.subscribe, source.getSnapshot, source.getSnapshot);
  const { pathname } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    if (!enabled) return;
    const target = activeSessionRedirect(pathname, session, now(), marks.isBeingEnded);
    if (target) void navigate(target, { replace: true });
  }, [enabled, pathname, session, now, marks, navigate]);
}
