import { createContext } from 'react';

/**
 * SPEC §2 active-session redirect, the data side. The sessions capability will provide the
 * person's current live session through ActiveSessionContext; until then the source says "none".
 */
export type ActiveSession = {
  id: string;
  /** When it expires (start time + duration), epoch ms; null when no end is known yet. */
  endsAt: number | null;
  /** A booked session's start, epoch ms: nobody is sent into it before then. */
  startsAt?: number;
};

export type ActiveSessionSource = {
  getSnapshot: () => ActiveSession | null;
  subscribe: (listener: () => void) => () => void;
};

export const NO_ACTIVE_SESSION: ActiveSessionSource = {
  getSnapshot: () => null,
  subscribe: () => () => undefined,
};

export const ActiveSessionContext = createContext<ActiveSessionSource>(NO_ACTIVE_SESSION);

/** A session being ended is marked for up to 10 s so nobody is redirected into it. */
export const SESSION_ENDING_MARK_MS = 10_000;

export function createEndingMarks() {
  const marks = new Map<string, number>();
  return {
    mark(sessionId: string, now = Date.now()) {
      marks.set(sessionId, now);
    },
    isBeingEnded(sessionId: string, now = Date.now()) {
      const markedAt = marks.get(sessionId);
      if (markedAt === undefined) return false;
      if (now - markedAt < SESSION_ENDING_MARK_MS) return true;
      marks.delete(sessionId);
      return false;
    },
    clear(sessionId: string) {
      marks.delete(sessionId);
    },
  };
}

/** The marks the whole app shares: whoever ends a session marks it here first. */
export const sessionEndingMarks = createEndingMarks();

const REDIRECT_FROM = ['/portal', '/client-portal', '/settings', '/notifications'];
const NEVER_FROM = ['/session', '/chat', '/auth', '/admin'];

const under = (prefix: string, pathname: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/**
 * Where a signed-in person on `pathname` must go because of their live session, or null. Applies
 * on /, /portal, /client-portal, /settings, /notifications and their sub-paths; never on session,
 * chat, sign-in or admin paths; never into an expired session, one being ended, or a booked one
 * before its start (its parties join it themselves).
 */
export function activeSessionRedirect(
  pathname: string,
  session: ActiveSession | null,
  now: number,
  isBeingEnded: (sessionId: string, now: number) => boolean,
): string | null {
  if (!session) return null;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (NEVER_FROM.some((prefix) => under(prefix, path))) return null;
  if (path !== '/' && !REDIRECT_FROM.some((prefix) => under(prefix, path))) return null;
  if (session.endsAt !== null && session.endsAt <= now) return null;
  if (session.startsAt !== undefined && session.startsAt > now) return null;
  if (isBeingEnded(session.id, now)) return null;
  return `/session/${encodeURIComponent(session.id)}`;
}
