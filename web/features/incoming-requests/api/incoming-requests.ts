import { sessionRequestsApi } from '#contracts/session-requests.api';
import type { SessionRequest } from '#contracts/sessions';
import { api } from '#web/lib/api';

/** The newest pending instant request (the safety net behind the ring), or null. */
export async function fetchPendingRequest(signal?: AbortSignal): Promise<SessionRequest | null> {
  const answer = await api(sessionRequestsApi.pending, {}, { signal });
  return answer.request;
}

/** A party's view of one request. */
export const fetchRequest = (id: string): Promise<SessionRequest> =>
  api(sessionRequestsApi.get, { params: { id } });

/** The request accepted and its chat session. */
export const acceptRequest = (id: string) => api(sessionRequestsApi.accept, { params: { id } });

export const declineRequest = (id: string) =>
  api(sessionRequestsApi.decline, { params: { id } }).then(() => undefined);

/** The coach's note after a decline, cancel or expiry (SPEC §5). */
export const sendCoachMessage = (id: string, message: string) =>
  api(sessionRequestsApi.message, { params: { id }, body: { message } }).then(() => undefined);
