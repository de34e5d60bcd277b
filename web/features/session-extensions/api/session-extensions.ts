import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { SessionExtension, SessionExtensionsResponse } from '#contracts/session-extensions';
import { sessionExtensionsApi } from '#contracts/session-extensions.api';
import { api } from '#web/lib/api';

/**
 * More minutes in a live session (contracts/session-extensions.ts): the session's
 * asks and prices, the client's ask (money held, so it carries an Idempotency-Key), the answers.
 */

export const sessionExtensionsQueryKey = (sessionId: string) => ['session-extensions', sessionId] as const;

/** GET /api/sessions/:id/extensions: the pending ask, the history and the current prices. */
export const sessionExtensionsQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: sessionExtensionsQueryKey(sessionId),
    queryFn: ({ signal }) => api(sessionExtensionsApi.list, { params: { id: sessionId } }, { signal }),
    staleTime: 0,
  });

/** GET /api/wallet, the wallet screen's own query, so a top-up there shows here too. */
export { walletQueryOptions } from '#web/lib/queries/wallet';

/** Money-moving POSTs carry an Idempotency-Key made once per attempt and reused only to retry it. */
export { newIdempotencyKey } from '#web/lib/api';

/** POST /api/sessions/:id/extensions (the client): 15 or 30 more minutes, the price held. */
export const askForMoreTime = (sessionId: string, minutes: number, idempotencyKey: string) =>
  api(sessionExtensionsApi.create, { params: { id: sessionId }, body: { minutes } }, { idempotencyKey });

/** POST /api/session-extensions/:id/accept (the coach): the ask and the longer session. */
export const acceptMoreTime = (id: string) => api(sessionExtensionsApi.accept, { params: { id } });

/** POST /api/session-extensions/:id/decline (the coach) or /cancel (the client): the hold released. */
export const leaveMoreTime = (id: string, action: 'decline' | 'cancel') =>
  api(sessionExtensionsApi[action], { params: { id } });

/** Puts an ask the server just answered (or an event carried) into the session's cached list. */
export function storeExtension(queryClient: QueryClient, extension: SessionExtension) {
  queryClient.setQueryData<SessionExtensionsResponse>(
    sessionExtensionsQueryKey(extension.session_id),
    (current) => {
      if (!current) return current;
      const others = current.extensions.filter((item) => item.id !== extension.id);
      const extensions = [extension, ...others].sort((a, b) => b.created_at.localeCompare(a.created_at));
      const pending =
        extension.status === 'pending'
          ? extension
          : current.pending?.id === extension.id
            ? null
            : current.pending;
      return { ...current, extensions, pending };
    },
  );
}
