import { useEffect, useRef } from 'react';
import type { ChatSession } from '#contracts/sessions';
import { SESSION_WARNING_MINUTES } from '#contracts/session-room';
import { useToast } from '#web/components/toast';
import { localTimeZone } from '#web/lib/dates';
import { formatTime } from '#web/lib/date-times';

/** Toasts at 5 and 1 minutes left (once each per session and page). */
export function useTimeWarnings(session: ChatSession, left: number) {
  const { toast } = useToast();
  const warned = useRef(new Set<number>());
  useEffect(() => {
    for (const minutes of SESSION_WARNING_MINUTES) {
      if (left > minutes * 60_000 || left <= 0 || warned.current.has(minutes)) continue;
      // Opening the page with 3 minutes left warns once, for the nearest mark only.
      for (const mark of SESSION_WARNING_MINUTES) if (mark >= minutes) warned.current.add(mark);
      const ends = formatTime(session.ends_at, localTimeZone());
      toast({
        title: minutes === 1 ? '1 minute left' : `${minutes} minutes left`,
        description: `The session ends at ${ends}.`,
      });
    }
  }, [left, session.ends_at, toast]);
}
