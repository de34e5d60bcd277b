/** SPEC §4/§9 Inactivity: the prompt at 25 minutes, sign-out at 30. */
export const INACTIVITY = {
  warnAfterMs: 25 * 60_000,
  signOutAfterMs: 30 * 60_000,
  /** Shared by the tabs of this browser: activity in any of them counts. */
  storageKey: 'wellspring-last-activity',
} as const;

export type InactivityPhase = 'active' | 'warning' | 'expired';

/** Where someone stands `now`, given their last activity, and when that changes next. */
export function inactivityPhase(
  lastActivity: number,
  now: number,
): { phase: InactivityPhase; nextChangeInMs: number } {
  const idle = Math.max(0, now - lastActivity);
  if (idle >= INACTIVITY.signOutAfterMs) return { phase: 'expired', nextChangeInMs: 0 };
  if (idle >= INACTIVITY.warnAfterMs)
    return { phase: 'warning', nextChangeInMs: INACTIVITY.signOutAfterMs - idle };
  return { phase: 'active', nextChangeInMs: INACTIVITY.warnAfterMs - idle };
}

export function readSharedActivity(): number {
  try {
    const value = Number(window.localStorage.getItem(INACTIVITY.storageKey));
    return Number.isFinite(value) ? value : 0;
  } catch {
    return 0;
  }
}

export function writeSharedActivity(at: number) {
  try {
    window.localStorage.setItem(INACTIVITY.storageKey, String(at));
  } catch {
    // Storage can be full or blocked; this tab still keeps its own time.
  }
}

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'scroll', 'touchstart', 'wheel'] as const;
/** Writing the shared time on every mouse move would flood the other tabs with storage events. */
const WRITE_INTERVAL_MS = 1_000;

/**
 * Watches for activity (pointer, keys, scroll, touch, focus) in this tab and, through localStorage,
 * in the other tabs of this browser; reports the phase and calls `onTimeout` once at 30 minutes.
 * Plain setTimeout and Date.now, so a test clock (vitest, Playwright's page.clock) drives it.
 * While the prompt is open only "Stay signed in" (or activity in another tab) counts: a mouse
 * passing over the page should not silently answer a question the person has not read.
 */
export function watchInactivity({
  onPhase,
  onTimeout,
}: {
  onPhase: (phase: 'active' | 'warning') => void;
  onTimeout: () => void;
}) {
  let last = 0;
  let lastWritten = 0;
  let warning = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function evaluate() {
    clearTimeout(timer);
    if (stopped) return;
    last = Math.max(last, readSharedActivity());
    const { phase, nextChangeInMs } = inactivityPhase(last, Date.now());
    if (phase === 'expired') {
      stop();
      onTimeout();
      return;
    }
    if (warning !== (phase === 'warning')) {
      warning = phase === 'warning';
      onPhase(phase);
    }
    timer = setTimeout(evaluate, nextChangeInMs);
  }

  function record(force: boolean) {
    const now = Date.now();
    last = Math.max(last, now);
    if (force || now - lastWritten >= WRITE_INTERVAL_MS) {
      lastWritten = now;
      writeSharedActivity(now);
    }
  }

  const onActivity = () => {
    if (!warning) record(false);
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === INACTIVITY.storageKey) evaluate();
  };
  // Timers run late in a sleeping laptop or a background tab: look again when the tab is back.
  const onVisibility = () => {
    if (document.visibilityState === 'visible') evaluate();
  };

  function stop() {
    if (stopped) return;
    stopped = true;
    clearTimeout(timer);
    for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
    window.removeEventListener('focus', onActivity);
    window.removeEventListener('storage', onStorage);
    document.removeEventListener('visibilitychange', onVisibility);
  }

  for (const type of ACTIVITY_EVENTS)
    window.addEventListener(type, onActivity, { capture: true, passive: true });
  window.addEventListener('focus', onActivity);
  window.addEventListener('storage', onStorage);
  document.addEventListener('visibilitychange', onVisibility);
  // Arriving (a page load, a sign-in) is activity.
  record(true);
  evaluate();

  return {
    /** "Stay signed in": counts as activity, closes the prompt. */
    staySignedIn() {
      if (stopped) return;
      record(true);
      evaluate();
    },
    stop,
  };
}
