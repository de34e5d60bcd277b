import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import {
  SESSION_EXTENSION_EVENTS,
  sessionExtensionEventPayloadSchema,
  type SessionExtension,
} from '#contracts/session-extensions';
import { onUserEvent, onUserResync } from '#web/lib/realtime/user-events';
import { sessionExtensionsQueryKey, storeExtension } from '../api/session-extensions';

/**
 * The session's asks for more time, live: SESSION_EXTENSION_EVENTS on the person's own topic update
 * the cached list (and the wallet, whose held money changed) and are handed to `onChange` (for the
 * outcome toasts); a resync refetches the list.
 */
export function useExtensionEvents(
  sessionId: string,
  userId: string,
  onChange: (extension: SessionExtension) => void,
) {
  const queryClient = useQueryClient();
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => {
    const handle = (payload: Record<string, unknown>) => {
      const parsed = sessionExtensionEventPayloadSchema.safeParse(payload);
      if (!parsed.success) {
        console.error('A session extension event did not match the contract', parsed.error);
        return;
      }
      const { extension } = parsed.data;
      if (extension.session_id !== sessionId) return;
      storeExtension(queryClient, extension);
      void queryClient.invalidateQueries({ queryKey: ['wallet', userId] });
      latest.current(extension);
    };
    const offs = [
      onUserEvent(SESSION_EXTENSION_EVENTS.created, (event) => handle(event.payload)),
      onUserEvent(SESSION_EXTENSION_EVENTS.updated, (event) => handle(event.payload)),
      onUserResync(
        () => void queryClient.invalidateQueries({ queryKey: sessionExtensionsQueryKey(sessionId) }),
      ),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [queryClient, sessionId, userId]);
}
